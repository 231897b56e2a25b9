/* LOGISTIC and TANH of int16 (TFLite Micro's reference): the input rescaled so that 24 steps
 * of 2^-9 (LOGISTIC) or 2^-8 (TANH) make one unit, then a linear interpolation in a table of
 * sigmoid(k/24), using tanh(x) = 2 sigmoid(2x) - 1 and the functions' symmetry. */
#include "ab_ref_kernels.h"

/* sigmoid(k / 24) in Q0.16 for k = 0..255: TFLite's own table, whose rounding no simple formula
 * reproduces, so it is data here. */
static const uint16_t k_sigmoid_q16[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149,
    40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369,
    47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169,
    53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370,
    60565, 60753, 60935, 61110, 61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302,
    62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186, 63279, 63368, 63454, 63536,
    63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786,
    64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079,
    65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474,
    65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498,
    65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522,
    65523, 65523, 65524, 65524, 65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528,
    65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531,
    65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65534, 65535,
};

/* The input on the table's scale: (x * multiplier + rounding) >> shift. */
static int32_t scaled_input(const ab_sigmoid_s16_params* p, int16_t x) {
  const int32_t shift = p->input_right_shift;
  const int32_t round = shift > 0 ? (int32_t)1 << (shift - 1) : 0;
  return ((int32_t)x * p->input_multiplier + round) >> shift;
}

static uint32_t magnitude(int32_t v) { return v >= 0 ? (uint32_t)v : 0u - (uint32_t)v; }

/* sigmoid(|v| / 2^frac_bits / 24) interpolated, in Q0.(16 + frac_bits); saturated beyond the
 * table's last step. */
static uint32_t sigmoid_of_magnitude(uint32_t m, int frac_bits, uint32_t saturated) {
  const uint32_t step = m >> frac_bits;
  if (step >= 255) return saturated;
  const uint32_t a = k_sigmoid_q16[step], b = k_sigmoid_q16[step + 1];
  const uint32_t frac = m & (((uint32_t)1 << frac_bits) - 1);
  return (a << frac_bits) + frac * (b - a);
}

void ab_ref_logistic_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const int32_t v = scaled_input(p, input[i]);
    uint32_t r = sigmoid_of_magnitude(magnitude(v), 9, (uint32_t)0x7FFF << 10);
    /* sigmoid(-x) = 1 - sigmoid(x); both rounded back to Q0.15. */
    r = v >= 0 ? r + (1u << 9) : (1u << 25) - r + (1u << 9) - 1;
    output[i] = (int16_t)(r >> 10);
  }
}

void ab_ref_tanh_s16(const ab_sigmoid_s16_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t i = 0; i < p->size; ++i) {
    const int32_t v = scaled_input(p, input[i]);
    int32_t r = (int32_t)sigmoid_of_magnitude(magnitude(v), 8, (uint32_t)0xFFFF << 8);
    /* tanh = 2 sigmoid - 1, odd; rounded back to Q0.15. */
    r = v >= 0 ? r - (1 << 23) + (1 << 7) : -r + (1 << 23) + (1 << 7) - 1;
    output[i] = (int16_t)(r >> 8);
  }
}
