// TFLite Micro's signal library (its audio front end): what each operator's Init and Prepare
// compute, here at generation time (the RFFT's kissfft plan and twiddles, the logarithm's table).
#include <cmath>

#include "codegen/lower/lower_context.hpp"
#include "codegen/lower/render_c.hpp"

namespace aotbench::codegen::lower_detail {
namespace {

int32_t option(const OpContext& c, const char* key) {
  return static_cast<int32_t>(c.options<SignalOptions>().get(key));
}

// A constant table is a parameter of the model; anything computed is an input.
ArgRole role_of(const Tensor& t) { return t.is_constant() ? ArgRole::Weights : ArgRole::Input; }

std::vector<KernelArg> args_by_role(const OpContext& c) {
  std::vector<KernelArg> args;
  for (int t : c.node.inputs) args.push_back({role_of(c.graph.tensors[t]), t});
  for (int t : c.node.outputs) args.push_back({ArgRole::Output, t});
  return args;
}

LoweredOp lower_window(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_window", "ab_signal_window_params");
  ab_signal_window_params p{};
  p.size = c.input(0).num_elements();
  p.window_size = c.input(1).num_elements();
  p.shift = option(c, "shift");
  l.params = p;
  l.args = args_by_role(c);
  return l;
}

LoweredOp lower_fft_auto_scale(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_fft_auto_scale", "ab_signal_size_params");
  ab_signal_size_params p{};
  p.size = c.input(0).num_elements();
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

// kissfft's factorization (kf_factor): radix 4 while it divides, then 2, then odd numbers; past
// the square root of the length the rest is one factor. (radix, span) per stage, outermost first.
std::vector<std::pair<int32_t, int32_t>> kissfft_stages(int32_t n) {
  std::vector<std::pair<int32_t, int32_t>> stages;
  const double root = std::floor(std::sqrt(static_cast<double>(n)));
  int32_t p = 4;
  do {
    while (n % p != 0) {
      p = p == 4 ? 2 : p == 2 ? 3 : p + 2;
      if (p > root) p = n;
    }
    n /= p;
    stages.emplace_back(p, n);
  } while (n > 1);
  return stages;
}

// kissfft's recursion reads input pair `offset` into output position `at`; each level splits its
// block into `radix` interleaved sub-blocks of `span`.
void leaf_order(const std::vector<std::pair<int32_t, int32_t>>& stages, std::size_t level, int32_t at,
                int32_t offset, int32_t stride, std::vector<int16_t>& order) {
  const auto [radix, span] = stages[level];
  for (int32_t k = 0; k < radix; ++k) {
    if (span == 1) {
      order[static_cast<std::size_t>(at + k)] = static_cast<int16_t>(offset + k * stride);
    } else {
      leaf_order(stages, level + 1, at + k * span, offset + k * stride, stride * radix, order);
    }
  }
}

// kissfft's fixed-point twiddle: floor(0.5 + 32767 cos), floor(0.5 + 32767 sin) of the phase.
void push_twiddle(std::vector<int16_t>& v, double phase) {
  v.push_back(static_cast<int16_t>(std::floor(.5 + 32767 * std::cos(phase))));
  v.push_back(static_cast<int16_t>(std::floor(.5 + 32767 * std::sin(phase))));
}

// RfftInt16Init: kiss_fftr_alloc's plan of a complex FFT of half the length, and its twiddles
// computed with kissfft's expressions (double precision, in its order of operations).
LoweredOp lower_rfft(const OpContext& c) {
  const Tensor& in = c.input(0);
  const int32_t n = option(c, "fft_length"), half = n / 2;
  LoweredOp l = start(c, "ab_ref_signal_rfft_s16", "ab_rfft_params");
  ab_rfft_params p{};
  p.input_length = in.shape.back();
  p.frames = in.num_elements() / p.input_length;
  p.fft_length = n;
  p.half = half;
  const auto stages = kissfft_stages(half);
  if (stages.size() > AB_RFFT_MAX_STAGES) c.fail("fft_length {} needs {} stages", n, stages.size());
  p.stages = static_cast<int32_t>(stages.size());
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const auto [radix, span] = stages[stages.size() - 1 - s];  // the innermost stage runs first
    if (radix < 2 || radix > 5) c.fail("fft_length {} needs a radix-{} stage, which kissfft cannot run", n, radix);
    p.radix[s] = radix;
    p.span[s] = span;
  }
  std::vector<int16_t> order(static_cast<std::size_t>(half));
  leaf_order(stages, 0, 0, 0, 1, order);
  p.leaf_order = add_param_array(l, "leaf_order", std::move(order));
  const double pi = 3.14159265358979323846264338327950288;
  std::vector<int16_t> twiddles, split;
  for (int32_t i = 0; i < half; ++i) push_twiddle(twiddles, -2 * pi * i / half);
  for (int32_t i = 0; i < half / 2; ++i) push_twiddle(split, -pi * (static_cast<double>(i + 1) / half + .5));
  p.twiddles = add_param_array(l, "twiddles", std::move(twiddles));
  p.split_twiddles = add_param_array(l, "split_twiddles", std::move(split));
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_energy(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_energy", "ab_signal_energy_params");
  ab_signal_energy_params p{};
  p.size = c.output().num_elements();
  p.start = option(c, "start_index");
  p.end = option(c, "end_index");
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

LoweredOp lower_filter_bank(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_filter_bank", "ab_signal_filter_bank_params");
  ab_signal_filter_bank_params p{};
  p.channels = option(c, "num_channels");
  l.params = p;
  l.args = args_by_role(c);
  return l;
}

LoweredOp lower_filter_bank_square_root(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_filter_bank_square_root", "ab_signal_size_params");
  ab_signal_size_params p{};
  p.size = c.input(0).num_elements();
  l.params = p;
  l.args = args_by_role(c);
  return l;
}

LoweredOp lower_spectral_subtraction(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_spectral_subtraction", "ab_signal_spectral_subtraction_params");
  ab_signal_spectral_subtraction_params p{};
  p.channels = option(c, "num_channels");
  p.smoothing = option(c, "smoothing");
  p.one_minus_smoothing = option(c, "one_minus_smoothing");
  p.alternate_smoothing = option(c, "alternate_smoothing");
  p.alternate_one_minus_smoothing = option(c, "alternate_one_minus_smoothing");
  p.min_signal_remaining = option(c, "min_signal_remaining");
  p.smoothing_bits = option(c, "smoothing_bits");
  p.spectral_subtraction_bits = option(c, "spectral_subtraction_bits");
  p.clamping = option(c, "clamping") != 0;
  l.params = p;
  l.args = {{ArgRole::Input, c.node.inputs[0]},
            {ArgRole::State, c.node.inputs[1]},
            {ArgRole::Output, c.node.outputs[0]},
            {ArgRole::Output, c.node.outputs[1]}};
  return l;
}

LoweredOp lower_pcan(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_pcan", "ab_signal_pcan_params");
  ab_signal_pcan_params p{};
  p.size = c.input(0).num_elements();
  p.snr_shift = option(c, "snr_shift");
  l.params = p;
  l.args = args_by_role(c);
  return l;
}

// The logarithm's correction table: 2^16 (log2(1 + f) - f) at f = k / AB_SIGNAL_LOG_SEGMENTS,
// rounded (the values TFLite Micro's table holds).
std::vector<int16_t> log_table() {
  std::vector<int16_t> t;
  for (int k = 0; k <= AB_SIGNAL_LOG_SEGMENTS; ++k) {
    const double f = static_cast<double>(k) / AB_SIGNAL_LOG_SEGMENTS;
    t.push_back(static_cast<int16_t>(std::floor(65536 * (std::log2(1 + f) - f) + .5)));
  }
  return t;
}

LoweredOp lower_filter_bank_log(const OpContext& c) {
  LoweredOp l = start(c, "ab_ref_signal_filter_bank_log", "ab_signal_log_params");
  ab_signal_log_params p{};
  p.size = c.input(0).num_elements();
  p.correction_bits = option(c, "input_correction_bits");
  p.output_scale = option(c, "output_scale");
  p.log_table = add_param_array(l, "log_table", log_table());
  l.params = p;
  l.args = inputs_then_outputs(c);
  return l;
}

const LowerEntry kLowerings[] = {
    {OpType::SignalWindow, lower_window},
    {OpType::SignalFftAutoScale, lower_fft_auto_scale},
    {OpType::SignalRfft, lower_rfft},
    {OpType::SignalEnergy, lower_energy},
    {OpType::SignalFilterBank, lower_filter_bank},
    {OpType::SignalFilterBankSquareRoot, lower_filter_bank_square_root},
    {OpType::SignalFilterBankSpectralSubtraction, lower_spectral_subtraction},
    {OpType::SignalPcan, lower_pcan},
    {OpType::SignalFilterBankLog, lower_filter_bank_log},
};

}  // namespace

std::span<const LowerEntry> signal_lowerings() { return kLowerings; }

}  // namespace aotbench::codegen::lower_detail

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_signal_window_params& p) { AB_RENDER_FIELDS(AB_SIGNAL_WINDOW_FIELDS) }
void render_fields(FieldWriter& w, const ab_signal_size_params& p) { AB_RENDER_FIELDS(AB_SIGNAL_SIZE_FIELDS) }
void render_fields(FieldWriter& w, const ab_rfft_params& p) { AB_RENDER_FIELDS(AB_RFFT_FIELDS) }
void render_fields(FieldWriter& w, const ab_signal_energy_params& p) { AB_RENDER_FIELDS(AB_SIGNAL_ENERGY_FIELDS) }
void render_fields(FieldWriter& w, const ab_signal_filter_bank_params& p) {
  AB_RENDER_FIELDS(AB_SIGNAL_FILTER_BANK_FIELDS)
}
void render_fields(FieldWriter& w, const ab_signal_spectral_subtraction_params& p) {
  AB_RENDER_FIELDS(AB_SIGNAL_SPECTRAL_SUBTRACTION_FIELDS)
}
void render_fields(FieldWriter& w, const ab_signal_pcan_params& p) { AB_RENDER_FIELDS(AB_SIGNAL_PCAN_FIELDS) }
void render_fields(FieldWriter& w, const ab_signal_log_params& p) { AB_RENDER_FIELDS(AB_SIGNAL_LOG_FIELDS) }

}  // namespace aotbench::codegen
