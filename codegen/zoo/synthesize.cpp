// Weight synthesis and calibration: one float forward pass over a batch of synthetic inputs.
#include "codegen/zoo/synthesize.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "codegen/zoo/float_ops.hpp"
#include "codegen/zoo/rng.hpp"

namespace aotbench::codegen::zoo {
namespace {

constexpr double kBatchNormEpsilon = 1e-3;  // Keras' default

std::size_t product(const std::vector<int32_t>& s) {
  std::size_t n = 1;
  for (int32_t d : s) n *= static_cast<std::size_t>(d);
  return n;
}

// Calibration batch: 8 samples for image models, more (up to 64) for small inputs, where batch
// statistics from 8 samples would be poor and the extra samples cost little.
int calibration_samples(const std::vector<int32_t>& input_shape) {
  return static_cast<int>(std::clamp<std::size_t>(32768 / product(input_shape), 8, 64));
}

// Per output channel: y = z * gain + offset, z being the convolution without bias.
struct ChannelAffine {
  std::vector<float> gain, offset;
};

class Synthesizer {
 public:
  explicit Synthesizer(const Network& net)
      : net_(net), samples_(calibration_samples(net.input_shape)), acts_(net.layers.size()) {
    last_use_.assign(net.layers.size() + 1, -1);
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
      for (int in : net.layers[i].inputs) last_use_[slot(in)] = static_cast<int>(i);
    }
  }

  SynthesizedParams run() {
    out_.input = {{static_cast<float>(net_.input_scale)}, {net_.input_zero_point}, 0};
    input_ = calibration_input();
    out_.layers.resize(net_.layers.size());
    for (std::size_t i = 0; i < net_.layers.size(); ++i) {
      layer(static_cast<int>(i));
      release_after(static_cast<int>(i));
    }
    return std::move(out_);
  }

 private:
  static std::size_t slot(int layer) { return static_cast<std::size_t>(layer + 1); }

  const FTensor& value(int layer) const { return layer == kGraphInput ? input_ : acts_[layer]; }
  const QuantParams& quant(int layer) const {
    return layer == kGraphInput ? out_.input : out_.layers[layer].output;
  }
  std::string seed(int layer, const char* role) const {
    return net_.model + "/" + net_.layers[layer].name + "/" + role;
  }

  // Uniformly distributed int8 codes, dequantized: every input value the model can receive.
  FTensor calibration_input() const {
    FTensor x{net_.input_shape, {}};
    x.shape[0] = samples_;
    Rng rng(net_.model + "/calibration_input");
    x.data.resize(product(x.shape));
    for (float& v : x.data) {
      v = static_cast<float>((rng.integer(-128, 127) - net_.input_zero_point) * net_.input_scale);
    }
    return x;
  }

  void release_after(int i) {
    for (int in = kGraphInput; in <= i; ++in) {
      if (last_use_[slot(in)] == i) {
        FTensor& t = in == kGraphInput ? input_ : acts_[in];
        t = FTensor{};
      }
    }
  }

  void layer(int i) {
    const Layer& l = net_.layers[i];
    LayerParams& p = out_.layers[i];
    switch (l.op) {
      case LayerOp::Conv:
      case LayerOp::Depthwise:
      case LayerOp::Dense: weighted(i); return;
      case LayerOp::Add: {
        acts_[i] = add(value(l.inputs[0]), value(l.inputs[1]));
        p.output = measured(i);
        return;
      }
      case LayerOp::AveragePool: {
        // TFLite's int8 AVERAGE_POOL_2D does not rescale: output and input share parameters.
        acts_[i] = spatial_mean(value(l.inputs[0]));
        acts_[i].shape = {samples_, 1, 1, acts_[i].shape[1]};
        p.output = quant(l.inputs[0]);
        return;
      }
      case LayerOp::Reshape: {
        acts_[i] = value(l.inputs[0]);
        acts_[i].shape = {samples_, l.shape[1]};
        p.output = quant(l.inputs[0]);
        return;
      }
      case LayerOp::Mean: {
        acts_[i] = spatial_mean(value(l.inputs[0]));
        p.output = measured(i);
        return;
      }
      case LayerOp::Softmax: p.output = {{1.0f / 256}, {-128}, 0}; return;
    }
  }

