/* Reference kernels of TFLite Micro's signal library, its audio front end (included by
 * ab_ref_kernels.h, inside its extern "C"; same conventions). Complex values are (real,
 * imaginary) int16 pairs. */
#ifndef AB_REF_KERNELS_SIGNAL_H
#define AB_REF_KERNELS_SIGNAL_H

#include "ab_params.h"

void ab_ref_signal_window(const ab_signal_window_params* p, const int16_t* input, const int16_t* window,
                          int16_t* output);
void ab_ref_signal_fft_auto_scale(const ab_signal_size_params* p, const int16_t* input, int16_t* output,
                                  int32_t* scale_bits);
void ab_ref_signal_rfft_s16(const ab_rfft_params* p, const int16_t* input, int16_t* output);
void ab_ref_signal_energy(const ab_signal_energy_params* p, const int16_t* input, uint32_t* output);
void ab_ref_signal_filter_bank(const ab_signal_filter_bank_params* p, const uint32_t* input,
                               const int16_t* weights, const int16_t* unweights, const int16_t* freq_start,
                               const int16_t* weight_start, const int16_t* width, uint64_t* output);
/* scale_bits: the right shift after the square root (FftAutoScale's count). */
void ab_ref_signal_filter_bank_square_root(const ab_signal_size_params* p, const uint64_t* input,
                                           const int32_t* scale_bits, uint32_t* output);
/* noise_state: the smoothed estimate, updated in place; noise_output: its copy. */
void ab_ref_signal_spectral_subtraction(const ab_signal_spectral_subtraction_params* p, const uint32_t* input,
                                        uint32_t* noise_state, uint32_t* output, uint32_t* noise_output);
void ab_ref_signal_pcan(const ab_signal_pcan_params* p, const uint32_t* input, const uint32_t* noise,
                        const int16_t* gain_table, uint32_t* output);
void ab_ref_signal_filter_bank_log(const ab_signal_log_params* p, const uint32_t* input, int16_t* output);

#endif /* AB_REF_KERNELS_SIGNAL_H */
