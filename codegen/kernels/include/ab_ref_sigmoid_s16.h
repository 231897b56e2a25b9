/* TFLite's int16 logistic and tanh: linear interpolation in one table of sigmoid values (tanh(x)
 * is 2 * sigmoid(2x) - 1), as its reference integer LOGISTIC and TANH compute them on int16 data.
 * The LSTM's gates use them (the reference and the dsp family's LSTM), and so do the int16 LOGISTIC
 * and TANH kernels. Header-only: include it only where it is used (the table is static, and GCC
 * keeps unused static constants at -O0). */
#ifndef AB_REF_SIGMOID_S16_H
#define AB_REF_SIGMOID_S16_H

#include <stdint.h>

/* sigmoid(i / 24) in unsigned 0.16 fixed point, i = 0..255: the values TFLite's table holds
 * (not all of them the nearest to the real sigmoid: these are the ones its kernels interpolate). */
static const uint16_t ab_sigmoid_table_u16[256] = {
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

/* The rescaled input the two functions take: (x * multiplier + round) >> shift, TFLite's input
 * rescaling of int16 LOGISTIC/TANH once its power-of-two case (multiplier 0) is folded into
 * multiplier = 3 << shift, shift = 0. */
static inline int32_t ab_s16_activation_input(int32_t x, int32_t multiplier, int32_t shift) {
  const int32_t round = shift > 0 ? (int32_t)1 << (shift - 1) : 0;
  return (x * multiplier + round) >> shift;
}

/* logistic(v / 3 * 2^-12) as int16 Q0.15, v being the rescaled input (three times a Q3.12 value
 * for a unit multiplier): one table step per 2^9 of v. */
static inline int16_t ab_logistic_s16(int32_t v) {
  const uint32_t a = (uint32_t)(v < 0 ? -v : v);
  const uint32_t step = a >> 9;
  uint32_t r;
  if (step >= 255) {
    r = (uint32_t)0x7FFF << 10;
  } else {
    const uint32_t lo = ab_sigmoid_table_u16[step], hi = ab_sigmoid_table_u16[step + 1];
    r = (lo << 9) + (a & 0x1FF) * (hi - lo);
  }
  /* sigmoid(-x) = 1 - sigmoid(x); then round from 0.25 to 0.15 bits. */
  r = v >= 0 ? r + (1u << 9) : (1u << 25) - r + (1u << 9) - 1;
  return (int16_t)(r >> 10);
}

/* tanh(v / 3 * 2^-12) as int16 Q0.15: 2 * sigmoid(2x) - 1 from the same table, one step per 2^8
 * of v. */
static inline int16_t ab_tanh_s16(int32_t v) {
  const uint32_t a = (uint32_t)(v < 0 ? -v : v);
  const uint32_t step = a >> 8;
  int32_t r;
  if (step >= 255) {
    r = 0xFFFF << 8;
  } else {
    const uint32_t lo = ab_sigmoid_table_u16[step], hi = ab_sigmoid_table_u16[step + 1];
    r = (int32_t)((lo << 8) + (a & 0xFF) * (hi - lo));
  }
  r = v >= 0 ? r - (1 << 23) + (1 << 7) : -r + (1 << 23) + (1 << 7) - 1;
  return (int16_t)(r >> 8); /* an arithmetic shift, as the reference's */
}

#endif /* AB_REF_SIGMOID_S16_H */
