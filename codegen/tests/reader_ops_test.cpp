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

struct NoOptions {};  // PRELU has no options table

TEST(ReaderOps, ArithmeticTypesTfliteMicroTakes) {
  Spec i16{TT::INT16, {4}, 0.5f, 0};
  Spec i32{TT::INT32, {4}, 0, 0};
  Graph g = read(one_op_model(BO::SUB, {i16, i16}, i16, tfl::SubOptionsT{}));
  EXPECT_EQ(g.ops[0].type, OpType::Sub);
  g = read(one_op_model(BO::PRELU, {i16, act({4})}, i16, NoOptions{}));
  EXPECT_EQ(g.ops[0].type, OpType::Prelu);
  // No int16 DIV in TFLite Micro; its int32 ADD, SUB and DIV take plain integers only.
  EXPECT_ERROR(one_op_model(BO::DIV, {i16, i16}, i16, tfl::DivOptionsT{}), "DIV takes int8 or int32");
  Spec q32 = i32;
  q32.scale = 1.0f;
  EXPECT_ERROR(one_op_model(BO::SUB, {i32, i32}, q32, tfl::SubOptionsT{}),
               "output tensor #2 'out' is int32 with quantization parameters");
  EXPECT_ERROR(one_op_model(BO::ADD, {q32, i32}, i32, tfl::AddOptionsT{}), "int32 with quantization parameters");
  // 16-bit kernels take symmetric tensors; PRELU's alpha is int8.
  Spec asym = i16;
  asym.zero_point = 3;
  EXPECT_ERROR(one_op_model(BO::ADD, {i16, asym}, i16, tfl::AddOptionsT{}), "zero point 3");
  EXPECT_ERROR(one_op_model(BO::PRELU, {i16, i16}, i16, NoOptions{}),
               "alpha tensor #1 'in1' is int16; expected int8");
  // A constant divisor holding a zero.
  Spec divisor{TT::INT8, {4}, 0.5f, 2, {1, 2, 3, 4}};
  EXPECT_ERROR(one_op_model(BO::DIV, {act({4}), divisor}, act({4}), tfl::DivOptionsT{}),
               "divisor tensor #1 'in1' holds its zero point");
  EXPECT_ERROR(one_op_model(BO::MAXIMUM, {act({2, 3}), act({4, 3})}, act({4, 3}), tfl::MaximumMinimumOptionsT{}),
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

TEST(ReaderOps, FullyConnectedPerChannelWeightsAreRejected) {
  auto m = one_op_model(BO::FULLY_CONNECTED, {act({1, 4}), weights({3, 4}, 3, 0)}, act({1, 3}),
                        tfl::FullyConnectedOptionsT{});
  EXPECT_ERROR(m, "only per-tensor weights");
  m = one_op_model(BO::FULLY_CONNECTED, {act({2, 4}), weights({3, 4}, 1, 0)}, act({2, 3}),
                   tfl::FullyConnectedOptionsT{});
  EXPECT_EQ(error_of(m), "");
  m = one_op_model(BO::FULLY_CONNECTED, {act({2, 5}), weights({3, 4}, 1, 0)}, act({2, 3}),
                   tfl::FullyConnectedOptionsT{});
  EXPECT_ERROR(m, "not a multiple of the weights' depth 4");
}

}  // namespace
}  // namespace aotbench::codegen
