// Each supported operator in a one-operator model: accepted with its options read, and rejected
// when its shapes or parameters are ones the int8 kernels cannot compute. Covers the operators
// and option forms the shared models do not use (MAX_POOL_2D, CONCATENATION, dilation, depth
// multipliers, paddings, broadcasting ADD, int8->uint8 QUANTIZE) and the data movement's
// refusals (the oracle cases in tests/ops cover what it accepts).
#include <gtest/gtest.h>

#include "codegen/reader/reader.hpp"
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

// TFLite Micro reads PAD's paddings as int32 (int64 ones fail its Prepare).
TEST(ReaderOps, PadTakesInt32Paddings) {
  Spec pads = i32({0, 0, 1, 1, 2, 2, 0, 0}, {4, 2});
  Graph g =
      read(one_op_model(BO::PAD, {act({1, 2, 2, 1}), pads}, act({1, 4, 6, 1}), tfl::PadOptionsT{}));
  EXPECT_EQ(g.ops[0].type, OpType::Pad);
  Spec wide{TT::INT64, {4, 2}, 0, 0, le_bytes<int64_t>({0, 0, 1, 1, 2, 2, 0, 0})};
  EXPECT_ERROR(one_op_model(BO::PAD, {act({1, 2, 2, 1}), wide}, act({1, 4, 6, 1}), tfl::PadOptionsT{}),
               "paddings tensor #1 'in1' is int64; expected int32");
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
  // Computed (shape arithmetic, as converters write it): never read, the output's shape rules.
  EXPECT_EQ(error_of(one_op_model(BO::TRANSPOSE_CONV, {Spec{TT::INT32, {4}, 0}, w, act({1, 3, 3, 1})},
                                  act({1, 6, 6, 2}), tc)),
            "");
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

// Makes operator 0's input k a variable tensor (state) instead of a graph input.
tfl::ModelT with_state(tfl::ModelT m, std::initializer_list<int> inputs) {
  auto& sg = *m.subgraphs[0];
  for (int k : inputs) {
    const int32_t t = sg.operators[0]->inputs[static_cast<std::size_t>(k)];
    sg.tensors[static_cast<std::size_t>(t)]->is_variable = true;
    std::erase(sg.inputs, t);
  }
  return m;
}

Spec constant(TT type, std::vector<int32_t> shape, float scale) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  const std::size_t bytes = type == TT::INT64 ? 8 : type == TT::INT32 ? 4 : type == TT::INT16 ? 2 : 1;
  return Spec{type, std::move(shape), scale, 0, std::vector<uint8_t>(static_cast<std::size_t>(n) * bytes, 1)};
}

// SVDF of 2 units of rank 2 over a memory of 3: int8 [1x4] input, time weights and state of one
// type, bias scale = state scale (0.5) * time weights scale (0.25).
tfl::ModelT svdf(TT time_type, TT state_type, float bias_scale = 0.125f, int omit = -1) {
  tfl::SVDFOptionsT o;
  o.rank = 2;
  return with_state(one_op_model(BO::SVDF,
                                 {act({1, 4}), constant(TT::INT8, {4, 4}, 0.25f), constant(time_type, {4, 3}, 0.25f),
                                  constant(TT::INT32, {2}, bias_scale), Spec{state_type, {1, 12}, 0.5f, 0}},
                                 act({1, 2}), o, omit),
                    {4});
}

TEST(ReaderOps, SvdfAsTfliteMicrosIntegerKernelTakesIt) {
  EXPECT_EQ(error_of(svdf(TT::INT8, TT::INT8)), "");
  EXPECT_EQ(error_of(svdf(TT::INT16, TT::INT16)), "");
  EXPECT_ERROR(svdf(TT::INT16, TT::INT8), "state tensor #4 'in4' is int8; expected int16");
  EXPECT_ERROR(svdf(TT::INT8, TT::INT8, 0.5f), "not state scale * time weights scale");
  EXPECT_ERROR(svdf(TT::INT8, TT::INT8, 0.125f, 3), "has no bias");
  tfl::ModelT m = svdf(TT::INT8, TT::INT8);
  m.subgraphs[0]->tensors[4]->is_variable = false;
  m.subgraphs[0]->inputs.push_back(4);
  EXPECT_ERROR(m, "state tensor #4 'in4' is not a variable tensor");
}

