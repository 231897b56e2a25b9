#pragma once
// The float operators of the zoo's calibration pass (NHWC, batch first). They compute what the
// int8 operators approximate, so the synthetic network's activation ranges can be measured the
// way TFLite's converter measures a real network's: by running it on sample inputs.
#include <cstdint>
#include <vector>

namespace aotbench::codegen::zoo {

struct FTensor {
  std::vector<int32_t> shape;  // [N,H,W,C] or [N,D]
  std::vector<float> data;

  int32_t channels() const { return shape.back(); }
};

// CONV_2D without bias; w is TFLite's [Cout][KH][KW][Cin].
FTensor conv2d(const FTensor& x, const std::vector<float>& w, int cout, int kh, int kw, int stride,
               bool same);
// DEPTHWISE_CONV_2D (multiplier 1) without bias; w is TFLite's [1][KH][KW][C].
FTensor depthwise2d(const FTensor& x, const std::vector<float>& w, int kh, int kw, int stride,
                    bool same);
// FULLY_CONNECTED without bias; w is TFLite's [units][depth].
FTensor dense(const FTensor& x, const std::vector<float>& w, int units);
FTensor add(const FTensor& a, const FTensor& b);
// The average over H and W: [N,H,W,C] -> [N,C].
FTensor spatial_mean(const FTensor& x);

}  // namespace aotbench::codegen::zoo
