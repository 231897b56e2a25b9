#pragma once
// A zoo model definition as written in scenarios/models/<name>.toml: the input, the options and
// the list of layers or blocks. Loading checks everything, so later stages can trust it.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace aotbench::codegen::zoo {

enum class OptionType { Int, Float, Bool };
const char* option_type_name(OptionType t);

struct OptionDef {
  std::string name;
  OptionType type = OptionType::Int;
  double default_value = 0, min = 0, max = 0;  // bools: 0 or 1
  std::string help;
  uint32_t line = 0;  // where the definition file declares it
};

// An integer written in the definition, or the name of an Int option that supplies it.
struct IntParam {
  int64_t value = 0;
  std::string option;
};

enum class Act { None, Relu, Relu6 };

// How a width multiplier changes a channel count c.
enum class ScaleRule {
  None,                   // c
  Truncate,               // int(c * width), as Keras' MobileNet (v1)
  MakeDivisible,          // Keras' _make_divisible(c * width, divisor), as MobileNetV2
  MakeDivisibleAboveOne,  // c for width <= 1, else MakeDivisible: MobileNetV2's last conv
};

enum class LayerKind {
  Conv,              // one CONV_2D
  Separable,         // rows [c, s]: DEPTHWISE_CONV_2D kxk stride s, then CONV_2D 1x1 to c
  InvertedResidual,  // rows [t, c, n, s]: MobileNetV2 blocks
  ResnetBlock,       // rows [c, s]: two kxk CONV_2D, identity or 1x1 shortcut, ADD
  Dense,             // FULLY_CONNECTED, `repeat` times
  GlobalAverage,     // AVERAGE_POOL_2D over the whole map + RESHAPE, or MEAN over H and W
  Softmax,
};

struct LayerDef {
  LayerKind kind = LayerKind::Conv;
  std::string name;
  IntParam filters;            // Conv: filters; Dense: units
  ScaleRule scale = ScaleRule::None;
  int kernel_h = 1, kernel_w = 1, stride = 1;
  bool same_padding = true;
  Act activation = Act::None;
  bool batch_norm = true;      // folded into the weights, as the converter does
  int repeat = 1;              // Dense
  std::vector<std::vector<int64_t>> blocks;  // block rows
  bool lower_to_mean = false;  // GlobalAverage
  std::string when;            // a Bool option that enables this layer; empty: always
};

struct ModelDef {
  std::string name, title;
  std::filesystem::path file;
  std::vector<IntParam> input_shape;  // without the batch dimension
  double input_scale = 1;
  int input_zero_point = 0;
  std::string width_option;           // the Float option multiplying channel counts, if any
  int width_divisor = 8;
  std::vector<OptionDef> options;
  std::vector<LayerDef> layers;

  const OptionDef* option(const std::string& name) const;
};

// Reads and checks one definition; throws ZooError naming the file and the key that is wrong.
ModelDef load_model_def(const std::filesystem::path& file);

// Every definition in `dir` (*.toml), sorted by model name.
std::vector<ModelDef> load_model_defs(const std::filesystem::path& dir);

}  // namespace aotbench::codegen::zoo
