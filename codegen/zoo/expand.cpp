// Expanding a model definition into layers: block rows become their operators, channel counts
// get the width multiplier, and every output shape is computed as TFLite would.
#include <fmt/format.h>

#include <cmath>

#include "codegen/zoo/network.hpp"
#include "codegen/zoo/zoo.hpp"

namespace aotbench::codegen::zoo {
namespace {

// Appends layers to a network and tracks the current output.
class NetBuilder {
 public:
  NetBuilder(const ModelDef& def, const OptionValues& values) : def_(def), values_(values) {
    width_ = def.width_option.empty() ? 1.0 : values.at(def.width_option);
  }

  Network& net() { return net_; }
  int last() const { return last_; }
  double width() const { return width_; }
  int divisor() const { return def_.width_divisor; }

  int64_t resolve(const IntParam& p) const {
    return p.option.empty() ? p.value : static_cast<int64_t>(values_.at(p.option));
  }

  int channels(int layer) const { return net_.shape_of(layer).back(); }

  int scaled(int64_t c, ScaleRule rule) const {
    switch (rule) {
      case ScaleRule::None: return static_cast<int>(c);
      case ScaleRule::Truncate: return std::max(1, static_cast<int>(c * width_));
      case ScaleRule::MakeDivisible: return make_divisible(c * width_, divisor());
      case ScaleRule::MakeDivisibleAboveOne:
        return width_ > 1.0 ? make_divisible(c * width_, divisor()) : static_cast<int>(c);
    }
    return static_cast<int>(c);
  }

  int conv(const std::string& name, int in, int filters, int kh, int kw, int stride, bool same,
           Act act, bool bn) {
    Layer l = windowed(name, LayerOp::Conv, in, kh, kw, stride, same, act, bn);
    l.shape.back() = filters;
    return add_layer(std::move(l));
  }

  int depthwise(const std::string& name, int in, int kh, int kw, int stride, Act act) {
    return add_layer(windowed(name, LayerOp::Depthwise, in, kh, kw, stride, true, act, true));
  }

  int dense(const std::string& name, int in, int units, Act act, bool bn) {
    if (net_.shape_of(in).size() != 2) {
      fail("dense layer '{}' needs a flat input; put a global_average layer before it", name);
    }
    return add_layer({.name = name, .op = LayerOp::Dense, .inputs = {in}, .activation = act,
                      .batch_norm = bn, .shape = {1, units}});
  }

  int add(const std::string& name, int a, int b, Act act) {
    return add_layer({.name = name, .op = LayerOp::Add, .inputs = {a, b}, .activation = act,
                      .shape = net_.shape_of(a)});
  }

  // AVERAGE_POOL_2D over the whole map + RESHAPE to [1,C], or one MEAN over H and W.
  int global_average(const std::string& name, int in, bool mean) {
    std::vector<int32_t> s = spatial_shape(in, name);
    if (mean) {
      return add_layer({.name = name, .op = LayerOp::Mean, .inputs = {in}, .shape = {1, s[3]}});
    }
    int p = add_layer({.name = name, .op = LayerOp::AveragePool, .inputs = {in}, .kernel_h = s[1],
                       .kernel_w = s[2], .same_padding = false, .shape = {1, 1, 1, s[3]}});
    return add_layer({.name = name + "/flatten", .op = LayerOp::Reshape, .inputs = {p},
                      .shape = {1, s[3]}});
  }

  int softmax(const std::string& name, int in) {
    return add_layer({.name = name, .op = LayerOp::Softmax, .inputs = {in},
                      .shape = net_.shape_of(in)});
  }

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> what, Args&&... args) const {
    throw ZooError(fmt::format("zoo model {}: {}", def_.name,
                               fmt::format(what, std::forward<Args>(args)...)));
  }

 private:
  std::vector<int32_t> spatial_shape(int in, const std::string& name) const {
    const std::vector<int32_t>& s = net_.shape_of(in);
    if (s.size() != 4) fail("layer '{}' needs an image-shaped [1,H,W,C] input", name);
    return s;
  }

  // A convolution-like layer: the output size as TFLite computes it for SAME or VALID.
  Layer windowed(const std::string& name, LayerOp op, int in, int kh, int kw, int stride,
                 bool same, Act act, bool bn) const {
    std::vector<int32_t> s = spatial_shape(in, name);
    auto out = [&](int32_t size, int k) {
      int32_t n = same ? (size + stride - 1) / stride : (size - k + stride) / stride;
      if (n < 1) fail("layer '{}': its {}x{} window does not fit the {}x{} input", name, kh, kw,
                      s[1], s[2]);
      return n;
    };
    return {.name = name, .op = op, .inputs = {in}, .kernel_h = kh, .kernel_w = kw,
            .stride = stride, .same_padding = same, .activation = act, .batch_norm = bn,
            .shape = {1, out(s[1], kh), out(s[2], kw), s[3]}};
  }

  int add_layer(Layer l) {
    net_.layers.push_back(std::move(l));
    last_ = static_cast<int>(net_.layers.size()) - 1;
    return last_;
  }