// An LSTM of 3 units over int8 [1x2x5] (batch-major) or int16 inputs; `extra` adds an input
// TFLite Micro's integer LSTM does not take (peephole 9-11, projection 16-17, layer norm 20-23).
tfl::ModelT lstm(TT act_type, TT bias_type, tfl::ActivationFunctionType activation, int extra = -1) {
  std::vector<Spec> in = {Spec{act_type, {1, 2, 5}, 0.5f, 0}};
  for (int k = 1; k <= 8; ++k) in.push_back(constant(TT::INT8, {3, k <= 4 ? 5 : 3}, 0.01f));
  for (int k = 9; k <= 11; ++k) in.push_back(constant(TT::INT16, {3}, 0.01f));
  for (int k = 12; k <= 15; ++k) in.push_back(constant(bias_type, {3}, 0.005f));
  in.push_back(constant(TT::INT8, {3, 3}, 0.01f));
  in.push_back(constant(TT::INT32, {3}, 0.01f));
  in.push_back(Spec{act_type, {1, 3}, 0.0078125f, 0});
  in.push_back(Spec{TT::INT16, {1, 3}, 0x1p-11f, 0});
  for (int k = 20; k <= 23; ++k) in.push_back(constant(TT::INT16, {3}, 0.01f));
  tfl::UnidirectionalSequenceLSTMOptionsT o;
  o.fused_activation_function = activation;
  tfl::ModelT m = with_state(one_op_model(BO::UNIDIRECTIONAL_SEQUENCE_LSTM, in, Spec{act_type, {1, 2, 3}}, o), {18, 19});
  for (int k : {9, 10, 11, 16, 17, 20, 21, 22, 23}) {
    if (k != extra) m.subgraphs[0]->operators[0]->inputs[static_cast<std::size_t>(k)] = -1;
  }
  return m;
}

TEST(ReaderOps, LstmAsTfliteMicrosIntegerKernelTakesIt) {
  using AF = tfl::ActivationFunctionType;
  EXPECT_EQ(error_of(lstm(TT::INT8, TT::INT32, AF::TANH)), "");
  EXPECT_EQ(error_of(lstm(TT::INT16, TT::INT64, AF::TANH)), "");
  EXPECT_ERROR(lstm(TT::INT16, TT::INT32, AF::TANH), "bias tensor #12 'in12' is int32; expected int64");
  EXPECT_ERROR(lstm(TT::INT8, TT::INT32, AF::RELU), "the cell gate's activation is RELU");
  EXPECT_ERROR(lstm(TT::INT8, TT::INT32, AF::TANH, 16), "has a projection (input 16)");
  EXPECT_ERROR(lstm(TT::INT8, TT::INT32, AF::TANH, 10), "has peephole weights (input 10)");
  EXPECT_ERROR(lstm(TT::INT8, TT::INT32, AF::TANH, 22), "has layer normalization (input 22)");
}

// The reductions take what TFLite Micro's kernels take, and refuse the rest with the reason.
TEST(ReaderOps, ReductionsTakeTfliteMicrosTypes) {
  tfl::ReducerOptionsT drop;
  const Spec i16{TT::INT16, {2, 3, 4}, 0.5f, 0};
  EXPECT_EQ(error_of(one_op_model(BO::SUM, {i16, i32({-1, 2}, {2})}, Spec{TT::INT16, {2, 3}}, drop)), "");
  EXPECT_EQ(error_of(one_op_model(BO::MEAN, {i16, i32({0}, {1})}, Spec{TT::INT16, {3, 4}}, drop)), "");
  EXPECT_ERROR(one_op_model(BO::REDUCE_MAX, {i16, i32({1}, {1})}, Spec{TT::INT16, {2, 4}}, drop),
               "REDUCE_MAX/MIN take int8 only");
  EXPECT_ERROR(one_op_model(BO::REDUCE_MIN, {act({2, 3, 4}), i32({1}, {1})}, Spec{TT::INT8, {2, 4}, 0.25f}, drop),
               "input and output quantization differ");
  EXPECT_ERROR(one_op_model(BO::REDUCE_MAX, {act({2, 3, 4}), Spec{TT::INT64, {1}, 0, 0, le_bytes<int64_t>({1})}},
                            act({2, 4}), drop),
               "axes tensor #1 'in1' is int64; expected int32");
  const Spec indices{TT::INT32, {2, 4}, 0};
  tfl::ArgMaxOptionsT arg;
  EXPECT_EQ(error_of(one_op_model(BO::ARG_MAX, {act({2, 3, 4}), i32({-2}, {1})}, indices, arg)), "");
  EXPECT_ERROR(one_op_model(BO::ARG_MAX, {i16, i32({1}, {1})}, indices, arg), "ARG_MAX takes int8");
  EXPECT_ERROR(one_op_model(BO::ARG_MAX, {act({2, 3, 4}), i32({1}, {1})}, Spec{TT::INT64, {2, 4}, 0}, arg),
               "writes int32 indices only");
  EXPECT_ERROR(one_op_model(BO::ARG_MIN, {act({2, 3, 4}), i32({1, 2}, {2})}, indices, tfl::ArgMinOptionsT{}),
               "has 2 values; expected one");
}

tfl::ResizeBilinearOptionsT bilinear(bool align_corners, bool half_pixel_centers) {
  tfl::ResizeBilinearOptionsT o;
  o.align_corners = align_corners;
  o.half_pixel_centers = half_pixel_centers;
  return o;
}

