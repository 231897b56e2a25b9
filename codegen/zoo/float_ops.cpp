// Float reference operators for calibration. The innermost loops run over output channels with
// one accumulator each, so the compiler can vectorize them without reordering any sum.
#include "codegen/zoo/float_ops.hpp"

#include <algorithm>
#include <cassert>

namespace aotbench::codegen::zoo {
namespace {

// TFLite's output size and leading padding for SAME / VALID.
struct Window {
  int32_t out = 0, pad = 0;
};

Window window(int32_t in, int k, int stride, bool same) {
  if (!same) return {(in - k + stride) / stride, 0};
  int32_t out = (in + stride - 1) / stride;
  int32_t total = std::max<int32_t>((out - 1) * stride + k - in, 0);
  return {out, total / 2};
}

// Re-lays TFLite's [Cout][K][Cin] weights as [K][Cin][Cout] for channel-innermost loops.
std::vector<float> to_cout_last(const std::vector<float>& w, int cout) {
  std::size_t rest = w.size() / cout;
  std::vector<float> t(w.size());
  for (int o = 0; o < cout; ++o) {
    for (std::size_t r = 0; r < rest; ++r) t[r * cout + o] = w[o * rest + r];
  }
  return t;
}

// Calls f(batch, output pixel, top row, left column of its window) for every output pixel.
template <typename F>
void for_each_pixel(const FTensor& x, FTensor& y, Window wy, Window wx, int stride, F f) {
  int32_t n = x.shape[0], c = y.shape[3];
  for (int32_t b = 0; b < n; ++b) {
    for (int32_t oy = 0; oy < wy.out; ++oy) {
      for (int32_t ox = 0; ox < wx.out; ++ox) {
        float* out = &y.data[((static_cast<std::size_t>(b) * wy.out + oy) * wx.out + ox) * c];
        f(b, out, oy * stride - wy.pad, ox * stride - wx.pad);
      }
    }
  }
}

}  // namespace

FTensor conv2d(const FTensor& x, const std::vector<float>& w, int cout, int kh, int kw, int stride,
               bool same) {
  const int32_t h = x.shape[1], wd = x.shape[2], cin = x.shape[3];
  Window wy = window(h, kh, stride, same), wx = window(wd, kw, stride, same);
  FTensor y{{x.shape[0], wy.out, wx.out, cout}, {}};
  y.data.assign(static_cast<std::size_t>(x.shape[0]) * wy.out * wx.out * cout, 0.0f);
  std::vector<float> wt = to_cout_last(w, cout);
  for_each_pixel(x, y, wy, wx, stride, [&](int32_t b, float* out, int32_t iy0, int32_t ix0) {
    for (int ky = 0; ky < kh; ++ky) {
      int32_t iy = iy0 + ky;
      if (iy < 0 || iy >= h) continue;
      for (int kx = 0; kx < kw; ++kx) {
        int32_t ix = ix0 + kx;
        if (ix < 0 || ix >= wd) continue;
        const float* in = &x.data[((static_cast<std::size_t>(b) * h + iy) * wd + ix) * cin];
        const float* wk = &wt[(static_cast<std::size_t>(ky) * kw + kx) * cin * cout];
        for (int32_t ci = 0; ci < cin; ++ci) {
          const float v = in[ci];
          const float* wrow = wk + static_cast<std::size_t>(ci) * cout;
          for (int o = 0; o < cout; ++o) out[o] += v * wrow[o];
        }
      }
    }
  });
  return y;
}

FTensor depthwise2d(const FTensor& x, const std::vector<float>& w, int kh, int kw, int stride,
                    bool same) {
  const int32_t h = x.shape[1], wd = x.shape[2], c = x.shape[3];
  Window wy = window(h, kh, stride, same), wx = window(wd, kw, stride, same);
  FTensor y{{x.shape[0], wy.out, wx.out, c}, {}};
  y.data.assign(static_cast<std::size_t>(x.shape[0]) * wy.out * wx.out * c, 0.0f);
  for_each_pixel(x, y, wy, wx, stride, [&](int32_t b, float* out, int32_t iy0, int32_t ix0) {
    for (int ky = 0; ky < kh; ++ky) {
      int32_t iy = iy0 + ky;
      if (iy < 0 || iy >= h) continue;
      for (int kx = 0; kx < kw; ++kx) {
        int32_t ix = ix0 + kx;
        if (ix < 0 || ix >= wd) continue;
        const float* in = &x.data[((static_cast<std::size_t>(b) * h + iy) * wd + ix) * c];
        const float* wk = &w[(static_cast<std::size_t>(ky) * kw + kx) * c];
        for (int32_t ch = 0; ch < c; ++ch) out[ch] += in[ch] * wk[ch];
      }
    }
  });
  return y;
}

FTensor dense(const FTensor& x, const std::vector<float>& w, int units) {
  const int32_t n = x.shape[0];
  const int32_t depth = static_cast<int32_t>(x.data.size() / n);
  std::vector<float> wt = to_cout_last(w, units);
  FTensor y{{n, units}, std::vector<float>(static_cast<std::size_t>(n) * units, 0.0f)};
  for (int32_t b = 0; b < n; ++b) {
    float* out = &y.data[static_cast<std::size_t>(b) * units];
    for (int32_t d = 0; d < depth; ++d) {
      const float v = x.data[static_cast<std::size_t>(b) * depth + d];
      const float* wrow = &wt[static_cast<std::size_t>(d) * units];
      for (int u = 0; u < units; ++u) out[u] += v * wrow[u];
    }
  }
  return y;
}

FTensor add(const FTensor& a, const FTensor& b) {
  assert(a.data.size() == b.data.size());
  FTensor y = a;
  for (std::size_t i = 0; i < y.data.size(); ++i) y.data[i] += b.data[i];
  return y;
}

FTensor spatial_mean(const FTensor& x) {
  const int32_t n = x.shape[0], c = x.shape[3];
  const std::size_t pixels = static_cast<std::size_t>(x.shape[1]) * x.shape[2];
  FTensor y{{n, c}, std::vector<float>(static_cast<std::size_t>(n) * c, 0.0f)};
  for (int32_t b = 0; b < n; ++b) {
    float* out = &y.data[static_cast<std::size_t>(b) * c];
    for (std::size_t p = 0; p < pixels; ++p) {
      const float* in = &x.data[(b * pixels + p) * c];
      for (int32_t ch = 0; ch < c; ++ch) out[ch] += in[ch];
    }
    for (int32_t ch = 0; ch < c; ++ch) out[ch] /= static_cast<float>(pixels);
  }
  return y;
}

}  // namespace aotbench::codegen::zoo