  const ModelDef& def_;
  const OptionValues& values_;
  Network net_;
  double width_ = 1;
  int last_ = kGraphInput;
};

// MobileNetV1 / DS-CNN: depthwise kxk + activation, then pointwise 1x1 + activation.
void expand_separable(NetBuilder& b, const LayerDef& d) {
  for (std::size_t i = 0; i < d.blocks.size(); ++i) {
    int channels = b.scaled(d.blocks[i][0], d.scale);
    int stride = static_cast<int>(d.blocks[i][1]);
    std::string n = fmt::format("{}_{}", d.name, i + 1);
    int dw = b.depthwise(n + "_depthwise", b.last(), d.kernel_h, d.kernel_w, stride, d.activation);
    b.conv(n + "_pointwise", dw, channels, 1, 1, 1, true, d.activation, true);
  }
}

// MobileNetV2, as Keras builds it: expand 1x1 to t*Cin (none when t = 1), depthwise, linear
// 1x1 projection, and ADD with the block's input when the stride is 1 and the channels match.
void expand_inverted_residual(NetBuilder& b, const LayerDef& d) {
  int id = 0;
  for (const std::vector<int64_t>& row : d.blocks) {
    int64_t t = row[0], n = row[2];
    // Keras truncates c * alpha before _make_divisible here (not in the stem).
    int channels = d.scale == ScaleRule::MakeDivisible
                       ? make_divisible(std::floor(row[1] * b.width()), b.divisor())
                       : b.scaled(row[1], d.scale);
    for (int64_t r = 0; r < n; ++r, ++id) {
      int stride = r == 0 ? static_cast<int>(row[3]) : 1;
      int in = b.last();
      int cin = b.channels(in);
      std::string name = fmt::format("{}_{}", d.name, id);
      int x = in;
      if (t != 1) {
        x = b.conv(name + "_expand", x, static_cast<int>(t * cin), 1, 1, 1, true, d.activation, true);
      }
      x = b.depthwise(name + "_depthwise", x, d.kernel_h, d.kernel_w, stride, d.activation);
      x = b.conv(name + "_project", x, channels, 1, 1, 1, true, Act::None, true);
      if (stride == 1 && cin == channels) b.add(name + "_add", in, x, Act::None);
    }
  }
}

// ResNet basic block (MLPerf Tiny ResNet-8): conv kxk stride s + activation, conv kxk linear;
// the shortcut is the input, or a 1x1 stride-s convolution (no batch norm) when the shape
// changes; ADD(shortcut, residual) + activation.
void expand_resnet(NetBuilder& b, const LayerDef& d) {
  for (std::size_t i = 0; i < d.blocks.size(); ++i) {
    int channels = static_cast<int>(d.blocks[i][0]);
    int stride = static_cast<int>(d.blocks[i][1]);
    std::string n = fmt::format("{}_{}", d.name, i + 1);
    int in = b.last();
    int x = b.conv(n + "_conv1", in, channels, d.kernel_h, d.kernel_w, stride, true, d.activation, true);
    x = b.conv(n + "_conv2", x, channels, d.kernel_h, d.kernel_w, 1, true, Act::None, true);
    int shortcut = in;
    if (stride != 1 || b.channels(in) != channels) {
      shortcut = b.conv(n + "_shortcut", in, channels, 1, 1, stride, true, Act::None, false);
    }
    b.add(n + "_add", shortcut, x, d.activation);
  }
}

void expand_layer(NetBuilder& b, const LayerDef& d) {
  switch (d.kind) {
    case LayerKind::Conv:
      b.conv(d.name, b.last(), b.scaled(b.resolve(d.filters), d.scale), d.kernel_h, d.kernel_w,
             d.stride, d.same_padding, d.activation, d.batch_norm);
      return;
    case LayerKind::Separable: return expand_separable(b, d);
    case LayerKind::InvertedResidual: return expand_inverted_residual(b, d);
    case LayerKind::ResnetBlock: return expand_resnet(b, d);
    case LayerKind::Dense:
      for (int i = 0; i < d.repeat; ++i) {
        std::string name = d.repeat == 1 ? d.name : fmt::format("{}_{}", d.name, i + 1);
        b.dense(name, b.last(), static_cast<int>(b.resolve(d.filters)), d.activation, d.batch_norm);
      }
      return;
    case LayerKind::GlobalAverage: b.global_average(d.name, b.last(), d.lower_to_mean); return;
    case LayerKind::Softmax: b.softmax(d.name, b.last()); return;
  }
}

}  // namespace

int make_divisible(double v, int divisor) {
  int n = std::max(divisor, static_cast<int>(v + divisor / 2.0) / divisor * divisor);
  if (n < 0.9 * v) n += divisor;
  return n;
}

Network expand_network(const ModelDef& def, const OptionValues& values) {
  NetBuilder b(def, values);
  Network& net = b.net();
  net.model = def.name;
  net.title = def.title;
  net.spec = canonical_spec(def, values);
  net.input_shape = {1};
  for (const IntParam& p : def.input_shape) net.input_shape.push_back(static_cast<int32_t>(b.resolve(p)));
  net.input_scale = def.input_scale;
  net.input_zero_point = def.input_zero_point;
  for (const LayerDef& d : def.layers) {
    if (!d.when.empty() && values.at(d.when) == 0) continue;
    expand_layer(b, d);
  }
  if (net.layers.empty()) b.fail("no layers are enabled");
  return std::move(net);
}

}  // namespace aotbench::codegen::zoo