TEST(ReaderOps, ResizesTakeTfliteMicrosTypesAndFlags) {
  EXPECT_EQ(error_of(one_op_model(BO::RESIZE_BILINEAR, {act({2, 3, 4, 5}), i32({6, 2}, {2})}, act({2, 6, 2, 5}),
                                  bilinear(false, true))),
            "");
  EXPECT_ERROR(one_op_model(BO::RESIZE_BILINEAR, {act({1, 3, 4, 5}), i32({6, 2}, {2})}, act({1, 6, 2, 5}),
                            bilinear(true, true)),
               "align_corners and half_pixel_centers are both set");
  EXPECT_ERROR(one_op_model(BO::RESIZE_BILINEAR, {Spec{TT::INT16, {1, 3, 4, 5}}, i32({6, 2}, {2})},
                            Spec{TT::INT16, {1, 6, 2, 5}}, bilinear(false, false)),
               "RESIZE_BILINEAR takes int8 only");
  // 1 -> 55 rows: the rounded scale (19/1024) puts the last row's lower neighbour at row 1.
  EXPECT_ERROR(one_op_model(BO::RESIZE_BILINEAR, {act({1, 1, 1, 1}), i32({55, 1}, {2})}, act({1, 55, 1, 1}),
                            bilinear(false, false)),
               "resizing the height from 1 to 55 makes TFLite Micro's integer bilinear resize read past");
  tfl::ResizeNearestNeighborOptionsT both;
  both.align_corners = both.half_pixel_centers = true;
  EXPECT_EQ(error_of(one_op_model(BO::RESIZE_NEAREST_NEIGHBOR, {Spec{TT::INT16, {1, 3, 4, 5}}, i32({2, 9}, {2})},
                                  Spec{TT::INT16, {1, 2, 9, 5}}, both)),
            "");
  EXPECT_ERROR(one_op_model(BO::RESIZE_NEAREST_NEIGHBOR, {act({1, 3, 4, 5}), i32({2, 9}, {2})}, act({1, 9, 2, 5}),
                            both),
               "computes [1x2x9x5]");
  EXPECT_ERROR(one_op_model(BO::RESIZE_NEAREST_NEIGHBOR, {act({1, 3, 4, 5}), i32({2, -3}, {2})}, act({1, 2, 3, 5}),
                            both),
               "size 2x-3 is not positive");
}

// Data movement refuses what TFLite Micro's kernels refuse (their types, their index types)
// and what would read outside the input.
TEST(ReaderOps, MovementTakesWhatTfliteMicroTakes) {
  tfl::GatherOptionsT gather;
  Spec positions64{TT::INT64, {3}, 0, 0, le_bytes<int64_t>({0, 1, 2})};
  EXPECT_ERROR(one_op_model(BO::GATHER, {act({4, 2}), positions64}, act({3, 2}), gather),
               "TFLite Micro's GATHER takes int32 positions only");
  EXPECT_ERROR(one_op_model(BO::GATHER, {Spec{TT::INT16, {4, 2}}, i32({0, 1, 2}, {3})}, Spec{TT::INT16, {3, 2}},
                            gather),
               "GATHER takes int8");
  EXPECT_ERROR(one_op_model(BO::GATHER, {act({4, 2}), i32({0, 4}, {2})}, act({2, 2}), gather),
               "position 4 is outside the 4 elements of axis 0");
  EXPECT_ERROR(one_op_model(BO::EXPAND_DIMS, {Spec{TT::INT32, {2, 3}, 0}, i32({0}, {})}, Spec{TT::INT32, {1, 2, 3}, 0},
                            tfl::ExpandDimsOptionsT{}),
               "EXPAND_DIMS takes int8 or int16");
  EXPECT_ERROR(one_op_model(BO::ZEROS_LIKE, {Spec{TT::INT16, {3}}}, Spec{TT::INT16, {3}}, tfl::ZerosLikeOptionsT{}),
               "ZEROS_LIKE takes int8, int32 or int64");
  tfl::MirrorPadOptionsT reflect;
  EXPECT_ERROR(one_op_model(BO::MIRROR_PAD, {act({3}), i32({3, 0}, {1, 2})}, act({6}), reflect),
               "padding 3,0 of dimension 0 is outside [0, 2]");
  tfl::SplitOptionsT split;
  split.num_splits = 2;
  EXPECT_ERROR(one_op_model(BO::SPLIT, {i32({0}, {}), act({4})}, act({2}), split),
               "num_splits is 2 but the operator has 1 outputs");
  EXPECT_ERROR(one_op_model(BO::SPACE_TO_BATCH_ND, {act({1, 3, 3, 1}), i32({2, 2}, {2}), i32({0, 0, 0, 0}, {2, 2})},
                            act({4, 1, 1, 1}), tfl::SpaceToBatchNDOptionsT{}),
               "padded to 3 is not a multiple of block_shape 2");
}

}  // namespace
}  // namespace aotbench::codegen