  // Applies the fused activation to acts_[i] and quantizes its range.
  QuantParams measured(int i) {
    const Layer& l = net_.layers[i];
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    for (float& v : acts_[i].data) {
      if (l.activation == Act::Relu) v = std::max(v, 0.0f);
      if (l.activation == Act::Relu6) v = std::clamp(v, 0.0f, 6.0f);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    if (l.activation == Act::Relu6) return activation_quant(0.0f, 6.0f);
    return activation_quant(lo, hi);
  }

  void weighted(int i) {
    const Layer& l = net_.layers[i];
    LayerParams& p = out_.layers[i];
    const FTensor& x = value(l.inputs[0]);
    const int cin = x.channels(), cout = l.shape.back();
    int axis = 0;
    std::size_t fan_in = 0;
    switch (l.op) {
      case LayerOp::Conv:
        p.weight_shape = {cout, l.kernel_h, l.kernel_w, cin};
        fan_in = static_cast<std::size_t>(l.kernel_h) * l.kernel_w * cin;
        break;
      case LayerOp::Depthwise:
        p.weight_shape = {1, l.kernel_h, l.kernel_w, cin};
        fan_in = static_cast<std::size_t>(l.kernel_h) * l.kernel_w;
        axis = 3;
        break;
      default:  // Dense: per-tensor weights, as in the reference models
        p.weight_shape = {cout, cin};
        fan_in = static_cast<std::size_t>(cin);
        axis = -1;
        break;
    }
    std::vector<float> w = he_uniform(i, product(p.weight_shape), fan_in);
    acts_[i] = forward(l, x, w);
    ChannelAffine ca = l.batch_norm ? batch_norm(i, acts_[i]) : plain_affine(i, cout);
    scale_channels(w, p.weight_shape, axis < 0 ? 0 : axis, ca.gain);
    for (std::size_t k = 0; k < acts_[i].data.size(); ++k) {
      std::size_t c = k % static_cast<std::size_t>(cout);
      acts_[i].data[k] = acts_[i].data[k] * ca.gain[c] + ca.offset[c];
    }
    p.weights = quantize_weights(w, p.weight_shape, axis);
    p.bias = quantize_bias(ca.offset, quant(l.inputs[0]).scale[0], p.weights.quant);
    p.output = measured(i);
  }

  std::vector<float> he_uniform(int i, std::size_t count, std::size_t fan_in) const {
    Rng rng(seed(i, "weights"));
    const double limit = std::sqrt(6.0 / static_cast<double>(fan_in));
    std::vector<float> w(count);
    for (float& v : w) v = static_cast<float>(rng.uniform(-limit, limit));
    return w;
  }

  static FTensor forward(const Layer& l, const FTensor& x, const std::vector<float>& w) {
    switch (l.op) {
      case LayerOp::Conv:
        return conv2d(x, w, l.shape.back(), l.kernel_h, l.kernel_w, l.stride, l.same_padding);
      case LayerOp::Depthwise:
        return depthwise2d(x, w, l.kernel_h, l.kernel_w, l.stride, l.same_padding);
      default: return dense(x, w, l.shape.back());
    }
  }

  // Batch norm with the batch's own statistics, folded: gain = gamma / sigma,
  // offset = beta - mean * gain.
  ChannelAffine batch_norm(int i, const FTensor& z) const {
    const std::size_t c = static_cast<std::size_t>(z.channels());
    std::vector<double> sum(c, 0.0), sq(c, 0.0);
    for (std::size_t k = 0; k < z.data.size(); ++k) {
      sum[k % c] += z.data[k];
      sq[k % c] += static_cast<double>(z.data[k]) * z.data[k];
    }
    const double count = static_cast<double>(z.data.size() / c);
    Rng rng(seed(i, "batch_norm"));
    ChannelAffine ca;
    for (std::size_t ch = 0; ch < c; ++ch) {
      double mean = sum[ch] / count;
      double var = std::max(sq[ch] / count - mean * mean, 0.0);
      double gamma = rng.uniform(0.5, 2.0), beta = rng.uniform(-0.5, 0.5);
      double gain = gamma / std::sqrt(var + kBatchNormEpsilon);
      ca.gain.push_back(static_cast<float>(gain));
      ca.offset.push_back(static_cast<float>(beta - mean * gain));
    }
    return ca;
  }

  // Layers without batch norm: a per-channel spread of He scales and small biases.
  ChannelAffine plain_affine(int i, int channels) const {
    Rng rng(seed(i, "bias"));
    ChannelAffine ca;
    for (int ch = 0; ch < channels; ++ch) {
      ca.gain.push_back(static_cast<float>(rng.uniform(0.5, 1.5)));
      ca.offset.push_back(static_cast<float>(rng.uniform(-0.1, 0.1)));
    }
    return ca;
  }

  // Multiplies each output channel's weights (the slice along `axis`) by its gain.
  static void scale_channels(std::vector<float>& w, const std::vector<int32_t>& shape, int axis,
                             const std::vector<float>& gain) {
    std::size_t inner = 1;
    for (std::size_t d = axis + 1; d < shape.size(); ++d) inner *= static_cast<std::size_t>(shape[d]);
    const std::size_t count = static_cast<std::size_t>(shape[axis]);
    for (std::size_t k = 0; k < w.size(); ++k) w[k] *= gain[(k / inner) % count];
  }

  const Network& net_;
  const int samples_;
  std::vector<FTensor> acts_;
  std::vector<int> last_use_;  // by slot: the last layer reading each value
  FTensor input_;
  SynthesizedParams out_;
};

}  // namespace

SynthesizedParams synthesize(const Network& net) { return Synthesizer(net).run(); }

}  // namespace aotbench::codegen::zoo
