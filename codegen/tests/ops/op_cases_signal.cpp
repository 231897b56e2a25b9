// Cases of TFLite Micro's signal library (its audio front end), custom operators with FlexBuffers
// options: each operator alone over its full input ranges and small ones (so that shifts, square
// roots and logarithms see every magnitude), odd sizes and extremes (-32768 samples, zero frames,
// fft lengths of every kissfft radix), and the front end's chain window -> auto scale -> RFFT ->
// energy, and the whole front end to log filter-bank energies. Energy bins outside [start_index, end_index) are left undefined by TFLite Micro, so the
// cases compute all of them (the audio preprocessor model checks a partial range). The spectral subtraction keeps its noise estimate across inferences: its cases have a
// second set of inputs.
#include <flatbuffers/flexbuffers.h>

#include <initializer_list>
#include <utility>

#include "op_case.hpp"

namespace aotbench::codegen::test {
namespace {

// A FlexBuffers map of integer options ("clamping" as a boolean, as TFLite's converter writes it).
std::vector<uint8_t> flex(std::initializer_list<std::pair<const char*, int64_t>> options) {
  flexbuffers::Builder fb;
  fb.Map([&] {
    for (const auto& [key, value] : options) {
      if (std::string(key) == "clamping") {
        fb.Bool(key, value != 0);
      } else {
        fb.Int(key, value);
      }
    }
  });
  fb.Finish();
  return fb.GetBuffer();
}

std::string name(const char* op, int n) { return std::string(op) + "_" + (n < 10 ? "0" : "") + std::to_string(n); }

// A magnitude spread over decades: the top of the range a value of `bits` bits at most reaches.
int64_t magnitude(CaseRng& rng, int max_bits) { return (int64_t{1} << rng.uniform(1, max_bits)) - 1; }

OpCase window_case(CaseRng& rng, int n) {
  CaseBuilder b(name("window", n));
  const int32_t length = static_cast<int32_t>(rng.uniform(1, 64)), frames = static_cast<int32_t>(rng.uniform(1, 3));
  const int64_t amp = n % 4 == 0 ? 32767 : magnitude(rng, 15);
  const int32_t x = b.input(TT::INT16, {frames, length}, {}, n % 8 == 0 ? -32768 : -amp, amp);
  const int32_t w = b.constant_random(rng, TT::INT16, {length}, {}, n % 3 == 0 ? -32768 : 0, 32767);
  const int32_t y = b.tensor(TT::INT16, {frames, length});
  const int64_t shift = n == 1 ? 0 : n == 2 ? 31 : rng.uniform(8, 18);
  b.custom("SignalWindow", {x, w}, {y}, flex({{"shift", shift}}));
  b.output(y);
  return b.finish(rng);
}

OpCase auto_scale_case(CaseRng& rng, int n) {
  CaseBuilder b(name("fft_auto_scale", n));
  const int32_t length = static_cast<int32_t>(rng.uniform(1, 100));
  // Zero, tiny, mid and full-range frames; -32768 in some (its magnitude does not fit int16).
  const int64_t amp = n == 0 ? 0 : n % 5 == 1 ? 32767 : magnitude(rng, 15);
  const int32_t x = b.input(TT::INT16, {length}, {}, n % 7 == 3 ? -32768 : -amp, amp);
  const int32_t y = b.tensor(TT::INT16, {length}), bits = b.tensor(TT::INT32, {});
  b.custom("SignalFftAutoScale", {x}, {y, bits}, flex({}));
  b.output(y);
  b.output(bits);
  return b.finish(rng);
}

OpCase rfft_case(CaseRng& rng, int n) {
  static const std::vector<int32_t> kLengths = {4, 6, 8, 10, 12, 16, 18, 20, 24, 30, 32, 40, 50, 60, 64, 100, 128, 250, 256, 512};
  CaseBuilder b(name("rfft", n));
  const int32_t fft = n < static_cast<int>(kLengths.size()) ? kLengths[static_cast<std::size_t>(n)] : rng.pick(kLengths);
  const int32_t length = static_cast<int32_t>(n % 3 == 0 ? fft : rng.uniform(1, fft));
  const int32_t frames = static_cast<int32_t>(rng.uniform(1, 2));
  const int64_t amp = n % 4 == 0 ? 32767 : magnitude(rng, 15);
  std::vector<int32_t> shape = {length}, out = {fft + 2};
  if (rng.coin()) {
    shape.insert(shape.begin(), frames);
    out.insert(out.begin(), frames);
  }
  const int32_t x = b.input(TT::INT16, shape, {}, n % 6 == 5 ? -32768 : -amp, amp);
  const int32_t y = b.tensor(TT::INT16, out);
  b.custom("SignalRfft", {x}, {y}, flex({{"T", static_cast<int64_t>(TT::INT16)}, {"fft_length", fft}}));
  b.output(y);
  return b.finish(rng);
}

OpCase energy_case(CaseRng& rng, int n) {
  CaseBuilder b(name("energy", n));
  const int32_t bins = static_cast<int32_t>(rng.uniform(1, 80));
  const int64_t amp = n % 4 == 0 ? 32767 : magnitude(rng, 15);
  const int32_t x = b.input(TT::INT16, {2 * bins}, {}, n % 4 == 0 ? -32768 : -amp, amp);
  const int32_t y = b.tensor(TT::UINT32, {bins});
  // TFLite Micro leaves the bins outside [start_index, end_index) as the arena held them (not
  // comparable): every bin is computed here.
  b.custom("SignalEnergy", {x}, {y}, flex({{"end_index", bins}, {"start_index", 0}}));
  b.output(y);
  return b.finish(rng);
}

// Channels of `width` frequencies each, neighbours overlapping as mel filters do, some empty.
OpCase filter_bank_case(CaseRng& rng, int n) {
  CaseBuilder b(name("filter_bank", n));
  const int32_t channels = static_cast<int32_t>(rng.uniform(1, 12));
  std::vector<int64_t> freq, start, width;
  int64_t f = rng.uniform(0, 3), weights = 0;
  for (int32_t c = 0; c <= channels; ++c) {
    const int64_t w = n % 5 == 4 && c % 3 == 1 ? 0 : rng.uniform(1, 9);
    freq.push_back(f);
    start.push_back(weights);
    width.push_back(w);
    weights += w;
    f += rng.uniform(0, w);
  }
  const int32_t size = static_cast<int32_t>(f + 10 + rng.uniform(0, 5));
  const int64_t top = n % 3 == 0 ? UINT32_MAX : magnitude(rng, 31);
  const int32_t x = b.input(TT::UINT32, {size}, {}, 0, top);
  const int32_t nw = static_cast<int32_t>(std::max<int64_t>(weights, 1));
  const int32_t w = b.constant_random(rng, TT::INT16, {nw}, {}, n % 4 == 0 ? -32768 : 0, 4096);
  const int32_t uw = b.constant_random(rng, TT::INT16, {nw}, {}, n % 4 == 0 ? -32768 : 0, 4096);
  const int32_t tables[] = {b.constant_values(TT::INT16, {channels + 1}, freq),
                            b.constant_values(TT::INT16, {channels + 1}, start),
                            b.constant_values(TT::INT16, {channels + 1}, width)};
  const int32_t y = b.tensor(TT::UINT64, {channels});
  b.custom("SignalFilterBank", {x, w, uw, tables[0], tables[1], tables[2]}, {y}, flex({{"num_channels", channels}}));
  b.output(y);
  return b.finish(rng);
}

OpCase square_root_case(CaseRng& rng, int n) {
  CaseBuilder b(name("filter_bank_square_root", n));
  const int32_t size = static_cast<int32_t>(rng.uniform(1, 40));
  // Below 2^32 (the 32-bit root), above it, and the largest values.
  const int64_t top = n % 4 == 0 ? INT64_MAX : n % 4 == 1 ? UINT32_MAX : magnitude(rng, 62);
  const int32_t x = b.input(TT::UINT64, {size}, {}, n % 4 == 0 ? INT64_MAX / 2 : 0, top);
  const int32_t bits = b.input(TT::INT32, {}, {}, 0, n % 2 ? 15 : 0);
  const int32_t y = b.tensor(TT::UINT32, {size});
  b.custom("SignalFilterBankSquareRoot", {x, bits}, {y}, flex({}));
  b.output(y);
  return b.finish(rng);
}

// Coefficients as the front end's generator makes them (scaled by 2^bits, smoothing + its
// complement = 2^bits), and arbitrary ones.
OpCase spectral_subtraction_case(CaseRng& rng, int n) {
  CaseBuilder b(name("spectral_subtraction", n));
  const int32_t channels = static_cast<int32_t>(rng.uniform(1, 40));
  const int64_t bits = n % 5 == 4 ? rng.uniform(0, 20) : 14, one = int64_t{1} << bits;
  const int64_t smoothing = rng.uniform(0, one), alternate = rng.uniform(0, one);
  const int64_t smoothing_bits = n % 3 == 0 ? 0 : rng.uniform(1, 12);
  const int32_t x = b.input(TT::UINT32, {channels}, {}, 0, n % 6 == 5 ? UINT32_MAX : magnitude(rng, 20));
  const int32_t y = b.tensor(TT::UINT32, {channels}), noise = b.tensor(TT::UINT32, {channels});
  b.custom("SignalFilterBankSpectralSubtraction", {x}, {y, noise},
           flex({{"alternate_one_minus_smoothing", one - alternate},
                 {"alternate_smoothing", alternate},
                 {"clamping", n % 2},
                 {"min_signal_remaining", rng.uniform(0, one)},
                 {"num_channels", channels},
                 {"one_minus_smoothing", n % 7 == 6 ? rng.uniform(0, INT32_MAX) : one - smoothing},
                 {"smoothing", smoothing},
                 {"smoothing_bits", smoothing_bits},
                 {"spectral_subtraction_bits", bits}}),
           true);
  b.output(y);
  b.output(noise);
  return b.finish(rng);
}

OpCase pcan_case(CaseRng& rng, int n) {
  CaseBuilder b(name("pcan", n));
  const int32_t channels = static_cast<int32_t>(rng.uniform(1, 40));
  const int32_t x = b.input(TT::UINT32, {channels}, {}, 0, n % 5 == 0 ? UINT32_MAX : magnitude(rng, 24));
  const int32_t noise = b.input(TT::UINT32, {channels}, {}, 0, n % 4 == 0 ? UINT32_MAX : magnitude(rng, 24));
  // A gain table: small quadratic coefficients as the front end's have, or anything.
  const bool wide = n % 3 == 0;
  const int32_t lut = b.constant_random(rng, TT::INT16, {125}, {}, wide ? -32768 : -200, wide ? 32767 : 4000);
  const int32_t y = b.tensor(TT::UINT32, {channels});
  b.custom("SignalPCAN", {x, noise, lut}, {y}, flex({{"snr_shift", n % 6 == 0 ? rng.uniform(0, 63) : rng.uniform(4, 10)}}));
  b.output(y);
  return b.finish(rng);
}

OpCase log_case(CaseRng& rng, int n) {
  CaseBuilder b(name("filter_bank_log", n));
  const int32_t channels = static_cast<int32_t>(rng.uniform(1, 40));
  const int32_t x = b.input(TT::UINT32, {channels}, {}, 0, n % 4 == 0 ? UINT32_MAX : magnitude(rng, 32));
  const int32_t y = b.tensor(TT::INT16, {channels});
  const int64_t scale = n % 5 == 0 ? rng.uniform(INT32_MIN, INT32_MAX) : rng.uniform(1, 4000);
  b.custom("SignalFilterBankLog", {x}, {y}, flex({{"input_correction_bits", rng.uniform(0, 8)}, {"output_scale", scale}}));
  b.output(y);
  return b.finish(rng);
}

// The front end's first stages in a row, as the audio preprocessor runs them.
OpCase spectrum_chain_case(CaseRng& rng, int n) {
  CaseBuilder b(name("spectrum_chain", n));
  const int32_t length = static_cast<int32_t>(rng.uniform(100, 480));
  const int32_t fft = length <= 128 ? 128 : length <= 256 ? 256 : 512;
  const int32_t x = b.input(TT::INT16, {1, length}, {}, -magnitude(rng, 15), 32767);
  const int32_t w = b.constant_random(rng, TT::INT16, {length}, {}, 0, 4096);
  const int32_t windowed = b.tensor(TT::INT16, {1, length});
  b.custom("SignalWindow", {x, w}, {windowed}, flex({{"shift", 12}}));
  const int32_t scaled = b.tensor(TT::INT16, {length}), bits = b.tensor(TT::INT32, {});
  // FftAutoScale takes rank 1: a frame of the window's output, through RESHAPE.
  const int32_t flat = b.tensor(TT::INT16, {length});
  b.op(BO::RESHAPE, {windowed, b.constant_values(TT::INT32, {1}, {-1})}, {flat}, tfl::ReshapeOptionsT{});
  b.custom("SignalFftAutoScale", {flat}, {scaled, bits}, flex({}));
  const int32_t spectrum = b.tensor(TT::INT16, {fft + 2});
  b.custom("SignalRfft", {scaled}, {spectrum}, flex({{"T", static_cast<int64_t>(TT::INT16)}, {"fft_length", fft}}));
  const int32_t energy = b.tensor(TT::UINT32, {fft / 2 + 1});
  b.custom("SignalEnergy", {spectrum}, {energy}, flex({{"end_index", fft / 2 + 1}, {"start_index", 0}}));
  b.output(energy);
  b.output(bits);
  return b.finish(rng);
}

// The whole front end as the micro_speech audio preprocessor runs it, from a frame of samples to
// log filter-bank energies, noise estimate kept across inferences.
OpCase front_end_case(CaseRng& rng, int n) {
  CaseBuilder b(name("front_end", n));
  const int32_t length = static_cast<int32_t>(rng.uniform(200, 480)), fft = 512, bins = fft / 2 + 1;
  const int32_t x = b.input(TT::INT16, {length}, {}, -magnitude(rng, 15), 32767);
  const int32_t w = b.constant_random(rng, TT::INT16, {length}, {}, 0, 4096);
  const int32_t windowed = b.tensor(TT::INT16, {length});
  b.custom("SignalWindow", {x, w}, {windowed}, flex({{"shift", 12}}));
  const int32_t scaled = b.tensor(TT::INT16, {length}), bits = b.tensor(TT::INT32, {});
  b.custom("SignalFftAutoScale", {windowed}, {scaled, bits}, flex({}));
  const int32_t spectrum = b.tensor(TT::INT16, {fft + 2});
  b.custom("SignalRfft", {scaled}, {spectrum}, flex({{"T", static_cast<int64_t>(TT::INT16)}, {"fft_length", fft}}));
  const int32_t energy = b.tensor(TT::UINT32, {bins});
  b.custom("SignalEnergy", {spectrum}, {energy}, flex({{"end_index", bins}, {"start_index", 0}}));
  // Overlapping triangular channels over the bins, weights and their complements in Q12.
  const int32_t channels = static_cast<int32_t>(rng.uniform(8, 40));
  std::vector<int64_t> freq, start, width, weights, unweights;
  const int64_t span = (bins - 8) / (channels + 1);
  for (int32_t c = 0; c <= channels; ++c) {
    freq.push_back(4 + c * span);
    start.push_back(static_cast<int64_t>(weights.size()));
    width.push_back(span);
    for (int64_t j = 0; j < span; ++j) {
      weights.push_back(4096 * (j + 1) / (span + 1));
      unweights.push_back(4096 - weights.back());
    }
  }
  const int32_t nw = static_cast<int32_t>(weights.size());
  const int32_t banks = b.tensor(TT::UINT64, {channels});
  b.custom("SignalFilterBank",
           {energy, b.constant_values(TT::INT16, {nw}, weights), b.constant_values(TT::INT16, {nw}, unweights),
            b.constant_values(TT::INT16, {channels + 1}, freq), b.constant_values(TT::INT16, {channels + 1}, start),
            b.constant_values(TT::INT16, {channels + 1}, width)},
           {banks}, flex({{"num_channels", channels}}));
  const int32_t roots = b.tensor(TT::UINT32, {channels});
  b.custom("SignalFilterBankSquareRoot", {banks, bits}, {roots}, flex({}));
  const int32_t clean = b.tensor(TT::UINT32, {channels}), noise = b.tensor(TT::UINT32, {channels});
  b.custom("SignalFilterBankSpectralSubtraction", {roots}, {clean, noise},
           flex({{"alternate_one_minus_smoothing", 15401},
                 {"alternate_smoothing", 983},
                 {"clamping", n % 2},
                 {"min_signal_remaining", 819},
                 {"num_channels", channels},
                 {"one_minus_smoothing", 15975},
                 {"smoothing", 409},
                 {"smoothing_bits", 10},
                 {"spectral_subtraction_bits", 14}}),
           true);
  const int32_t lut = b.constant_random(rng, TT::INT16, {125}, {}, -200, 4000);
  const int32_t gained = b.tensor(TT::UINT32, {channels});
  b.custom("SignalPCAN", {clean, noise, lut}, {gained}, flex({{"snr_shift", 6}}));
  const int32_t logs = b.tensor(TT::INT16, {channels});
  b.custom("SignalFilterBankLog", {gained}, {logs}, flex({{"input_correction_bits", 3}, {"output_scale", 64}}));
  b.output(logs);
  return b.finish(rng);
}

}  // namespace

std::vector<OpCase> signal_cases() {
  CaseRng rng(29);
  std::vector<OpCase> cases;
  for (int n = 0; n < 16; ++n) cases.push_back(window_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(auto_scale_case(rng, n));
  for (int n = 0; n < 32; ++n) cases.push_back(rfft_case(rng, n));
  for (int n = 0; n < 12; ++n) cases.push_back(energy_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(filter_bank_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(square_root_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(spectral_subtraction_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(pcan_case(rng, n));
  for (int n = 0; n < 16; ++n) cases.push_back(log_case(rng, n));
  for (int n = 0; n < 4; ++n) cases.push_back(spectrum_chain_case(rng, n));
  for (int n = 0; n < 4; ++n) cases.push_back(front_end_case(rng, n));
  return cases;
}

}  // namespace aotbench::codegen::test
