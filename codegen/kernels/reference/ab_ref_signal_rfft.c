/* SignalRfft, int16: kissfft's fixed-point real FFT as TFLite Micro builds it (the FIXED_POINT 16
 * configuration). Products are Q15 with rounding, every butterfly input is divided by its radix
 * first, and sums wrap in int16: every step below is kept in kissfft's order so the bits agree. */
#include "ab_ref_kernels.h"

typedef struct {
  int16_t r, i;
} cpx16;

/* Q15 rounding of a product sum. */
static inline int16_t q15(int32_t x) { return (int16_t)((x + (1 << 14)) >> 15); }

static inline cpx16 cmul(cpx16 a, cpx16 b) {
  cpx16 m;
  m.r = q15((int32_t)a.r * b.r - (int32_t)a.i * b.i);
  m.i = q15((int32_t)a.r * b.i + (int32_t)a.i * b.r);
  return m;
}

static inline cpx16 cadd(cpx16 a, cpx16 b) {
  cpx16 s = {(int16_t)(a.r + b.r), (int16_t)(a.i + b.i)};
  return s;
}

static inline cpx16 csub(cpx16 a, cpx16 b) {
  cpx16 s = {(int16_t)(a.r - b.r), (int16_t)(a.i - b.i)};
  return s;
}

/* Division by a radix as a Q15 multiplication by floor(32767 / radix). */
static inline cpx16 cdiv(cpx16 a, int32_t radix) {
  const int32_t k = 32767 / radix;
  cpx16 s = {q15(a.r * k), q15(a.i * k)};
  return s;
}

static inline int16_t smul(int32_t a, int32_t b) { return q15(a * b); }

static inline cpx16 twiddle(const int16_t* tw, ab_idx_t k) {
  cpx16 t = {tw[2 * k], tw[2 * k + 1]};
  return t;
}

static void butterfly2(cpx16* f, const int16_t* tw, ab_idx_t stride, ab_idx_t m) {
  for (ab_idx_t k = 0; k < m; ++k) {
    cpx16 a = cdiv(f[k], 2);
    const cpx16 t = cmul(cdiv(f[k + m], 2), twiddle(tw, k * stride));
    f[k + m] = csub(a, t);
    f[k] = cadd(a, t);
  }
}

static void butterfly3(cpx16* f, const int16_t* tw, ab_idx_t stride, ab_idx_t m) {
  const int16_t sin3 = twiddle(tw, stride * m).i;
  for (ab_idx_t k = 0; k < m; ++k) {
    cpx16 f0 = cdiv(f[k], 3);
    const cpx16 s1 = cmul(cdiv(f[k + m], 3), twiddle(tw, k * stride));
    const cpx16 s2 = cmul(cdiv(f[k + 2 * m], 3), twiddle(tw, 2 * k * stride));
    const cpx16 sum = cadd(s1, s2);
    const cpx16 diff = csub(s1, s2);
    cpx16 f1 = {(int16_t)(f0.r - (sum.r >> 1)), (int16_t)(f0.i - (sum.i >> 1))};
    const cpx16 rot = {smul(diff.r, sin3), smul(diff.i, sin3)};
    f0 = cadd(f0, sum);
    const cpx16 f2 = {(int16_t)(f1.r + rot.i), (int16_t)(f1.i - rot.r)};
    f1.r = (int16_t)(f1.r - rot.i);
    f1.i = (int16_t)(f1.i + rot.r);
    f[k] = f0;
    f[k + m] = f1;
    f[k + 2 * m] = f2;
  }
}

static void butterfly4(cpx16* f, const int16_t* tw, ab_idx_t stride, ab_idx_t m) {
  for (ab_idx_t k = 0; k < m; ++k) {
    cpx16 f0 = cdiv(f[k], 4);
    const cpx16 s0 = cmul(cdiv(f[k + m], 4), twiddle(tw, k * stride));
    const cpx16 s1 = cmul(cdiv(f[k + 2 * m], 4), twiddle(tw, 2 * k * stride));
    const cpx16 s2 = cmul(cdiv(f[k + 3 * m], 4), twiddle(tw, 3 * k * stride));
    const cpx16 s5 = csub(f0, s1);
    f0 = cadd(f0, s1);
    const cpx16 s3 = cadd(s0, s2);
    const cpx16 s4 = csub(s0, s2);
    f[k + 2 * m] = csub(f0, s3);
    f[k] = cadd(f0, s3);
    f[k + m].r = (int16_t)(s5.r + s4.i);
    f[k + m].i = (int16_t)(s5.i - s4.r);
    f[k + 3 * m].r = (int16_t)(s5.r - s4.i);
    f[k + 3 * m].i = (int16_t)(s5.i + s4.r);
  }
}

