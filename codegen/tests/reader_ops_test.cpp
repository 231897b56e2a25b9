// Each supported operator in a one-operator model: accepted with its options read, and rejected
// when its shapes or parameters are ones the int8 kernels cannot compute. Covers the operators
// and option forms the shared models do not use (MAX_POOL_2D, CONCATENATION, dilation, depth
// multipliers, int64 paddings, broadcasting ADD, int8->uint8 QUANTIZE).
#include <gtest/gtest.h>

#include "reader/reader.hpp"
#include "reader_model_builder.hpp"

namespace aotbench::codegen {
namespace {

using namespace test;
using TT = tfl::TensorType;
using BO = tfl::BuiltinOperator;

Graph read(const tfl::ModelT& m) { return read_tflite_buffer(pack(m), "op.tflite"); }

std::string error_of(const tfl::ModelT& m) {
  try {
    read(m);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_ERROR(model, needle)                                       \
  do {                                                                    \
    std::string msg = error_of(model);                                    \
    EXPECT_NE(msg.find(needle), std::string::npos) << "message: " << msg; \
  } while (0)

Spec act(std::vector<int32_t> shape) { return Spec{TT::INT8, std::move(shape)}; }
Spec i32(std::initializer_list<int32_t> v, std::vector<int32_t> shape) {
  return Spec{TT::INT32, std::move(shape), 0, 0, le_bytes(v)};
}
Spec weights(std::vector<int32_t> shape, int channels, int axis) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return Spec{TT::INT8, shape, 0.1f, 0, std::vector<uint8_t>(n, 1), axis, channels};
}

tfl::Pool2DOptionsT pool(int f, int s, tfl::Padding p) {
  tfl::Pool2DOptionsT o;
  o.filter_width = o.filter_height = f;
  o.stride_w = o.stride_h = s;
  o.padding = p;
  return o;
}

TEST(ReaderOps, MaxPool) {
  auto m = one_op_model(BO::MAX_POOL_2D, {act({1, 4, 4, 2})}, act({1, 2, 2, 2}),
                        pool(2, 2, tfl::Padding::VALID));
  Graph g = read(m);
  ASSERT_EQ(g.ops[0].type, OpType::MaxPool2D);
  EXPECT_EQ(std::get<Pool2DOptions>(g.ops[0].options).filter_w, 2);
  EXPECT_ERROR(one_op_model(BO::MAX_POOL_2D, {act({1, 4, 4, 2})}, act({1, 2, 2, 2}),
                            pool(2, 1, tfl::Padding::SAME)),
               "computes [1x4x4x2]");
  EXPECT_ERROR(one_op_model(BO::MAX_POOL_2D, {act({1, 4, 4, 2})}, act({1, 1, 1, 2}),
                            pool(5, 1, tfl::Padding::VALID)),
               "window (5 with dilation 1) does not fit");
}

TEST(ReaderOps, ConcatenationNormalizesANegativeAxis) {
  tfl::ConcatenationOptionsT o;
  o.axis = -1;
  Graph g =
      read(one_op_model(BO::CONCATENATION, {act({1, 2, 3}), act({1, 2, 5})}, act({1, 2, 8}), o));
  EXPECT_EQ(std::get<ConcatenationOptions>(g.ops[0].options).axis, 2);
  EXPECT_ERROR(one_op_model(BO::CONCATENATION, {act({1, 2, 3}), act({1, 3, 5})}, act({1, 2, 8}), o),
               "does not line up");
  EXPECT_ERROR(
      one_op_model(BO::CONCATENATION, {act({1, 2, 3}), act({1, 2, 5})}, act({1, 2, 8}), o, 1),
      "input 1 is missing");
  o.fused_activation_function = tfl::ActivationFunctionType::RELU;
  EXPECT_ERROR(one_op_model(BO::CONCATENATION, {act({1, 2, 3}), act({1, 2, 5})}, act({1, 2, 8}), o),
               "fused activations are not supported");
}

TEST(ReaderOps, ConvWithDilationAndWithoutBias) {
  tfl::Conv2DOptionsT o;
  o.padding = tfl::Padding::VALID;
  o.stride_w = o.stride_h = 1;
  o.dilation_w_factor = o.dilation_h_factor = 2;  // 3x3 kernel covers 5x5
  auto m = one_op_model(BO::CONV_2D,
                        {act({1, 7, 7, 1}), weights({4, 3, 3, 1}, 4, 0), i32({0, 0, 0, 0}, {4})},
                        act({1, 3, 3, 4}), o, /*omit bias*/ 2);
  Graph g = read(m);
  EXPECT_EQ(g.ops[0].inputs[2], -1);
  EXPECT_EQ(std::get<Conv2DOptions>(g.ops[0].options).dilation_h, 2);
  m = one_op_model(BO::CONV_2D, {act({1, 7, 7, 2}), weights({4, 3, 3, 1}, 4, 0)}, act({1, 3, 3, 4}),
                   o);
  EXPECT_ERROR(m, "grouped convolution");
  m = one_op_model(BO::CONV_2D, {act({1, 7, 7, 4}), weights({4, 3, 3, 4}, 4, 3)}, act({1, 3, 3, 4}),
                   o);
  EXPECT_ERROR(m, "are quantized along axis 3; expected axis 0");
}

TEST(ReaderOps, DepthwiseMultiplierComesFromTheShapes) {
  tfl::DepthwiseConv2DOptionsT o;
  o.padding = tfl::Padding::SAME;
  o.stride_w = o.stride_h = 1;
  o.depth_multiplier = 0;  // redundant and sometimes wrong in files; the shapes decide
  Graph g =
      read(one_op_model(BO::DEPTHWISE_CONV_2D,
                        {act({1, 4, 4, 2}), weights({1, 3, 3, 4}, 4, 3), i32({1, 2, 3, 4}, {4})},
                        act({1, 4, 4, 4}), o));
  EXPECT_EQ(std::get<DepthwiseConv2DOptions>(g.ops[0].options).depth_multiplier, 2);
  EXPECT_ERROR(one_op_model(BO::DEPTHWISE_CONV_2D, {act({1, 4, 4, 3}), weights({1, 3, 3, 4}, 4, 3)},
                            act({1, 4, 4, 4}), o),
               "not a multiple of the input's 3");
  EXPECT_ERROR(one_op_model(BO::DEPTHWISE_CONV_2D,
                            {act({1, 4, 4, 2}), weights({1, 3, 3, 4}, 4, 3), i32({1, 2}, {2})},
                            act({1, 4, 4, 4}), o),
               "bias tensor #2 'in2' has 2 elements; expected 4");
}

TEST(ReaderOps, PadWithInt64Paddings) {
  Spec pads{TT::INT64, {4, 2}, 0, 0, le_bytes<int64_t>({0, 0, 1, 1, 2, 2, 0, 0})};
  Graph g =
      read(one_op_model(BO::PAD, {act({1, 2, 2, 1}), pads}, act({1, 4, 6, 1}), tfl::PadOptionsT{}));
  EXPECT_EQ(g.ops[0].type, OpType::Pad);
  Spec other = act({1, 4, 6, 1});
  other.zero_point = 3;
  EXPECT_ERROR(one_op_model(BO::PAD, {act({1, 2, 2, 1}), pads}, other, tfl::PadOptionsT{}),
               "input and output quantization differ");
  Spec negative{TT::INT32, {4, 2}, 0, 0, le_bytes<int32_t>({0, 0, -1, 1, 2, 2, 0, 0})};
  EXPECT_ERROR(
      one_op_model(BO::PAD, {act({1, 2, 2, 1}), negative}, act({1, 3, 6, 1}), tfl::PadOptionsT{}),
      "padding -1,1 of dimension 1 is out of range");
}

TEST(ReaderOps, TransposeNeedsAPermutation) {
  Graph g = read(one_op_model(BO::TRANSPOSE, {act({1, 2, 3, 4}), i32({0, 3, 1, 2}, {4})},
                              act({1, 4, 2, 3}), tfl::TransposeOptionsT{}));
  EXPECT_EQ(g.ops[0].type, OpType::Transpose);
  EXPECT_ERROR(one_op_model(BO::TRANSPOSE, {act({1, 2, 3, 4}), i32({0, 0, 1, 2}, {4})},
                            act({1, 1, 2, 3}), tfl::TransposeOptionsT{}),
               "is not a permutation of 0..3");
}

TEST(ReaderOps, MeanKeepsOrDropsReducedAxes) {
  tfl::ReducerOptionsT keep;
  keep.keep_dims = true;
  Graph g =
      read(one_op_model(BO::MEAN, {act({1, 4, 4, 8}), i32({1, -2}, {2})}, act({1, 1, 1, 8}), keep));
  EXPECT_TRUE(std::get<ReducerOptions>(g.ops[0].options).keep_dims);
  EXPECT_ERROR(one_op_model(BO::MEAN, {act({1, 4, 4, 8}), i32({1, 2}, {2})}, act({1, 1, 1, 8}),
                            tfl::ReducerOptionsT{}),
               "computes [1x8]");
  EXPECT_ERROR(one_op_model(BO::MEAN, {act({1, 4, 4, 8}), i32({4}, {1})}, act({1, 4, 4}), keep),
               "axis 4 is outside the input's rank 4");
}

TEST(ReaderOps, AddBroadcasts) {
  tfl::AddOptionsT o;
  o.fused_activation_function = tfl::ActivationFunctionType::RELU6;
  Graph g = read(one_op_model(BO::ADD, {act({1, 4, 4, 8}), act({8})}, act({1, 4, 4, 8}), o));
  EXPECT_EQ(std::get<AddOptions>(g.ops[0].options).activation, Activation::Relu6);
  EXPECT_ERROR(one_op_model(BO::ADD, {act({1, 4, 4, 8}), act({1, 1, 1, 3})}, act({1, 4, 4, 8}), o),
               "do not broadcast");
}

TEST(ReaderOps, QuantizeDirections) {
  Spec u8{TT::UINT8, {1, 8}, 0.5f, 128};
  Graph g = read(one_op_model(BO::QUANTIZE, {act({1, 8})}, u8, tfl::QuantizeOptionsT{}));
  EXPECT_EQ(g.tensors[g.outputs[0]].type, DType::UInt8);
  EXPECT_ERROR(one_op_model(BO::QUANTIZE, {u8}, u8, tfl::QuantizeOptionsT{}),
               "converts uint8 to uint8");
  Spec bad_zp = u8;
  bad_zp.zero_point = 300;
  EXPECT_ERROR(one_op_model(BO::QUANTIZE, {act({1, 8})}, bad_zp, tfl::QuantizeOptionsT{}),
               "zero point 300, outside uint8");
  EXPECT_ERROR(one_op_model(BO::DEQUANTIZE, {act({1, 8})}, act({1, 8}), tfl::DequantizeOptionsT{}),
               "is int8; expected float32");
}

// The output's static shape rules; a shape input computed at run time is never read.
TEST(ReaderOps, ReshapeTakesItsShapeFromTheOutput) {
  Graph g = read(
      one_op_model(BO::RESHAPE, {act({1, 2, 3}), i32({6}, {1})}, act({6}), tfl::ReshapeOptionsT{}));
  EXPECT_EQ(g.ops[0].type, OpType::Reshape);
  Spec dynamic_shape{TT::INT32, {1}, 0, 0};
  EXPECT_EQ(error_of(one_op_model(BO::RESHAPE, {act({1, 2, 3}), dynamic_shape}, act({6}),
                                  tfl::ReshapeOptionsT{})),
            "");
  EXPECT_ERROR(one_op_model(BO::RESHAPE, {act({1, 2, 3})}, act({7}), tfl::ReshapeOptionsT{}),
               "has 6 elements but output");
}

// The 16x8 layers take the bias types TFLite Micro reads: int64 or int32 (CONV_2D,
// FULLY_CONNECTED), int64 only (DEPTHWISE_CONV_2D), int64 or int16 (TRANSPOSE_CONV).
TEST(ReaderOps, SixteenBitLayersTakeTheirBiasTypes) {
  const Spec x16{TT::INT16, {1, 3, 3, 2}}, y16{TT::INT16, {1, 3, 3, 2}};
  auto bias = [](TT type, std::size_t bytes) { return Spec{type, {2}, 0.1f, 0, std::vector<uint8_t>(2 * bytes)}; };
  tfl::Conv2DOptionsT conv;
  conv.stride_w = conv.stride_h = 1;
  for (TT b : {TT::INT64, TT::INT32}) {
    EXPECT_EQ(error_of(one_op_model(BO::CONV_2D, {x16, weights({2, 1, 1, 2}, 2, 0), bias(b, b == TT::INT64 ? 8 : 4)},
                                    y16, conv)),
              "");
  }
  EXPECT_ERROR(one_op_model(BO::CONV_2D, {x16, weights({2, 1, 1, 2}, 2, 0), bias(TT::INT16, 2)}, y16, conv),
               "is int16; CONV_2D takes int64 or int32");
  tfl::DepthwiseConv2DOptionsT dw;
  dw.stride_w = dw.stride_h = dw.depth_multiplier = 1;
  EXPECT_ERROR(one_op_model(BO::DEPTHWISE_CONV_2D, {x16, weights({1, 1, 1, 2}, 2, 3), bias(TT::INT32, 4)}, y16, dw),
               "is int32; DEPTHWISE_CONV_2D takes int64");
  EXPECT_ERROR(one_op_model(BO::CONV_2D, {x16, weights({2, 1, 1, 2}, 2, 0)}, Spec{TT::INT8, {1, 3, 3, 2}}, conv),
               "output tensor #2 'out' is int8; expected int16");
  EXPECT_ERROR(one_op_model(BO::CONV_2D, {Spec{TT::INT16, {1, 3, 3, 2}, 0.5f, 3}, weights({2, 1, 1, 2}, 2, 0)}, y16, conv),
               "zero point 3; 16-bit kernels take symmetric tensors");
  tfl::TransposeConvOptionsT tc;
  tc.stride_w = tc.stride_h = 1;
  const Spec shape = i32({1, 3, 3, 2}, {4});
  EXPECT_EQ(error_of(one_op_model(BO::TRANSPOSE_CONV, {shape, weights({2, 1, 1, 2}, 2, 0), x16, bias(TT::INT16, 2)},
                                  y16, tc)),
            "");
  EXPECT_ERROR(one_op_model(BO::TRANSPOSE_CONV, {shape, weights({2, 1, 1, 2}, 2, 0), x16, bias(TT::INT32, 4)}, y16, tc),
               "is int32; TRANSPOSE_CONV takes int64 or int16");
}

TEST(ReaderOps, TransposeConvOutputShapeMatchesTheOutput) {
  tfl::TransposeConvOptionsT tc;
  tc.stride_w = tc.stride_h = 2;
  const Spec w = weights({2, 3, 3, 1}, 1, 0);
  EXPECT_EQ(error_of(one_op_model(BO::TRANSPOSE_CONV, {i32({1, 6, 6, 2}, {4}), w, act({1, 3, 3, 1})},
                                  act({1, 6, 6, 2}), tc)),
            "");
  EXPECT_ERROR(one_op_model(BO::TRANSPOSE_CONV, {i32({1, 5, 6, 2}, {4}), w, act({1, 3, 3, 1})}, act({1, 6, 6, 2}), tc),
               "does not match the output");
  EXPECT_ERROR(one_op_model(BO::TRANSPOSE_CONV, {Spec{TT::INT32, {4}, 0}, w, act({1, 3, 3, 1})}, act({1, 6, 6, 2}), tc),
               "is not a constant");
  EXPECT_ERROR(one_op_model(BO::TRANSPOSE_CONV, {i32({1, 6, 6, 2}, {4}), w, act({1, 3, 3, 2})}, act({1, 6, 6, 2}), tc),
               "expect 1 input channels but the input has 2");
}

TEST(ReaderOps, BatchMatmulShapes) {
  tfl::BatchMatMulOptionsT o;
  EXPECT_EQ(error_of(one_op_model(BO::BATCH_MATMUL, {act({2, 1, 3, 4}), act({3, 4, 5})}, act({2, 3, 3, 5}), o)), "");
  EXPECT_ERROR(one_op_model(BO::BATCH_MATMUL, {act({2, 3, 4}), act({3, 4, 5})}, act({3, 3, 5}), o),
               "do not broadcast");
  EXPECT_ERROR(one_op_model(BO::BATCH_MATMUL, {act({3, 4}), act({5, 4})}, act({3, 4}), o), "sums over 4");
  o.adj_y = true;
  EXPECT_EQ(error_of(one_op_model(BO::BATCH_MATMUL, {act({3, 4}), act({5, 4})}, act({3, 5}), o)), "");
  EXPECT_ERROR(one_op_model(BO::BATCH_MATMUL, {act({1, 1, 1, 1, 3, 4}), act({5, 4})}, act({1, 1, 1, 1, 3, 5}), o),
               "takes ranks 2 to 5");
}

TEST(ReaderOps, L2NormalizationTakesInt8WithoutActivation) {
  EXPECT_EQ(error_of(one_op_model(BO::L2_NORMALIZATION, {act({2, 5})}, act({2, 5}), tfl::L2NormOptionsT{})), "");
  tfl::L2NormOptionsT relu;
  relu.fused_activation_function = tfl::ActivationFunctionType::RELU;
  EXPECT_ERROR(one_op_model(BO::L2_NORMALIZATION, {act({2, 5})}, act({2, 5}), relu), "takes none");
  EXPECT_ERROR(one_op_model(BO::L2_NORMALIZATION, {Spec{TT::INT16, {2, 5}}}, Spec{TT::INT16, {2, 5}},
                            tfl::L2NormOptionsT{}),
               "expected int8");
}

TEST(ReaderOps, FullyConnectedWeightsPerTensorOrPerOutputChannel) {
  auto m = one_op_model(BO::FULLY_CONNECTED, {act({1, 4}), weights({3, 4}, 3, 0)}, act({1, 3}),
                        tfl::FullyConnectedOptionsT{});
  EXPECT_EQ(error_of(m), "");
  m = one_op_model(BO::FULLY_CONNECTED, {act({1, 4}), weights({3, 4}, 4, 1)}, act({1, 3}),
                   tfl::FullyConnectedOptionsT{});
  EXPECT_ERROR(m, "quantized along axis 1; expected axis 0");
  m = one_op_model(BO::FULLY_CONNECTED, {act({2, 4}), weights({3, 4}, 1, 0)}, act({2, 3}),
                   tfl::FullyConnectedOptionsT{});
  EXPECT_EQ(error_of(m), "");
  m = one_op_model(BO::FULLY_CONNECTED, {act({2, 5}), weights({3, 4}, 1, 0)}, act({2, 3}),
                   tfl::FullyConnectedOptionsT{});
  EXPECT_ERROR(m, "not a multiple of the weights' depth 4");
}

}  // namespace
}  // namespace aotbench::codegen
