// TFLite Micro's signal library (its audio front end): what each operator's Prepare accepts, plus
// the bounds its Eval assumes without checking (index tables, shifts), so a kernel never reads or
// writes outside a tensor.
#include <algorithm>
#include <initializer_list>

#include "codegen/reader/op_check.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

const Tensor& out_at(const OpCheck& c, std::size_t i) { return c.graph.tensors[c.node.outputs[i]]; }

void outputs(const OpCheck& c, std::size_t n) {
  if (c.node.outputs.size() != n) {
    c.fail("has {} outputs; TFLite Micro's {} has {}", c.node.outputs.size(), op_name(c.node.type), n);
  }
}

// TFLite Micro reads its options by position in the map's (sorted) keys: the map must hold
// exactly these keys for that to mean what the names say.
const SignalOptions& options_with(const OpCheck& c, Operator& op, std::initializer_list<const char*> keys) {
  const auto& o = std::get<SignalOptions>(op.options);
  for (const char* key : keys) {
    if (!o.has(key)) c.fail("its custom options lack '{}'; the model is corrupt", key);
  }
  if (o.values.size() != keys.size()) {
    c.fail("its custom options have {} entries; TFLite Micro's {} reads exactly {}", o.values.size(),
           op_name(c.node.type), keys.size());
  }
  return o;
}

int64_t option_in(const OpCheck& c, const SignalOptions& o, const char* key, int64_t lo, int64_t hi) {
  const int64_t v = o.get(key);
  if (v < lo || v > hi) c.fail("option {} is {}; expected {} to {}", key, v, lo, hi);
  return v;
}

void vector_of(const OpCheck& c, const Tensor& t, DType type, const char* role) {
  c.type(t, type, role);
  c.rank_is(t, 1, role);
}

void same_size(const OpCheck& c, const Tensor& t, int64_t n, const char* role) {
  if (t.num_elements() != n) c.fail("{} {} has {} elements; expected {}", role, c.label(t.id), t.num_elements(), n);
}

std::vector<int16_t> int16_values(const Tensor& t) {
  std::vector<int16_t> v(static_cast<std::size_t>(t.num_elements()));
  std::memcpy(v.data(), t.data.data(), v.size() * sizeof(int16_t));
  return v;
}

void check_window(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"shift"});
  option_in(c, o, "shift", 0, 31);
  const Tensor &x = c.in(0), &w = c.in(1), &y = c.out();
  c.type(x, DType::Int16, "input");
  if (x.shape.empty()) c.fail("input {} is a scalar; expected frames of samples", c.label(x.id));
  vector_of(c, w, DType::Int16, "window");
  c.type(y, DType::Int16, "output");
  c.shape_is(y, x.shape, "output");
  if (x.num_elements() % w.num_elements() != 0) {
    c.fail("input {} has {} samples, not a whole number of windows of {}", c.label(x.id), x.num_elements(),
           w.num_elements());
  }
}

void check_fft_auto_scale(const OpCheck& c, Operator& op) {
  c.arity(1, 1);
  outputs(c, 2);
  options_with(c, op, {});
  const Tensor &x = c.in(0), &y = c.out(), &bits = out_at(c, 1);
  vector_of(c, x, DType::Int16, "input");
  vector_of(c, y, DType::Int16, "output");
  c.shape_is(y, x.shape, "output");
  c.type(bits, DType::Int32, "scale bits output");
  c.rank_is(bits, 0, "scale bits output");
}

// kissfft's radices: a length with another prime factor takes its generic butterfly, which
// TFLite Micro's build of kissfft cannot run (it has no scratch memory for it).
bool kissfft_length(int64_t n) {
  if (n < 2) return false;
  for (int64_t p : {2, 3, 5}) {
    while (n % p == 0) n /= p;
  }
  return n == 1;
}

