#include "codegen/interp/host_kernels.hpp"

#include <utility>

#include "ab_ref_kernels.h"

namespace aotbench::codegen {
namespace {

// Calls `f` with the params cast to its struct type and each argument cast to its pointer type.
template <auto f, class P, class... A, std::size_t... I>
void call(const void* params, std::span<void* const> args, std::index_sequence<I...>) {
  f(static_cast<const P*>(params), static_cast<A>(args[I])...);
}

template <auto f, class P, class... A>
HostKernel wrap(void (*)(const P*, A...)) {
  return [](const void* params, std::span<void* const> args) {
    call<f, P, A...>(params, args, std::index_sequence_for<A...>{});
  };
}

struct Entry {
  std::string_view name;
  HostKernel kernel;
};

#define AB_HOST_KERNEL(fn) Entry{#fn, wrap<fn>(fn)}

const Entry kKernels[] = {
    AB_HOST_KERNEL(ab_ref_conv2d_s8),
    AB_HOST_KERNEL(ab_ref_depthwise_conv2d_s8),
    AB_HOST_KERNEL(ab_ref_fully_connected_s8),
    AB_HOST_KERNEL(ab_ref_add_s8),
    AB_HOST_KERNEL(ab_ref_avg_pool2d_s8),
    AB_HOST_KERNEL(ab_ref_max_pool2d_s8),
    AB_HOST_KERNEL(ab_ref_mean_s8),
    AB_HOST_KERNEL(ab_ref_pad),
    AB_HOST_KERNEL(ab_ref_reshape),
    AB_HOST_KERNEL(ab_ref_softmax_s8),
    AB_HOST_KERNEL(ab_ref_quantize),
    AB_HOST_KERNEL(ab_ref_dequantize_s8_f32),
    AB_HOST_KERNEL(ab_ref_softmax_s8_s16),
    AB_HOST_KERNEL(ab_ref_dequantize_s16_f32),
    AB_HOST_KERNEL(ab_ref_dequantize_u8_f32),

    // arithmetic
    AB_HOST_KERNEL(ab_ref_mul),
    AB_HOST_KERNEL(ab_ref_add_sub),
    AB_HOST_KERNEL(ab_ref_div),
    AB_HOST_KERNEL(ab_ref_maximum_minimum),
    AB_HOST_KERNEL(ab_ref_prelu),

    // activation
    AB_HOST_KERNEL(ab_ref_lookup_s8),
    AB_HOST_KERNEL(ab_ref_piecewise_linear),
    AB_HOST_KERNEL(ab_ref_rsqrt),
    AB_HOST_KERNEL(ab_ref_logistic_s16),
    AB_HOST_KERNEL(ab_ref_tanh_s16),
    AB_HOST_KERNEL(ab_ref_softmax_s16),
    AB_HOST_KERNEL(ab_ref_log_softmax_s8),
    AB_HOST_KERNEL(ab_ref_cast),

    // reduce
    AB_HOST_KERNEL(ab_ref_mean_s16),
    AB_HOST_KERNEL(ab_ref_reduce_max_min_s8),
    AB_HOST_KERNEL(ab_ref_arg_min_max_s8),

    // movement
    AB_HOST_KERNEL(ab_ref_view_copy),
    AB_HOST_KERNEL(ab_ref_concatenation),
    AB_HOST_KERNEL(ab_ref_split),
    AB_HOST_KERNEL(ab_ref_gather),
    AB_HOST_KERNEL(ab_ref_batch_space),

    // resize
    AB_HOST_KERNEL(ab_ref_resize_bilinear_s8),
    AB_HOST_KERNEL(ab_ref_resize_nearest),

    // layers
    AB_HOST_KERNEL(ab_ref_conv2d_s16),
    AB_HOST_KERNEL(ab_ref_conv2d_s16_acc32),
    AB_HOST_KERNEL(ab_ref_depthwise_conv2d_s16),
    AB_HOST_KERNEL(ab_ref_fully_connected_s16),
    AB_HOST_KERNEL(ab_ref_fully_connected_s16_acc32),
    AB_HOST_KERNEL(ab_ref_transpose_conv_s8),
    AB_HOST_KERNEL(ab_ref_transpose_conv_s16),
    AB_HOST_KERNEL(ab_ref_transpose_conv_s16_b16),
    AB_HOST_KERNEL(ab_ref_batch_matmul_s8),
    AB_HOST_KERNEL(ab_ref_batch_matmul_s16),
    AB_HOST_KERNEL(ab_ref_l2_normalization_s8),

    // recurrent
    AB_HOST_KERNEL(ab_ref_svdf),
    AB_HOST_KERNEL(ab_ref_unidirectional_sequence_lstm),

    // signal
    AB_HOST_KERNEL(ab_ref_signal_window),
    AB_HOST_KERNEL(ab_ref_signal_fft_auto_scale),
    AB_HOST_KERNEL(ab_ref_signal_rfft_s16),
    AB_HOST_KERNEL(ab_ref_signal_energy),
    AB_HOST_KERNEL(ab_ref_signal_filter_bank),
    AB_HOST_KERNEL(ab_ref_signal_filter_bank_square_root),
    AB_HOST_KERNEL(ab_ref_signal_spectral_subtraction),
    AB_HOST_KERNEL(ab_ref_signal_pcan),
    AB_HOST_KERNEL(ab_ref_signal_filter_bank_log),
};

#undef AB_HOST_KERNEL

}  // namespace

HostKernel find_host_kernel(std::string_view name) {
  for (const Entry& e : kKernels) {
    if (e.name == name) return e.kernel;
  }
  return nullptr;
}

}  // namespace aotbench::codegen
