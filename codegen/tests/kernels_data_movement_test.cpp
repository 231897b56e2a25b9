// PAD (constant and mirrored), the strided copy (a TRANSPOSE), CONCATENATION, SPLIT and
// RESHAPE reference kernels.
#include <gtest/gtest.h>

#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

TEST(Pad, TwoDimensionalHandWorked) {
  // [[1,2],[3,4]] padded by (1 before, 0 after) rows and (0 before, 2 after) columns with -5.
  ab_pad_params p{};
  p.mode = AB_PAD_CONSTANT;
  p.elem_bytes = 1;
  p.rank = 2;
  p.in_shape[0] = 2; p.in_shape[1] = 2;
  p.before[0] = 1; p.before[1] = 0;
  p.out_shape[0] = 3; p.out_shape[1] = 4;
  p.pad_value = -5;
  const int8_t in[4] = {1, 2, 3, 4};
  int8_t out[12];
  ab_ref_pad(&p, in, out);
  const int8_t expected[12] = {-5, -5, -5, -5, 1, 2, -5, -5, 3, 4, -5, -5};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(out[i], expected[i]) << i;
}

TEST(Pad, Int16AndInt32ElementsTakeTheWholeValue) {
  ab_pad_params p{};
  p.mode = AB_PAD_CONSTANT;
  p.rank = 1;
  p.in_shape[0] = 2;
  p.before[0] = 1;
  p.out_shape[0] = 4;
  p.pad_value = -30000;
  p.elem_bytes = 2;
  const int16_t in16[2] = {32767, -32768};
  int16_t out16[4];
  ab_ref_pad(&p, in16, out16);
  EXPECT_EQ(std::vector<int16_t>(out16, out16 + 4), (std::vector<int16_t>{-30000, 32767, -32768, -30000}));
  p.elem_bytes = 4;
  p.pad_value = INT32_MIN;
  const int32_t in32[2] = {7, INT32_MAX};
  int32_t out32[4];
  ab_ref_pad(&p, in32, out32);
  EXPECT_EQ(std::vector<int32_t>(out32, out32 + 4), (std::vector<int32_t>{INT32_MIN, 7, INT32_MAX, INT32_MIN}));
}

TEST(Pad, MirrorsReflectAndSymmetric) {
  // [1,2,3] padded 2 before and 2 after.
  ab_pad_params p{};
  p.elem_bytes = 1;
  p.rank = 1;
  p.in_shape[0] = 3;
  p.before[0] = 2;
  p.out_shape[0] = 7;
  const int8_t in[3] = {1, 2, 3};
  int8_t out[7];
  p.mode = AB_PAD_REFLECT;
  ab_ref_pad(&p, in, out);
  EXPECT_EQ(std::vector<int8_t>(out, out + 7), (std::vector<int8_t>{3, 2, 1, 2, 3, 2, 1}));
  p.mode = AB_PAD_SYMMETRIC;
  ab_ref_pad(&p, in, out);
  EXPECT_EQ(std::vector<int8_t>(out, out + 7), (std::vector<int8_t>{2, 1, 1, 2, 3, 3, 2}));
}

TEST(Pad, FourDimensionalMatchesIndexFormula) {
  const int in_s[4] = {1, 3, 4, 2}, before[4] = {0, 1, 2, 0}, out_s[4] = {1, 5, 7, 2};
  ab_pad_params p{};
  p.mode = AB_PAD_CONSTANT;
  p.elem_bytes = 1;
  p.rank = 4;
  for (int d = 0; d < 4; ++d) p.in_shape[d] = in_s[d], p.before[d] = before[d], p.out_shape[d] = out_s[d];
  p.pad_value = 9;
  const auto in = random_int8(24, 71);
  std::vector<int8_t> out(70);
  ab_ref_pad(&p, in.data(), out.data());
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x)
      for (int c = 0; c < 2; ++c) {
        const int iy = y - 1, ix = x - 2;
        const bool inside = iy >= 0 && iy < 3 && ix >= 0 && ix < 4;
        ASSERT_EQ(out[(y * 7 + x) * 2 + c], inside ? in[(iy * 4 + ix) * 2 + c] : 9) << y << x << c;
      }
}

TEST(ViewCopy, TransposesNchwToNhwc) {
  // input [1, C=3, H=4, W=5] -> output [1, 4, 5, 3]: H and W one walk of 20, C inside it.
  const auto in = random_int8(60, 72);
  ab_view_copy_params p{};
  p.elem_bytes = 1;
  p.rank = 2;
  p.shape[0] = 20, p.in_stride[0] = 1, p.out_stride[0] = 3;
  p.shape[1] = 3, p.in_stride[1] = 20, p.out_stride[1] = 1;
  std::vector<int8_t> out(60);
  ab_ref_view_copy(&p, in.data(), out.data());
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 5; ++w)
      for (int c = 0; c < 3; ++c)
        ASSERT_EQ(out[(h * 5 + w) * 3 + c], in[(c * 4 + h) * 5 + w]) << h << w << c;
}

TEST(Concatenation, AlongMiddleAxis) {
  // [2,1,2] and [2,2,2] along axis 1 -> [2,3,2].
  const int8_t a[4] = {1, 2, 3, 4};
  const int8_t b[8] = {10, 11, 12, 13, 20, 21, 22, 23};
  const void* inputs[2] = {a, b};
  const int32_t part_bytes[2] = {2, 4};
  ab_join_params p{};
  p.parts = 2;
  p.outer_size = 2;
  p.part_bytes = part_bytes;
  int8_t out[12];
  ab_ref_concatenation(&p, inputs, out);
  const int8_t expected[12] = {1, 2, 10, 11, 12, 13, 3, 4, 20, 21, 22, 23};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(out[i], expected[i]) << i;
}

TEST(Split, UndoesTheConcatenation) {
  // [2,3] int16 cut along axis 1 into [2,1] and [2,2].
  const int16_t in[6] = {1, 2, 3, -4, -5, -6};
  int16_t a[2], b[4];
  void* outputs[2] = {a, b};
  const int32_t part_bytes[2] = {2, 4};
  ab_join_params p{};
  p.parts = 2;
  p.outer_size = 2;
  p.part_bytes = part_bytes;
  ab_ref_split(&p, in, outputs);
  EXPECT_EQ(std::vector<int16_t>(a, a + 2), (std::vector<int16_t>{1, -4}));
  EXPECT_EQ(std::vector<int16_t>(b, b + 4), (std::vector<int16_t>{2, 3, -5, -6}));
}

TEST(Reshape, CopiesBytesAndToleratesInPlace) {
  const auto in = random_int8(33, 73);
  std::vector<int8_t> out(33, 0);
  ab_reshape_params p{};
  p.bytes = 33;
  ab_ref_reshape(&p, in.data(), out.data());
  EXPECT_EQ(out, in);
  ab_ref_reshape(&p, out.data(), out.data());
  EXPECT_EQ(out, in);
}

}  // namespace