void check_rfft(const OpCheck& c, Operator& op) {
  c.arity(1, 1);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"T", "fft_length"});
  if (o.get("T") != static_cast<int64_t>(tfl::TensorType::INT16)) {
    c.fail("computes in type #{}; only the int16 RFFT (fixed-point kissfft) is supported", o.get("T"));
  }
  const int64_t n = option_in(c, o, "fft_length", 4, 1 << 14);
  if (n % 2 != 0 || !kissfft_length(n / 2)) {
    c.fail("fft_length {} is not twice a product of 2, 3 and 5; TFLite Micro's kissfft cannot compute it", n);
  }
  const Tensor &x = c.in(0), &y = c.out();
  c.type(x, DType::Int16, "input");
  c.type(y, DType::Int16, "output");
  if (x.shape.empty()) c.fail("input {} is a scalar; expected frames of samples", c.label(x.id));
  if (x.shape.back() > n) c.fail("input frames of {} samples exceed fft_length {}", x.shape.back(), n);
  Shape want = x.shape;
  want.back() = checked_dim(c, n + 2);  // n / 2 + 1 complex values, real and imaginary parts
  c.shape_is(y, want, "output");
}

void check_energy(const OpCheck& c, Operator& op) {
  c.arity(1, 1);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"end_index", "start_index"});
  const Tensor &x = c.in(0), &y = c.out();
  vector_of(c, x, DType::Int16, "input");
  vector_of(c, y, DType::UInt32, "output");
  if (x.num_elements() % 2 != 0) c.fail("input {} has an odd length; expected complex pairs", c.label(x.id));
  const int64_t bins = std::min(x.num_elements() / 2, y.num_elements());
  const int64_t start = option_in(c, o, "start_index", 0, bins);
  option_in(c, o, "end_index", start, bins);
}

void check_filter_bank(const OpCheck& c, Operator& op) {
  c.arity(6, 6);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"num_channels"});
  const int64_t channels = option_in(c, o, "num_channels", 1, 1 << 14);
  const Tensor &x = c.in(0), &w = c.in(1), &uw = c.in(2), &y = c.out();
  vector_of(c, x, DType::UInt32, "input");
  const char* roles[] = {"", "weights", "unweights", "channel frequency starts", "channel weight starts",
                         "channel widths"};
  for (std::size_t i = 1; i < 6; ++i) {
    vector_of(c, c.in(i), DType::Int16, roles[i]);
    c.constant(c.in(i), roles[i]);
  }
  vector_of(c, y, DType::UInt64, "output");
  same_size(c, y, channels, "output");
  for (std::size_t i = 3; i < 6; ++i) {
    if (c.in(i).num_elements() < channels + 1) {
      c.fail("{} {} has {} elements; num_channels {} needs {}", roles[i], c.label(c.in(i).id), c.in(i).num_elements(),
             channels, channels + 1);
    }
  }
  // Channel i sums `width` inputs from its frequency start, weighted from its weight start.
  const auto freq = int16_values(c.in(3)), wstart = int16_values(c.in(4)), width = int16_values(c.in(5));
  const int64_t weights = std::min(w.num_elements(), uw.num_elements());
  for (int64_t i = 0; i <= channels; ++i) {
    const int64_t f = freq[i], s = wstart[i], n = width[i];
    if (n < 0 || f < 0 || s < 0 || f + n > x.num_elements() || s + n > weights) {
      c.fail("channel {} reads inputs {}..{} and weights {}..{}, outside the input's {} and the weights' {}", i, f,
             f + n - 1, s, s + n - 1, x.num_elements(), weights);
    }
  }
}

void check_filter_bank_square_root(const OpCheck& c, Operator& op) {
  c.arity(2, 2);
  outputs(c, 1);
  options_with(c, op, {});
  const Tensor &x = c.in(0), &bits = c.in(1), &y = c.out();
  vector_of(c, x, DType::UInt64, "input");
  c.type(bits, DType::Int32, "scale bits");
  c.rank_is(bits, 0, "scale bits");
  vector_of(c, y, DType::UInt32, "output");
  same_size(c, y, x.num_elements(), "output");
}

