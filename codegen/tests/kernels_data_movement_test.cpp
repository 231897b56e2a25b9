// PAD, TRANSPOSE, CONCATENATION and RESHAPE reference kernels.
#include <gtest/gtest.h>

#include <vector>

#include "ab_kernels.h"
#include "kernels_test_util.hpp"

using namespace kernels_test;

namespace {

TEST(Pad, TwoDimensionalHandWorked) {
  // [[1,2],[3,4]] padded by (1 before, 0 after) rows and (0 before, 2 after) columns with -5.
  ab_pad_params p{};
  p.rank = 2;
  p.in_shape[0] = 2; p.in_shape[1] = 2;
  p.before[0] = 1; p.before[1] = 0;
  p.out_shape[0] = 3; p.out_shape[1] = 4;
  p.pad_value = -5;
  const int8_t in[4] = {1, 2, 3, 4};
  int8_t out[12];
  ab_ref_pad_s8(&p, in, out);
  const int8_t expected[12] = {-5, -5, -5, -5, 1, 2, -5, -5, 3, 4, -5, -5};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(out[i], expected[i]) << i;
}

TEST(Pad, FourDimensionalMatchesIndexFormula) {
  const int in_s[4] = {1, 3, 4, 2}, before[4] = {0, 1, 2, 0}, out_s[4] = {1, 5, 7, 2};
  ab_pad_params p{};
  p.rank = 4;
  for (int d = 0; d < 4; ++d) p.in_shape[d] = in_s[d], p.before[d] = before[d], p.out_shape[d] = out_s[d];
  p.pad_value = 9;
  const auto in = random_int8(24, 71);
  std::vector<int8_t> out(70);
  ab_ref_pad_s8(&p, in.data(), out.data());
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x)
      for (int c = 0; c < 2; ++c) {
        const int iy = y - 1, ix = x - 2;
        const bool inside = iy >= 0 && iy < 3 && ix >= 0 && ix < 4;
        ASSERT_EQ(out[(y * 7 + x) * 2 + c], inside ? in[(iy * 4 + ix) * 2 + c] : 9) << y << x << c;
      }
}

TEST(Transpose, NchwToNhwcMatchesIndexFormula) {
  // input [1, C=3, H=4, W=5], perm (0, 2, 3, 1) -> output [1, 4, 5, 3].
  const auto in = random_int8(60, 72);
  ab_transpose_params p{};
  p.rank = 4;
  const ab_idx_t out_shape[4] = {1, 4, 5, 3};
  const ab_idx_t in_strides[4] = {60, 20, 5, 1};  // of input dims N, C, H, W
  const int perm[4] = {0, 2, 3, 1};
  for (int d = 0; d < 4; ++d) p.out_shape[d] = out_shape[d], p.in_stride[d] = in_strides[perm[d]];
  std::vector<int8_t> out(60);
  ab_ref_transpose_s8(&p, in.data(), out.data());
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 5; ++w)
      for (int c = 0; c < 3; ++c)
        ASSERT_EQ(out[(h * 5 + w) * 3 + c], in[(c * 4 + h) * 5 + w]) << h << w << c;
}

TEST(Concatenation, AlongMiddleAxis) {
  // [2,1,2] and [2,2,2] along axis 1 -> [2,3,2].
  const int8_t a[4] = {1, 2, 3, 4};
  const int8_t b[8] = {10, 11, 12, 13, 20, 21, 22, 23};
  const int8_t* inputs[2] = {a, b};
  ab_concatenation_params p{};
  p.num_inputs = 2;
  p.outer_size = 2;
  p.copy_size[0] = 2;
  p.copy_size[1] = 4;
  int8_t out[12];
  ab_ref_concatenation_s8(&p, inputs, out);
  const int8_t expected[12] = {1, 2, 10, 11, 12, 13, 3, 4, 20, 21, 22, 23};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(out[i], expected[i]) << i;
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
