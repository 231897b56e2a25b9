// The IR's helpers: type sizes and names, TFLite operator names, element counts, alias chains,
// and the debug listing's handling of hostile names.
#include <gtest/gtest.h>

#include "codegen/ir/dump.hpp"
#include "codegen/ir/graph.hpp"
#include "plan_test_graphs.hpp"

namespace aotbench::codegen {
namespace {

TEST(IrTypes, SizesAndNames) {
  EXPECT_EQ(dtype_size(DType::Int8), 1u);
  EXPECT_EQ(dtype_size(DType::UInt8), 1u);
  EXPECT_EQ(dtype_size(DType::Int16), 2u);
  EXPECT_EQ(dtype_size(DType::Int32), 4u);
  EXPECT_EQ(dtype_size(DType::Float32), 4u);
  EXPECT_EQ(dtype_size(DType::Int64), 8u);
  EXPECT_STREQ(dtype_name(DType::Float32), "float32");
  EXPECT_STREQ(dtype_name(DType::Int8), "int8");
}

TEST(IrOps, TfliteBuiltinNames) {
  EXPECT_STREQ(op_name(OpType::Conv2D), "CONV_2D");
  EXPECT_STREQ(op_name(OpType::DepthwiseConv2D), "DEPTHWISE_CONV_2D");
  EXPECT_STREQ(op_name(OpType::FullyConnected), "FULLY_CONNECTED");
  EXPECT_STREQ(op_name(OpType::AveragePool2D), "AVERAGE_POOL_2D");
  EXPECT_STREQ(op_name(OpType::MaxPool2D), "MAX_POOL_2D");
  EXPECT_STREQ(op_name(OpType::Concatenation), "CONCATENATION");
  EXPECT_STREQ(op_name(OpType::Dequantize), "DEQUANTIZE");
  EXPECT_STREQ(activation_name(Activation::Relu6), "RELU6");
  EXPECT_STREQ(activation_name(Activation::ReluN1To1), "RELU_N1_TO_1");
  EXPECT_STREQ(padding_name(Padding::Same), "SAME");
}

TEST(IrTensor, ElementsAndBytes) {
  Tensor t;
  t.type = DType::Int32;
  t.shape = {2, 3, 4};
  EXPECT_EQ(t.num_elements(), 24);
  EXPECT_EQ(t.num_bytes(), 96);
  t.shape = {};  // a scalar
  EXPECT_EQ(t.num_elements(), 1);
  EXPECT_FALSE(t.is_constant());
}

TEST(IrAlias, RootFollowsTheChain) {
  Graph g;
  for (int i = 0; i < 3; ++i) test::add_activation(g, 8, "t");
  g.tensors[2].alias_of = 1;
  g.tensors[1].alias_of = 0;
  EXPECT_EQ(alias_root(g, 2), 0);
  EXPECT_EQ(alias_root(g, 0), 0);
}

TEST(IrDump, EscapesAndShortensModelNames) {
  EXPECT_EQ(printable_name("conv/relu"), "conv/relu");
  EXPECT_EQ(printable_name("a\nb'c\x01"), "a\\x0ab\\x27c\\x01");
  EXPECT_EQ(printable_name(std::string(100, 'x'), 10), "xxxxxxxxxx...");
  auto x = test::chain();
  std::string text = dump_graph(x.g);
  EXPECT_NE(text.find("[2] RESHAPE"), std::string::npos) << text;
  EXPECT_NE(text.find("#4 'D' int8[1x50]"), std::string::npos) << text;
}

}  // namespace
}  // namespace aotbench::codegen