void check_spectral_subtraction(const OpCheck& c, Operator& op) {
  c.arity(2, 2);  // the model's input, then the noise estimate's state (the reader adds it)
  outputs(c, 2);
  const SignalOptions& o =
      options_with(c, op,
                   {"alternate_one_minus_smoothing", "alternate_smoothing", "clamping", "min_signal_remaining",
                    "num_channels", "one_minus_smoothing", "smoothing", "smoothing_bits",
                    "spectral_subtraction_bits"});
  const int64_t channels = option_in(c, o, "num_channels", 1, 1 << 14);
  option_in(c, o, "smoothing_bits", 0, 31);
  option_in(c, o, "spectral_subtraction_bits", 0, 63);
  for (const char* key : {"smoothing", "one_minus_smoothing", "alternate_smoothing",
                          "alternate_one_minus_smoothing", "min_signal_remaining"}) {
    option_in(c, o, key, INT32_MIN, INT32_MAX);  // TFLite Micro reads them as int32
  }
  const Tensor &x = c.in(0), &y = c.out(), &noise = out_at(c, 1);
  for (const Tensor* t : {&x, &y, &noise}) {
    const char* role = t == &x ? "input" : t == &y ? "output" : "noise estimate output";
    vector_of(c, *t, DType::UInt32, role);
    same_size(c, *t, channels, role);
  }
  if (!c.in(1).is_variable) c.fail("its noise estimate state {} is not a variable tensor", c.label(c.in(1).id));
}

// WideDynamicFunction indexes the gain table up to 4 * 32 - 4 (inputs of 32 significant bits).
constexpr int64_t kPcanLutSize = 125;

void check_pcan(const OpCheck& c, Operator& op) {
  c.arity(3, 3);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"snr_shift"});
  option_in(c, o, "snr_shift", 0, 63);
  const Tensor &x = c.in(0), &noise = c.in(1), &lut = c.in(2), &y = c.out();
  vector_of(c, x, DType::UInt32, "input");
  vector_of(c, noise, DType::UInt32, "noise estimate");
  vector_of(c, lut, DType::Int16, "gain table");
  vector_of(c, y, DType::UInt32, "output");
  same_size(c, y, x.num_elements(), "output");
  if (noise.num_elements() < x.num_elements()) {
    c.fail("noise estimate {} has {} elements, fewer than the input's {}", c.label(noise.id), noise.num_elements(),
           x.num_elements());
  }
  if (lut.num_elements() < kPcanLutSize) {
    c.fail("gain table {} has {} entries; TFLite Micro's PCAN reads {}", c.label(lut.id), lut.num_elements(),
           kPcanLutSize);
  }
}

void check_filter_bank_log(const OpCheck& c, Operator& op) {
  c.arity(1, 1);
  outputs(c, 1);
  const SignalOptions& o = options_with(c, op, {"input_correction_bits", "output_scale"});
  option_in(c, o, "input_correction_bits", 0, 31);
  option_in(c, o, "output_scale", INT32_MIN, INT32_MAX);
  const Tensor &x = c.in(0), &y = c.out();
  vector_of(c, x, DType::UInt32, "input");
  vector_of(c, y, DType::Int16, "output");
  same_size(c, y, x.num_elements(), "output");
}

const CheckEntry kChecks[] = {
    {OpType::SignalWindow, check_window, "int16 samples, int16 window -> int16"},
    {OpType::SignalFftAutoScale, check_fft_auto_scale, "int16 -> int16, int32 scale bits"},
    {OpType::SignalRfft, check_rfft, "int16 -> int16 complex (fft_length twice a product of 2, 3, 5)"},
    {OpType::SignalEnergy, check_energy, "int16 complex -> uint32"},
    {OpType::SignalFilterBank, check_filter_bank, "uint32, constant int16 tables -> uint64"},
    {OpType::SignalFilterBankSquareRoot, check_filter_bank_square_root, "uint64, int32 scale bits -> uint32"},
    {OpType::SignalFilterBankSpectralSubtraction, check_spectral_subtraction,
     "uint32 -> uint32, uint32 noise estimate (state across inferences)"},
    {OpType::SignalPcan, check_pcan, "uint32, uint32 noise estimate, int16 gain table -> uint32"},
    {OpType::SignalFilterBankLog, check_filter_bank_log, "uint32 -> int16"},
};

}  // namespace

std::span<const CheckEntry> signal_checks() { return kChecks; }

}  // namespace aotbench::codegen::reader_detail
