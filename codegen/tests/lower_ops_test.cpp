// Lowering of single operators: parameter fields against hand-derived values (scales chosen
// as powers of two so every multiplier can be worked out on paper), argument order, errors.
#include <gtest/gtest.h>

#include <string>

#include "codegen/lower/lower.hpp"
#include "codegen/lower/render_c.hpp"
#include "lower_test_graphs.hpp"

using namespace aotbench::codegen;
using lower_test::GraphBuilder;

namespace {

template <typename P>
P params_of(const LoweredOp& l) {
  const P* p = std::get_if<P>(&l.params);
  if (!p) throw std::runtime_error("unexpected params type " + l.params_type);
  return *p;
}

TEST(LowerConv2D, PerChannelMultipliersPaddingAndActivation) {
  GraphBuilder b;
  int x = b.act({1, 9, 8, 3}, 0.5f, -5);
  int w = b.weights({2, 3, 3, 3}, {0.25f, 0.125f}, 0, 1);
  int y = b.act({1, 5, 4, 2}, 1.0f, 3);
  b.op(OpType::Conv2D, {x, w, -1}, {y}, Conv2DOptions{Padding::Same, 2, 2, 1, 1, Activation::Relu6, {}});
  const Graph g = b.build("conv");
  const LoweredOp l = lower_operator(g, g.ops[0]);
  EXPECT_EQ(l.kernel, "ab_ref_conv2d_s8");
  const auto& p = params_of<ab_conv2d_params>(l);
  EXPECT_EQ(p.pad_h, 1);  // out 5: 4*2 + 3 - 9 = 2 -> 1 before
  EXPECT_EQ(p.pad_w, 0);  // out 4: 3*2 + 3 - 8 = 1 -> 0 before, 1 after
  EXPECT_EQ(p.input_offset, 5);
  EXPECT_EQ(p.output_offset, 3);
  EXPECT_EQ(p.act_min, 3);  // relu6 in [0, 6] with scale 1, zero point 3
  EXPECT_EQ(p.act_max, 9);
  // 0.5 * 0.25 / 1 = 2^-3 = 0.5 * 2^-2; 0.5 * 0.125 = 2^-4.
  EXPECT_EQ(p.output_multiplier[0], 1 << 30);
  EXPECT_EQ(p.output_shift[0], -2);
  EXPECT_EQ(p.output_multiplier[1], 1 << 30);
  EXPECT_EQ(p.output_shift[1], -3);
  ASSERT_EQ(l.args.size(), 4u);
  EXPECT_EQ(l.args[0].tensor, x);
  EXPECT_EQ(l.args[1].role, ArgRole::Weights);
  EXPECT_EQ(l.args[2].role, ArgRole::Bias);
  EXPECT_EQ(l.args[2].tensor, -1);  // no bias: NULL
  EXPECT_EQ(l.args[3].tensor, y);
  EXPECT_EQ(l.array_data("output_shift"), p.output_shift);
}

TEST(LowerFullyConnected, ScaleProductIsTakenInFloat) {
  // TFLite multiplies input and weight scales in float before widening to double. For 0.1f,
  // 0.3f and output 0.7f that gives multiplier 1472560299 (shift -4); an all-double product
  // would give 1472560321 (values from numpy's float32 arithmetic).
  GraphBuilder b;
  int x = b.act({1, 4}, 0.1f, 0);
  int w = b.weights({2, 4}, {0.3f}, 0, 2);
  int y = b.act({1, 2}, 0.7f, 0);
  b.op(OpType::FullyConnected, {x, w, -1}, {y}, FullyConnectedOptions{});
  const Graph g = b.build("fc");
  const auto& p = params_of<ab_fully_connected_params>(lower_operator(g, g.ops[0]));
  EXPECT_EQ(p.output_multiplier, 1472560299);
  EXPECT_EQ(p.output_shift, -4);
  EXPECT_EQ(p.batches, 1);
  EXPECT_EQ(p.accum_depth, 4);
  EXPECT_EQ(p.output_depth, 2);
  EXPECT_EQ(p.per_channel_multiplier, nullptr);
}

TEST(LowerAdd, RescalingAndBroadcastStrides) {
  GraphBuilder b;
  int x1 = b.act({1, 4, 4, 8}, 0.5f, 1);
  int x2 = b.act({8}, 0.25f, -2);
  int y = b.act({1, 4, 4, 8}, 0.5f, 0);
  b.op(OpType::Add, {x1, x2}, {y}, AddOptions{});
  const Graph g = b.build("add");
  const auto& p = params_of<ab_add_params>(lower_operator(g, g.ops[0]));
  // twice the larger scale = 1: inputs 0.5 = (2^30, 0), 0.25 = (2^30, -1);
  // output 1 / (2^20 * 0.5) = 2^-19 = 0.5 * 2^-18.
  EXPECT_EQ(p.left_shift, 20);
  EXPECT_EQ(p.input1_multiplier, 1 << 30);
  EXPECT_EQ(p.input1_shift, 0);
  EXPECT_EQ(p.input2_multiplier, 1 << 30);
  EXPECT_EQ(p.input2_shift, -1);
  EXPECT_EQ(p.output_multiplier, 1 << 30);
  EXPECT_EQ(p.output_shift, -18);
  EXPECT_EQ(p.input1_offset, -1);
  EXPECT_EQ(p.input2_offset, 2);
  EXPECT_EQ(p.broadcast, 1);
  EXPECT_EQ(p.flat_size, 128);
  const ab_idx_t s1[AB_MAX_DIMS] = {128, 128, 128, 32, 8, 1};
  const ab_idx_t s2[AB_MAX_DIMS] = {8, 8, 8, 0, 0, 1};
  for (int d = 0; d < AB_MAX_DIMS; ++d) {
    EXPECT_EQ(p.in1_stride[d], s1[d]) << d;
    EXPECT_EQ(p.in2_stride[d], s2[d]) << d;
  }
}

Graph mean_graph(float in_scale, float out_scale) {
  GraphBuilder b;
  int x = b.act({1, 7, 7, 4}, in_scale, -9);
  int axes = b.int32s({2}, {2, -3});
  int y = b.act({1, 1, 1, 4}, out_scale, -9);
  b.op(OpType::Mean, {x, axes}, {y}, ReducerOptions{true});
  return b.build("mean");
}

TEST(LowerArithmetic, AddSubKernelsTypesAndActivations) {
  // int16 ADD: the general rescaling with a left shift of 15 (never the power-of-two form).
  GraphBuilder b;
  int x1 = b.act({2, 3}, 0.5f, 0, DType::Int16);
  int x2 = b.act({3}, 0.25f, 0, DType::Int16);
  int y = b.act({2, 3}, 0.5f, 0, DType::Int16);
  b.op(OpType::Add, {x1, x2}, {y}, AddOptions{Activation::Relu});
  Graph g = b.build("add16");
  LoweredOp l = lower_operator(g, g.ops[0]);
  EXPECT_EQ(l.kernel, "ab_ref_add_sub");
  auto p = params_of<ab_add_sub_params>(l);
  EXPECT_EQ(p.type, AB_ELEM_INT16);
  EXPECT_EQ(p.kind, AB_ADD_SUB_SUM);
  EXPECT_EQ(p.add.left_shift, 15);
  EXPECT_EQ(p.add.input1_multiplier, 1 << 30);
  EXPECT_EQ(p.add.input2_shift, -1);
  EXPECT_EQ(p.add.output_shift, -13);  // 1 / (2^15 * 0.5) = 0.5 * 2^-13
  EXPECT_EQ(p.add.act_min, 0);
  EXPECT_EQ(p.add.act_max, INT16_MAX);
  EXPECT_EQ(p.add.broadcast, 1);

  // int32: ADD ignores its fused activation as TFLite Micro does; SUB applies it.
  for (OpType type : {OpType::Add, OpType::Sub}) {
    GraphBuilder c;
    int a = c.act({4}, 0, 0, DType::Int32), d = c.act({4}, 0, 0, DType::Int32), z = c.act({4}, 0, 0, DType::Int32);
    for (int t : {a, d, z}) c.tensor(t).quant.reset();
    c.op(type, {a, d}, {z}, ActivationOptions{Activation::Relu6});
    const Graph cg = c.build("int32");
    const auto q = params_of<ab_add_sub_params>(lower_operator(cg, cg.ops[0]));
    EXPECT_EQ(q.kind, type == OpType::Add ? AB_ADD_SUB_SUM : AB_ADD_SUB_DIFFERENCE);
    EXPECT_EQ(q.add.act_min, type == OpType::Add ? INT32_MIN : 0);
    EXPECT_EQ(q.add.act_max, type == OpType::Add ? INT32_MAX : 6);
  }
}

TEST(LowerArithmetic, DivRefusesScalesItsRoundingCannotTake) {
  GraphBuilder b;
  int x1 = b.act({4}, 1.0f, 0);
  int x2 = b.act({4}, 1.0f, 0);
  int y = b.act({4}, 1e-9f, 0);  // a rescale factor of 10^9 > 2^23
  b.op(OpType::Div, {x1, x2}, {y}, ActivationOptions{});
  const Graph g = b.build("div");
  try {
    lower_operator(g, g.ops[0]);
    FAIL() << "expected LowerError";
  } catch (const LowerError& e) {
    EXPECT_NE(std::string(e.what()).find("outside [2^-26, 2^23]"), std::string::npos) << e.what();
  }
}

TEST(LowerMean, ArithmeticFollowsTheTfliteMicroVintage) {
  const Graph same = mean_graph(0.5f, 0.5f);
  // Current TFLite Micro: always integer; 1.0 = (2^30, 1) with 1/49 folded in (shift 5).
  auto p = params_of<ab_mean_params>(lower_operator(same, same.ops[0]));
  EXPECT_EQ(p.mode, AB_MEAN_INT_MULTIPLIER);
  EXPECT_EQ(p.multiplier, 701219150);  // 2^35 / 49
  EXPECT_EQ(p.shift, -4);
  EXPECT_EQ(p.count, 49);
  EXPECT_EQ(p.reduce[1], 1);
  EXPECT_EQ(p.reduce[2], 1);
  EXPECT_EQ(p.reduce[3], 0);
  p = params_of<ab_mean_params>(lower_operator(same, same.ops[0], {MeanArithmetic::Tflm2022}));
  EXPECT_EQ(p.mode, AB_MEAN_INT_TRUNCATE);
  p = params_of<ab_mean_params>(lower_operator(same, same.ops[0], {MeanArithmetic::Tflm2021}));
  EXPECT_EQ(p.mode, AB_MEAN_INT_DIVIDE);
  EXPECT_EQ(p.multiplier, 1 << 30);
  EXPECT_EQ(p.shift, 1);
  const Graph rescale = mean_graph(0.5f, 0.25f);
  p = params_of<ab_mean_params>(lower_operator(rescale, rescale.ops[0], {MeanArithmetic::Tflm2022}));
  EXPECT_EQ(p.mode, AB_MEAN_FLOAT);
  EXPECT_EQ(p.float_scale, 2.0f);
  EXPECT_EQ(p.float_bias, 18.0f);  // -(-9) * 2
}

TEST(LowerSoftmax, ScalingFromBetaAndInputScale) {
  GraphBuilder b;
  int x = b.act({3, 10}, 1.0f / 16, 5);
  int y = b.act({3, 10}, 1.0f / 256, -128);
  b.op(OpType::Softmax, {x}, {y}, SoftmaxOptions{1.0f});
  const Graph g = b.build("softmax");
  const auto& p = params_of<ab_softmax_params>(lower_operator(g, g.ops[0]));
  EXPECT_EQ(p.outer_size, 3);
  EXPECT_EQ(p.depth, 10);
  EXPECT_EQ(p.input_multiplier, 1 << 30);
  EXPECT_EQ(p.input_left_shift, 23);
  EXPECT_EQ(p.diff_min, -248);
}

TEST(LowerShapes, TransposePadConcatenation) {
  const auto graphs = lower_test::single_op_graphs();
  auto find = [&](const std::string& name) {
    for (const auto& ng : graphs) if (ng.name == name) return ng.make();
    throw std::runtime_error("no graph " + name);
  };
  const Graph t = find("transpose_nchw_to_nhwc");  // [1,3,4,5] perm (0,2,3,1)
  // A strided copy: H and W merge into one walk of 20 pixels, C the inner walk (stride 20).
  const auto& tp = params_of<ab_view_copy_params>(lower_operator(t, t.ops[0]));
  EXPECT_EQ(tp.rank, 2);
  EXPECT_EQ(tp.shape[0], 20);
  EXPECT_EQ(tp.in_stride[0], 1);
  EXPECT_EQ(tp.out_stride[0], 3);
  EXPECT_EQ(tp.shape[1], 3);
  EXPECT_EQ(tp.in_stride[1], 20);
  EXPECT_EQ(tp.out_stride[1], 1);

  const Graph pad = find("pad");
  const auto& pp = params_of<ab_pad_params>(lower_operator(pad, pad.ops[0]));
  EXPECT_EQ(pp.mode, AB_PAD_CONSTANT);
  EXPECT_EQ(pp.elem_bytes, 1);
  EXPECT_EQ(pp.before[1], 1);
  EXPECT_EQ(pp.before[2], 3);
  EXPECT_EQ(pp.pad_value, -7);

  const Graph cat = find("concatenation");  // [2,1,3] [2,2,3] [2,4,3] on axis -2
  const LoweredOp cl = lower_operator(cat, cat.ops[0]);
  const auto& cp = params_of<ab_join_params>(cl);
  EXPECT_TRUE(cl.inputs_as_array);
  EXPECT_EQ(cp.parts, 3);
  EXPECT_EQ(cp.outer_size, 2);
  EXPECT_EQ(cp.part_bytes[0], 3);
  EXPECT_EQ(cp.part_bytes[1], 6);
  EXPECT_EQ(cp.part_bytes[2], 12);
  EXPECT_EQ(cl.args.size(), 4u);
}

TEST(LowerReshape, AliasedReshapeIsANoop) {
  GraphBuilder b;
  int x = b.act({1, 2, 3, 4}, 0.1f, 0);
  int y = b.act({1, 24}, 0.1f, 0);
  b.op(OpType::Reshape, {x}, {y});
  Graph g = b.build("reshape");
  EXPECT_FALSE(lower_operator(g, g.ops[0]).is_noop);
  g.tensors[static_cast<std::size_t>(y)].alias_of = x;
  const LoweredOp l = lower_operator(g, g.ops[0]);
  EXPECT_TRUE(l.is_noop);
  EXPECT_EQ(params_of<ab_reshape_params>(l).bytes, 24);
}

TEST(LowerQuantize, KindsAndMultipliers) {
  const auto graphs = lower_test::single_op_graphs();
  for (const auto& ng : graphs) {
    const Graph g = ng.make();
    if (g.ops[0].type != OpType::Quantize) continue;
    const auto& p = params_of<ab_quantize_params>(lower_operator(g, g.ops[0]));
    if (ng.name == "quantize_f32_s8") {
      EXPECT_EQ(p.kind, AB_QUANTIZE_F32_TO_S8);
      EXPECT_EQ(p.scale, 0.0078125f);
      EXPECT_EQ(p.output_zero_point, 1);
    } else if (ng.name == "requantize_s8_u8") {  // same scale: 1.0 = (2^30, 1)
      EXPECT_EQ(p.kind, AB_REQUANTIZE_S8_TO_U8);
      EXPECT_EQ(p.multiplier, 1 << 30);
      EXPECT_EQ(p.shift, 1);
      EXPECT_EQ(p.input_zero_point, -128);
    } else if (ng.name == "requantize_u8_s8") {
      EXPECT_EQ(p.kind, AB_REQUANTIZE_U8_TO_S8);
      EXPECT_EQ(p.input_zero_point, 128);
    }
  }
}

TEST(LowerErrors, NameTheOperatorAndWhatIsWrong) {
  GraphBuilder b;
  int x = b.act({1, 10}, 0.1f, 0);
  int y = b.act({1, 10}, 1.0f / 255, -128);
  b.op(OpType::Softmax, {x}, {y}, SoftmaxOptions{1.0f});
  const Graph g = b.build("bad_softmax");
  try {
    lower_operator(g, g.ops[0]);
    FAIL() << "expected LowerError";
  } catch (const LowerError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("bad_softmax: operator 0 (SOFTMAX)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("1/256"), std::string::npos) << msg;
  }

  GraphBuilder c;
  int cx = c.act({1, 4, 4, 2}, 0.1f, 0);
  int cw = c.weights({3, 1, 1, 2}, {0.1f}, 0, 9);
  c.tensor(cw).quant->zero_point = {5};
  int cy = c.act({1, 4, 4, 3}, 0.1f, 0);
  c.op(OpType::Conv2D, {cx, cw, -1}, {cy}, Conv2DOptions{});
  const Graph cg = c.build("asym_weights");
  EXPECT_THROW(lower_operator(cg, cg.ops[0]), LowerError);
}

TEST(RenderC, WritesArraysAndDesignatedInitializers) {
  const Graph g = lower_test::single_op_graphs()[0].make();  // conv with 4 channels
  const LoweredOp l = lower_operator(g, g.ops[0]);
  const RenderedParams r = render_params_c(l, "op0");
  EXPECT_NE(r.arrays.find("static const int32_t op0_output_multiplier[4] = {"), std::string::npos);
  EXPECT_NE(r.arrays.find("static const int32_t op0_output_shift[4] = {"), std::string::npos);
  EXPECT_NE(r.params.find("static const ab_conv2d_params op0 = {"), std::string::npos);
  EXPECT_NE(r.params.find(".output_multiplier = op0_output_multiplier,"), std::string::npos);
  EXPECT_NE(r.params.find(".input = {1, 9, 8, 3},"), std::string::npos);
  EXPECT_THROW(render_params_c(l, "bad name"), std::invalid_argument);
  EXPECT_THROW(render_params_c(l, "9lives"), std::invalid_argument);
}

}  // namespace
