/* The dsp kernels behind dsp_kernels_shim.h. Here the parameters are not constants, so this
 * runs the kernels' general paths; the generated code's specialized ones run in the oracle
 * tests and on the devices. Also compiled warning-free by every compiler (codegen.dsp.warnings). */
#include "dsp_kernels_shim.h"

#include <string.h>

#include "ab_dsp_kernels.h"
#include "ab_dsp_lstm.h"
#include "ab_dsp_sigmoid_s16.h"

static void conv2d(const void* p, void* const* a) { ab_dsp_conv2d_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_1x1_short(const void* p, void* const* a) { ab_dsp_conv2d_1x1_short_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_3px(const void* p, void* const* a) { ab_dsp_conv2d_3px_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_3px_dual(const void* p, void* const* a) { ab_dsp_conv2d_3px_dual_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_3px_slabs(const void* p, void* const* a) { ab_dsp_conv2d_3px_slabs_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_3px_slabs_dual(const void* p, void* const* a) {
  ab_dsp_conv2d_3px_slabs_dual_s8(p, a[0], a[1], a[2], a[3]);
}
static void conv2d_im2col_3px(const void* p, void* const* a) { ab_dsp_conv2d_im2col_3px_s8(p, a[0], a[1], a[2], a[3]); }
static void conv2d_im2col_3px_dual(const void* p, void* const* a) {
  ab_dsp_conv2d_im2col_3px_dual_s8(p, a[0], a[1], a[2], a[3]);
}
static void conv2d_rows(const void* p, void* const* a) { ab_dsp_conv2d_rows_s8(p, a[0], a[1], a[2], a[3]); }
static void depthwise_conv2d(const void* p, void* const* a) { ab_dsp_depthwise_conv2d_s8(p, a[0], a[1], a[2], a[3]); }
static void depthwise_conv2d_3x3(const void* p, void* const* a) { ab_dsp_depthwise_conv2d_3x3_s8(p, a[0], a[1], a[2], a[3]); }
static void depthwise_conv2d_3x3_image(const void* p, void* const* a) {
  ab_dsp_depthwise_conv2d_3x3_image_s8(p, a[0], a[1], a[2], a[3]);
}
static void depthwise_conv2d_3x3_s2(const void* p, void* const* a) {
  ab_dsp_depthwise_conv2d_3x3_s2_s8(p, a[0], a[1], a[2]);
}
static void fully_connected(const void* p, void* const* a) { ab_dsp_fully_connected_s8(p, a[0], a[1], a[2], a[3]); }
static void add(const void* p, void* const* a) { ab_dsp_add_s8(p, a[0], a[1], a[2], a[3]); }
static void avg_pool2d(const void* p, void* const* a) { ab_dsp_avg_pool2d_s8(p, a[0], a[1]); }
static void max_pool2d(const void* p, void* const* a) { ab_dsp_max_pool2d_s8(p, a[0], a[1]); }
static void pad(const void* p, void* const* a) { ab_dsp_pad_s8(p, a[0], a[1]); }
static void lstm(const void* p, void* const* a) { ab_dsp_lstm_s8(p, a[0], a[1], a[2], a[3], a[4], a[5]); }
static void lookup(const void* p, void* const* a) { ab_dsp_lookup_s8(p, a[0], a[1]); }
static void mul(const void* p, void* const* a) { ab_dsp_mul_s8(p, a[0], a[1], a[2]); }
static void logistic_s16(const void* p, void* const* a) { ab_dsp_logistic_s16(p, a[0], a[1]); }
static void tanh_s16(const void* p, void* const* a) { ab_dsp_tanh_s16(p, a[0], a[1]); }
static void svdf(const void* p, void* const* a) { ab_dsp_svdf_s8(p, a[0], a[1], a[2], a[3], a[4], a[5]); }

dsp_shim_fn dsp_shim_find(const char* kernel) {
  static const struct {
    const char* name;
    dsp_shim_fn fn;
  } table[] = {
      {"ab_dsp_conv2d_s8", conv2d},
      {"ab_dsp_conv2d_1x1_short_s8", conv2d_1x1_short},
      {"ab_dsp_conv2d_3px_s8", conv2d_3px},
      {"ab_dsp_conv2d_3px_dual_s8", conv2d_3px_dual},
      {"ab_dsp_conv2d_3px_slabs_s8", conv2d_3px_slabs},
      {"ab_dsp_conv2d_3px_slabs_dual_s8", conv2d_3px_slabs_dual},
      {"ab_dsp_conv2d_im2col_3px_s8", conv2d_im2col_3px},
      {"ab_dsp_conv2d_im2col_3px_dual_s8", conv2d_im2col_3px_dual},
      {"ab_dsp_conv2d_rows_s8", conv2d_rows},
      {"ab_dsp_depthwise_conv2d_s8", depthwise_conv2d},
      {"ab_dsp_depthwise_conv2d_3x3_s8", depthwise_conv2d_3x3},
      {"ab_dsp_depthwise_conv2d_3x3_image_s8", depthwise_conv2d_3x3_image},
      {"ab_dsp_depthwise_conv2d_3x3_s2_s8", depthwise_conv2d_3x3_s2},
      {"ab_dsp_fully_connected_s8", fully_connected},
      {"ab_dsp_add_s8", add},
      {"ab_dsp_avg_pool2d_s8", avg_pool2d},
      {"ab_dsp_max_pool2d_s8", max_pool2d},
      {"ab_dsp_pad_s8", pad},
      {"ab_dsp_lstm_s8", lstm},
      {"ab_dsp_svdf_s8", svdf},
      {"ab_dsp_lookup_s8", lookup},
      {"ab_dsp_mul_s8", mul},
      {"ab_dsp_logistic_s16", logistic_s16},
      {"ab_dsp_tanh_s16", tanh_s16},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
    if (strcmp(table[i].name, kernel) == 0) return table[i].fn;
  }
  return NULL;
}