static void butterfly5(cpx16* f, const int16_t* tw, ab_idx_t stride, ab_idx_t m) {
  const cpx16 ya = twiddle(tw, stride * m), yb = twiddle(tw, 2 * stride * m);
  for (ab_idx_t u = 0; u < m; ++u) {
    const cpx16 s0 = cdiv(f[u], 5);
    const cpx16 s1 = cmul(cdiv(f[u + m], 5), twiddle(tw, u * stride));
    const cpx16 s2 = cmul(cdiv(f[u + 2 * m], 5), twiddle(tw, 2 * u * stride));
    const cpx16 s3 = cmul(cdiv(f[u + 3 * m], 5), twiddle(tw, 3 * u * stride));
    const cpx16 s4 = cmul(cdiv(f[u + 4 * m], 5), twiddle(tw, 4 * u * stride));
    const cpx16 s7 = cadd(s1, s4), s10 = csub(s1, s4), s8 = cadd(s2, s3), s9 = csub(s2, s3);
    cpx16 f0 = s0;
    f0.r = (int16_t)(f0.r + (s7.r + s8.r));
    f0.i = (int16_t)(f0.i + (s7.i + s8.i));
    const cpx16 s5 = {(int16_t)(s0.r + smul(s7.r, ya.r) + smul(s8.r, yb.r)),
                      (int16_t)(s0.i + smul(s7.i, ya.r) + smul(s8.i, yb.r))};
    const cpx16 s6 = {(int16_t)(smul(s10.i, ya.i) + smul(s9.i, yb.i)),
                      (int16_t)(-smul(s10.r, ya.i) - smul(s9.r, yb.i))};
    const cpx16 s11 = {(int16_t)(s0.r + smul(s7.r, yb.r) + smul(s8.r, ya.r)),
                       (int16_t)(s0.i + smul(s7.i, yb.r) + smul(s8.i, ya.r))};
    const cpx16 s12 = {(int16_t)(-smul(s10.i, yb.i) + smul(s9.i, ya.i)),
                       (int16_t)(smul(s10.r, yb.i) - smul(s9.r, ya.i))};
    f[u] = f0;
    f[u + m] = csub(s5, s6);
    f[u + 4 * m] = cadd(s5, s6);
    f[u + 2 * m] = cadd(s11, s12);
    f[u + 3 * m] = csub(s11, s12);
  }
}

/* The complex FFT of one frame's samples (read as pairs, zero past input_length) into out. */
static void complex_fft(const ab_rfft_params* p, const int16_t* samples, cpx16* out) {
  for (ab_idx_t j = 0; j < p->half; ++j) {
    const ab_idx_t at = 2 * (ab_idx_t)p->leaf_order[j];
    out[j].r = at < p->input_length ? samples[at] : 0;
    out[j].i = at + 1 < p->input_length ? samples[at + 1] : 0;
  }
  for (int32_t s = 0; s < p->stages; ++s) {
    const ab_idx_t radix = p->radix[s], m = p->span[s], block = radix * m;
    const ab_idx_t stride = p->half / block; /* twiddle step: the blocks at this stage */
    for (ab_idx_t b = 0; b < p->half; b += block) {
      switch (radix) {
        case 2: butterfly2(out + b, p->twiddles, stride, m); break;
        case 3: butterfly3(out + b, p->twiddles, stride, m); break;
        case 4: butterfly4(out + b, p->twiddles, stride, m); break;
        default: butterfly5(out + b, p->twiddles, stride, m); break;
      }
    }
  }
}

/* Splits the complex FFT of the paired samples, in place in out[0, half), into the real
 * signal's spectrum out[0, half]: bins k and half - k come from the same two values. */
static void split_real(const ab_rfft_params* p, cpx16* out) {
  const ab_idx_t n = p->half;
  const cpx16 dc = cdiv(out[0], 2);
  out[0].r = (int16_t)(dc.r + dc.i);
  out[n].r = (int16_t)(dc.r - dc.i);
  out[0].i = 0;
  out[n].i = 0;
  for (ab_idx_t k = 1; k <= n / 2; ++k) {
    const cpx16 fk = cdiv(out[k], 2);
    const cpx16 mirror = {out[n - k].r, (int16_t)-out[n - k].i};
    const cpx16 fnk = cdiv(mirror, 2);
    const cpx16 f1 = cadd(fk, fnk), f2 = csub(fk, fnk);
    const cpx16 t = cmul(f2, twiddle(p->split_twiddles, k - 1));
    out[k].r = (int16_t)((f1.r + t.r) >> 1);
    out[k].i = (int16_t)((f1.i + t.i) >> 1);
    out[n - k].r = (int16_t)((f1.r - t.r) >> 1);
    out[n - k].i = (int16_t)((t.i - f1.i) >> 1);
  }
}

void ab_ref_signal_rfft_s16(const ab_rfft_params* p, const int16_t* input, int16_t* output) {
  for (ab_idx_t frame = 0; frame < p->frames; ++frame) {
    /* int16 pairs as a struct of two int16: same layout, and the library's own view of them. */
    cpx16* out = (cpx16*)(void*)(output + frame * (p->fft_length + 2));
    complex_fft(p, input + frame * p->input_length, out);
    split_real(p, out);
  }
}
