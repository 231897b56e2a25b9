/* Parameter structs of TFLite Micro's signal library, the operators of its audio front end
 * (included by ab_params.h, whose conventions and field-list macros they follow). Samples and
 * spectra are int16, energies and filter-bank sums unsigned (uint32, uint64); the arithmetic is
 * the library's own fixed point, not TFLite's quantization. */
#ifndef AB_PARAMS_SIGNAL_H
#define AB_PARAMS_SIGNAL_H

/* SignalWindow: out[i] = sat16((in[i] * window[i % window_size]) >> shift), frame by frame. */
#define AB_SIGNAL_WINDOW_FIELDS(F, A, E)                                               \
  F(ab_idx_t, size, "input elements, a multiple of window_size")                       \
  F(ab_idx_t, window_size, "")                                                         \
  F(int32_t, shift, "0..31")
AB_DEFINE_PARAMS(ab_signal_window_params, AB_SIGNAL_WINDOW_FIELDS)

/* SignalFftAutoScale: shifts every sample left by the bits the largest magnitude leaves free
 * (16 - significant bits - 1, at least 0), and returns that count as an int32 scalar. */
#define AB_SIGNAL_SIZE_FIELDS(F, A, E)                                                 \
  F(ab_idx_t, size, "elements")
AB_DEFINE_PARAMS(ab_signal_size_params, AB_SIGNAL_SIZE_FIELDS)

/* Most stages of a mixed-radix FFT of at most 2^13 points (kissfft's radices 4, 2, 3, 5). */
#define AB_RFFT_MAX_STAGES 16

/* SignalRfft, int16: kissfft's fixed-point real FFT of fft_length samples (each frame zero
 * padded from input_length), giving fft_length / 2 + 1 complex (real, imaginary) int16 values.
 * It is a complex FFT of half = fft_length / 2 points (the samples read as pairs) followed by
 * the split into the real signal's spectrum. The complex FFT first places input pair
 * leaf_order[j] at position j, then runs the stages: stage s combines blocks of
 * radix[s] * span[s] values with butterflies of radix[s], every value scaled by 1/radix first.
 * Twiddles are kissfft's int16 cosines and sines, (real, imaginary) pairs. */
#define AB_RFFT_FIELDS(F, A, E)                                                        \
  F(ab_idx_t, frames, "")                                                              \
  F(ab_idx_t, input_length, "samples per frame, at most fft_length")                   \
  F(ab_idx_t, fft_length, "")                                                          \
  F(ab_idx_t, half, "fft_length / 2: points of the complex FFT")                       \
  F(int32_t, stages, "")                                                               \
  A(int32_t, radix, AB_RFFT_MAX_STAGES, "in the order the stages run")                 \
  A(int32_t, span, AB_RFFT_MAX_STAGES, "values per butterfly leg")                     \
  F(const int16_t*, leaf_order, "[half]")                                              \
  F(const int16_t*, twiddles, "[2 * half]: exp(-2 pi i k / half)")                     \
  F(const int16_t*, split_twiddles, "[half]: exp(-pi i ((k + 1) / half + 1 / 2)), k < half / 2")
AB_DEFINE_PARAMS(ab_rfft_params, AB_RFFT_FIELDS)

/* SignalEnergy: out[i] = re[i]^2 + im[i]^2 for start <= i < end (uint32); TFLite Micro leaves
 * the other outputs as they were, here they are 0. */
#define AB_SIGNAL_ENERGY_FIELDS(F, A, E)                                               \
  F(ab_idx_t, size, "output elements")                                                 \
  F(ab_idx_t, start, "")                                                               \
  F(ab_idx_t, end, "")
AB_DEFINE_PARAMS(ab_signal_energy_params, AB_SIGNAL_ENERGY_FIELDS)

/* SignalFilterBank: channel c (0..channels, c = 0 only feeding channel 1) sums
 * input[freq_start[c] + j] * weights[weight_start[c] + j] over j < width[c] in uint64, and adds
 * the same with `unweights` into channel c + 1; output[c - 1] is channel c. */
#define AB_SIGNAL_FILTER_BANK_FIELDS(F, A, E)                                          \
  F(ab_idx_t, channels, "output elements")
AB_DEFINE_PARAMS(ab_signal_filter_bank_params, AB_SIGNAL_FILTER_BANK_FIELDS)

/* SignalFilterBankSpectralSubtraction: a per-channel noise estimate, smoothed over inferences
 * (the state), subtracted from the input, never below input * min_signal_remaining. Even
 * channels smooth with `smoothing`, odd ones with `alternate_smoothing`; coefficients are scaled
 * by 2^spectral_subtraction_bits. */
#define AB_SIGNAL_SPECTRAL_SUBTRACTION_FIELDS(F, A, E)                                 \
  F(ab_idx_t, channels, "")                                                            \
  F(int32_t, smoothing, "read as uint32")                                              \
  F(int32_t, one_minus_smoothing, "")                                                  \
  F(int32_t, alternate_smoothing, "")                                                  \
  F(int32_t, alternate_one_minus_smoothing, "")                                        \
  F(int32_t, min_signal_remaining, "")                                                 \
  F(int32_t, smoothing_bits, "0..31")                                                  \
  F(int32_t, spectral_subtraction_bits, "0..63")                                       \
  F(int32_t, clamping, "1: the estimate never exceeds the signal")
AB_DEFINE_PARAMS(ab_signal_spectral_subtraction_params, AB_SIGNAL_SPECTRAL_SUBTRACTION_FIELDS)

/* SignalPCAN: per-channel automatic gain control; the gain is a piecewise polynomial of the
 * noise estimate (a 125-entry int16 table), the gained signal then compressed (x^2 / 4 below 2,
 * x - 1 above, in fixed point). */
#define AB_SIGNAL_PCAN_FIELDS(F, A, E)                                                 \
  F(ab_idx_t, size, "channels")                                                        \
  F(int32_t, snr_shift, "0..63")
AB_DEFINE_PARAMS(ab_signal_pcan_params, AB_SIGNAL_PCAN_FIELDS)

/* Segments of the logarithm's correction table. */
#define AB_SIGNAL_LOG_SEGMENTS 128

/* SignalFilterBankLog: out = min(log(in << correction_bits) * output_scale, INT16_MAX) in the
 * library's fixed-point logarithm, 0 where the shifted input is 0 or 1. The logarithm's
 * fraction is log2(1 + f) ~ f + table(f), linear between AB_SIGNAL_LOG_SEGMENTS + 1 points of
 * 2^16 * (log2(1 + f) - f). */
#define AB_SIGNAL_LOG_FIELDS(F, A, E)                                                  \
  F(ab_idx_t, size, "")                                                                \
  F(int32_t, correction_bits, "0..31")                                                 \
  F(int32_t, output_scale, "read as uint32")                                           \
  F(const int16_t*, log_table, "[AB_SIGNAL_LOG_SEGMENTS + 1]")
AB_DEFINE_PARAMS(ab_signal_log_params, AB_SIGNAL_LOG_FIELDS)

#endif /* AB_PARAMS_SIGNAL_H */
