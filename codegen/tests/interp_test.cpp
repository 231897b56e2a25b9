// Host interpreter: input checks, intermediate tensors, reshape aliasing, observer; folding
// of shape arithmetic.
#include <gtest/gtest.h>

#include <cstring>

#include "codegen/interp/fold_constants.hpp"
#include "codegen/interp/interpreter.hpp"
#include "lower_test_graphs.hpp"

using namespace aotbench::codegen;
using lower_test::GraphBuilder;

namespace {

// x [1,2,2,1] -PAD-> y [1,3,3,1] (one row/column before, value = zero point 4)
//   -RESHAPE-> z [9] (aliased when `alias`) -TRANSPOSE-> w [9] (identity permutation).
Graph chain(bool alias) {
  GraphBuilder b;
  int x = b.act({1, 2, 2, 1}, 0.5f, 4);
  int pads = b.int32s({4, 2}, {0, 0, 1, 0, 1, 0, 0, 0});
  int y = b.act({1, 3, 3, 1}, 0.5f, 4);
  int z = b.act({9}, 0.5f, 4);
  int perm = b.int32s({1}, {0});
  int w = b.act({9}, 0.5f, 4);
  b.op(OpType::Pad, {x, pads}, {y});
  b.op(OpType::Reshape, {y}, {z});
  b.op(OpType::Transpose, {z, perm}, {w});
  if (alias) b.tensor(z).alias_of = y;
  return b.build("chain");
}

TEST(Interpreter, RunsAChainAndKeepsIntermediates) {
  const Graph g = chain(false);
  Interpreter interp(g);
  int ops_seen = 0;
  interp.set_observer([&](const LoweredOp&) { ++ops_seen; });
  const RunResult r = interp.run({{1, 2, 3, 0xFF}}, /*with_intermediates=*/true);
  EXPECT_EQ(ops_seen, 3);
  const std::vector<uint8_t> padded = {4, 4, 4, 4, 1, 2, 4, 3, 0xFF};
  EXPECT_EQ(r.tensors[2], padded);  // y
  EXPECT_EQ(r.tensors[3], padded);  // z
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(r.outputs[0], padded);
  EXPECT_TRUE(r.tensors[1].empty());  // the paddings constant
}

TEST(Interpreter, AliasedReshapeSharesMemory) {
  const Graph g = chain(true);
  Interpreter interp(g);
  EXPECT_TRUE(interp.lowered()[1].is_noop);
  const RunResult r = interp.run({{9, 8, 7, 6}});
  EXPECT_EQ(r.outputs[0], (std::vector<uint8_t>{4, 4, 4, 4, 9, 8, 4, 7, 6}));
  EXPECT_EQ(interp.tensor_bytes(3).data(), interp.tensor_bytes(2).data());
}

TEST(Interpreter, RejectsBadInputsWithAClearMessage) {
  const Graph g = chain(false);
  Interpreter interp(g);
  EXPECT_THROW(interp.run({}), InterpError);
  try {
    interp.run({{1, 2, 3}});
    FAIL() << "expected InterpError";
  } catch (const InterpError& e) {
    EXPECT_NE(std::string(e.what()).find("needs 4 bytes but got 3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Interpreter(g, std::vector<LoweredOp>{}), InterpError);
}

// Keras' reshape with a dynamic batch: SHAPE -> STRIDED_SLICE (the batch, shrunk to a scalar)
// -> PACK([batch, -1]) -> RESHAPE. Folded, only the RESHAPE is left, its new shape a constant.
// (codegen.ops.movement checks the same pattern's bytes against TFLite Micro.)
TEST(FoldConstants, KerasDynamicBatchReshapeLeavesOnlyTheReshape) {
  GraphBuilder b;
  int x = b.act({1, 4, 6}, 0.5f, 1);
  int shape = b.act({3}, 1.0f, 0, DType::Int32);
  int batch = b.act({}, 1.0f, 0, DType::Int32);
  int new_shape = b.act({2}, 1.0f, 0, DType::Int32);
  int y = b.act({1, 24}, 0.5f, 1);
  b.op(OpType::Shape, {x}, {shape});
  StridedSliceOptions shrink;
  shrink.shrink_axis_mask = 1;
  b.op(OpType::StridedSlice, {shape, b.int32s({1}, {0}), b.int32s({1}, {1}), b.int32s({1}, {1})}, {batch}, shrink);
  b.op(OpType::Pack, {batch, b.int32s({}, {-1})}, {new_shape}, AxisCountOptions{0, 2});
  b.op(OpType::Reshape, {x, new_shape}, {y});
  Graph g = b.build("keras_reshape");
  EXPECT_EQ(fold_constants(g), 3);
  ASSERT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.ops[0].type, OpType::Reshape);
  const Tensor& folded = g.tensors[static_cast<std::size_t>(new_shape)];
  ASSERT_TRUE(folded.is_constant());
  int32_t values[2];
  ASSERT_EQ(folded.data.size(), sizeof values);
  std::memcpy(values, folded.data.data(), sizeof values);
  EXPECT_EQ(values[0], 1);
  EXPECT_EQ(values[1], -1);
  std::vector<uint8_t> in(24);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i * 7);
  EXPECT_EQ(Interpreter(g).run({in}).outputs.at(0), in);
}

}  // namespace
