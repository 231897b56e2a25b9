// Loading and checking zoo model definitions (toml++).
#include "codegen/zoo/definition.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <toml++/toml.h>

#include "codegen/zoo/zoo.hpp"

namespace aotbench::codegen::zoo {
namespace {

namespace fs = std::filesystem;

// Typed reads out of one definition file; every error names the file and the key.
class DefReader {
 public:
  explicit DefReader(fs::path file) : file_(std::move(file)) {}

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> what, Args&&... args) const {
    throw ZooError(fmt::format("zoo model definition {}: {}", file_.string(),
                               fmt::format(what, std::forward<Args>(args)...)));
  }

  std::string str(const toml::node* n, const std::string& key, bool required = true) const {
    if (!n) {
      if (required) fail("missing key `{}`", key);
      return {};
    }
    if (!n->is_string()) fail("`{}` must be a string", key);
    return n->as_string()->get();
  }

  int64_t integer(const toml::node* n, const std::string& key, int64_t lo, int64_t hi) const {
    if (!n || !n->is_integer()) fail("`{}` must be an integer", key);
    int64_t v = n->as_integer()->get();
    if (v < lo || v > hi) fail("`{}` is {}; it must be in {}..{}", key, v, lo, hi);
    return v;
  }

  double number(const toml::node* n, const std::string& key) const {
    if (n && n->is_floating_point()) return n->as_floating_point()->get();
    if (n && n->is_integer()) return static_cast<double>(n->as_integer()->get());
    fail("`{}` must be a number", key);
  }

  bool boolean(const toml::node* n, const std::string& key, bool def) const {
    if (!n) return def;
    if (!n->is_boolean()) fail("`{}` must be true or false", key);
    return n->as_boolean()->get();
  }

  // A positive integer, or the name of an Int option.
  IntParam int_param(const toml::node* n, const std::string& key, const ModelDef& m) const {
    if (n && n->is_string()) {
      std::string name = n->as_string()->get();
      const OptionDef* o = m.option(name);
      if (!o || o->type != OptionType::Int) fail("`{}` names `{}`, which is not an integer option "
                                                 "of this model", key, name);
      return {0, name};
    }
    return {integer(n, key, 1, 1 << 20), {}};
  }

  void only_keys(const toml::table& t, const std::set<std::string>& allowed,
                 const std::string& where) const {
    for (auto& [k, v] : t) {
      if (!allowed.count(std::string(k.str()))) {
        fail("{} has unknown key `{}`; allowed: {}", where, k.str(), fmt::join(allowed, ", "));
      }
    }
  }

 private:
  fs::path file_;
};

OptionDef read_option(const DefReader& r, const std::string& name, const toml::table& t) {
  std::string key = "options." + name;
  r.only_keys(t, {"default", "min", "max", "help"}, "[" + key + "]");
  OptionDef o;
  o.name = name;
  o.help = r.str(t.get("help"), key + ".help");
  const toml::node* def = t.get("default");
  if (!def) r.fail("missing key `{}.default`", key);
  if (def->is_boolean()) {
    if (t.get("min") || t.get("max")) r.fail("`{}` is a boolean; it takes no min or max", key);
    o.type = OptionType::Bool;
    o.default_value = def->as_boolean()->get() ? 1 : 0;
    o.max = 1;
    return o;
  }
  o.type = def->is_integer() ? OptionType::Int : OptionType::Float;
  o.default_value = r.number(def, key + ".default");
  o.min = r.number(t.get("min"), key + ".min");
  o.max = r.number(t.get("max"), key + ".max");
  if (!(o.min <= o.default_value && o.default_value <= o.max)) {
    r.fail("`{}`: default {} is outside min..max ({}..{})", key, o.default_value, o.min, o.max);
  }
  return o;
}

Act read_act(const DefReader& r, const toml::node* n, const std::string& key) {
  static const std::map<std::string, Act> names = {
      {"none", Act::None}, {"relu", Act::Relu}, {"relu6", Act::Relu6}};
  std::string s = n ? r.str(n, key) : "none";
  auto it = names.find(s);
  if (it == names.end()) r.fail("`{}` is \"{}\"; expected none, relu or relu6", key, s);
  return it->second;
}

ScaleRule read_scale(const DefReader& r, const toml::node* n, const std::string& key,
                     const ModelDef& m) {
  static const std::map<std::string, ScaleRule> names = {
      {"none", ScaleRule::None},
      {"truncate", ScaleRule::Truncate},
      {"make_divisible", ScaleRule::MakeDivisible},
      {"make_divisible_above_one", ScaleRule::MakeDivisibleAboveOne}};
  std::string s = n ? r.str(n, key) : "none";
  auto it = names.find(s);
  if (it == names.end()) {
    r.fail("`{}` is \"{}\"; expected none, truncate, make_divisible or make_divisible_above_one",
           key, s);
  }
  if (it->second != ScaleRule::None && m.width_option.empty()) {
    r.fail("`{}` scales channels, but the model has no [width] option", key);
  }
  return it->second;
}

void read_kernel(const DefReader& r, const toml::node* n, const std::string& key, LayerDef& l) {
  if (n && n->is_array() && n->as_array()->size() == 2) {
    l.kernel_h = static_cast<int>(r.integer(n->as_array()->get(0), key + "[0]", 1, 64));
    l.kernel_w = static_cast<int>(r.integer(n->as_array()->get(1), key + "[1]", 1, 64));
    return;
  }
  if (n && n->is_integer()) {
    l.kernel_h = l.kernel_w = static_cast<int>(r.integer(n, key, 1, 64));
    return;
  }
  r.fail("`{}` must be [height, width] or one integer", key);
}

void read_blocks(const DefReader& r, const toml::node* n, const std::string& key,
                 std::size_t columns, const char* layout, LayerDef& l) {
  if (!n || !n->is_array() || n->as_array()->empty()) {
    r.fail("`{}` must be a non-empty array of rows {}", key, layout);
  }
  for (std::size_t i = 0; i < n->as_array()->size(); ++i) {
    const toml::node* row = n->as_array()->get(i);
    std::string at = fmt::format("{}[{}]", key, i);
    if (!row->is_array() || row->as_array()->size() != columns) {
      r.fail("`{}` must be a row {}", at, layout);
    }
    std::vector<int64_t> values;
    for (std::size_t j = 0; j < columns; ++j) {
      values.push_back(r.integer(row->as_array()->get(j), fmt::format("{}[{}]", at, j), 1, 1 << 16));
    }
    l.blocks.push_back(std::move(values));
  }
}

LayerKind read_kind(const DefReader& r, const toml::table& t, const std::string& where) {
  static const std::map<std::string, LayerKind> names = {
      {"conv", LayerKind::Conv},
      {"separable", LayerKind::Separable},
      {"inverted_residual", LayerKind::InvertedResidual},
      {"resnet_block", LayerKind::ResnetBlock},
      {"dense", LayerKind::Dense},
      {"global_average", LayerKind::GlobalAverage},
      {"softmax", LayerKind::Softmax}};
  std::string s = r.str(t.get("kind"), where + ".kind");
  auto it = names.find(s);
  if (it == names.end()) {
    std::vector<std::string> known;
    for (auto& [k, v] : names) known.push_back(k);
    r.fail("`{}.kind` is \"{}\"; expected one of {}", where, s, fmt::join(known, ", "));
  }
  return it->second;
}

// The keys each layer kind takes besides `kind`, `name` and `when`.
const std::set<std::string>& kind_keys(LayerKind k) {
  static const std::map<LayerKind, std::set<std::string>> keys = {
      {LayerKind::Conv, {"filters", "scale", "kernel", "stride", "padding", "activation",
                         "batch_norm"}},
      {LayerKind::Separable, {"blocks", "kernel", "activation", "scale"}},
      {LayerKind::InvertedResidual, {"blocks", "kernel", "activation", "scale"}},
      {LayerKind::ResnetBlock, {"blocks", "kernel", "activation"}},
      {LayerKind::Dense, {"units", "activation", "batch_norm", "repeat"}},
      {LayerKind::GlobalAverage, {"lowering"}},
      {LayerKind::Softmax, {}}};
  return keys.at(k);
}

LayerDef read_layer(const DefReader& r, const toml::table& t, const std::string& where,
                    const ModelDef& m) {
  LayerDef l;
  l.kind = read_kind(r, t, where);
  std::set<std::string> allowed = kind_keys(l.kind);
  allowed.insert({"kind", "name", "when"});
  r.only_keys(t, allowed, where);
  l.name = r.str(t.get("name"), where + ".name");
  l.when = r.str(t.get("when"), where + ".when", false);
  if (!l.when.empty()) {
    const OptionDef* o = m.option(l.when);
    if (!o || o->type != OptionType::Bool) {
      r.fail("`{}.when` names `{}`, which is not a boolean option of this model", where, l.when);
    }
  }
  auto key = [&](const char* k) { return where + "." + k; };
  switch (l.kind) {
    case LayerKind::Conv:
      l.filters = r.int_param(t.get("filters"), key("filters"), m);
      l.stride = static_cast<int>(t.get("stride") ? r.integer(t.get("stride"), key("stride"), 1, 8) : 1);
      if (std::string p = r.str(t.get("padding"), key("padding"), false); !p.empty()) {
        if (p != "same" && p != "valid") r.fail("`{}` must be \"same\" or \"valid\"", key("padding"));
        l.same_padding = p == "same";
      }
      read_kernel(r, t.get("kernel"), key("kernel"), l);
      break;
    case LayerKind::Separable:
    case LayerKind::ResnetBlock:
      read_kernel(r, t.get("kernel"), key("kernel"), l);
      read_blocks(r, t.get("blocks"), key("blocks"), 2, "[channels, stride]", l);
      break;
    case LayerKind::InvertedResidual:
      read_kernel(r, t.get("kernel"), key("kernel"), l);
      read_blocks(r, t.get("blocks"), key("blocks"), 4, "[expansion, channels, repeats, stride]", l);
      break;
    case LayerKind::Dense:
      l.filters = r.int_param(t.get("units"), key("units"), m);
      l.repeat = static_cast<int>(t.get("repeat") ? r.integer(t.get("repeat"), key("repeat"), 1, 64) : 1);
      break;
    case LayerKind::GlobalAverage: {
      std::string low = r.str(t.get("lowering"), key("lowering"));
      if (low != "mean" && low != "average_pool_2d") {
        r.fail("`{}` must be \"mean\" or \"average_pool_2d\"", key("lowering"));
      }
      l.lower_to_mean = low == "mean";
      break;
    }
    case LayerKind::Softmax: break;
  }
  l.activation = read_act(r, t.get("activation"), key("activation"));
  l.scale = read_scale(r, t.get("scale"), key("scale"), m);
  // Keras' Dense layers carry no batch norm unless the model adds one.
  l.batch_norm = r.boolean(t.get("batch_norm"), key("batch_norm"), l.kind != LayerKind::Dense);
  return l;
}

void read_input(const DefReader& r, const toml::table& root, ModelDef& m) {
  const toml::table* in = root.get_as<toml::table>("input");
  if (!in) r.fail("missing table [input]");
  r.only_keys(*in, {"shape", "scale", "zero_point"}, "[input]");
  const toml::array* shape = in->get_as<toml::array>("shape");
  if (!shape || shape->empty() || shape->size() > 3) {
    r.fail("`input.shape` must be [height, width, channels] or [features]");
  }
  for (std::size_t i = 0; i < shape->size(); ++i) {
    m.input_shape.push_back(r.int_param(shape->get(i), fmt::format("input.shape[{}]", i), m));
  }
  if (shape->size() == 2) r.fail("`input.shape` must be [height, width, channels] or [features]");
  m.input_scale = r.number(in->get("scale"), "input.scale");
  if (!(m.input_scale > 0)) r.fail("`input.scale` must be positive");
  m.input_zero_point = static_cast<int>(r.integer(in->get("zero_point"), "input.zero_point", -128, 127));
}

void read_width(const DefReader& r, const toml::table& root, ModelDef& m) {
  const toml::table* w = root.get_as<toml::table>("width");
  if (!w) return;
  r.only_keys(*w, {"option", "divisor"}, "[width]");
  m.width_option = r.str(w->get("option"), "width.option");
  const OptionDef* o = m.option(m.width_option);
  if (!o || o->type != OptionType::Float) {
    r.fail("`width.option` names `{}`, which is not a float option of this model", m.width_option);
  }
  m.width_divisor = static_cast<int>(r.integer(w->get("divisor"), "width.divisor", 1, 64));
}

ModelDef parse_def(const DefReader& r, const toml::table& root, const fs::path& file) {
  r.only_keys(root, {"name", "title", "input", "width", "options", "layers"}, "the top level");
  ModelDef m;
  m.file = file;
  m.name = r.str(root.get("name"), "name");
  if (m.name != file.stem().string()) {
    r.fail("`name` is \"{}\" but the file is {}; they must agree", m.name, file.filename().string());
  }
  m.title = r.str(root.get("title"), "title");
  if (const toml::table* opts = root.get_as<toml::table>("options")) {
    for (auto& [k, v] : *opts) {
      if (!v.is_table()) r.fail("`options.{}` must be a table", k.str());
      m.options.push_back(read_option(r, std::string(k.str()), *v.as_table()));
      m.options.back().line = v.source().begin.line;
    }
    // toml++ sorts keys; specs and help list the options in the file's order.
    std::stable_sort(m.options.begin(), m.options.end(),
                     [](const OptionDef& a, const OptionDef& b) { return a.line < b.line; });
  }
  read_width(r, root, m);
  read_input(r, root, m);
  const toml::array* layers = root.get_as<toml::array>("layers");
  if (!layers || layers->empty()) r.fail("no [[layers]]");
  for (std::size_t i = 0; i < layers->size(); ++i) {
    const toml::node* n = layers->get(i);
    std::string where = fmt::format("layers[{}]", i);
    if (!n->is_table()) r.fail("`{}` must be a table", where);
    m.layers.push_back(read_layer(r, *n->as_table(), where, m));
  }
  return m;
}

}  // namespace

const char* option_type_name(OptionType t) {
  switch (t) {
    case OptionType::Int: return "integer";
    case OptionType::Float: return "number";
    case OptionType::Bool: return "true/false";
  }
  return "?";
}

const OptionDef* ModelDef::option(const std::string& n) const {
  for (const OptionDef& o : options) {
    if (o.name == n) return &o;
  }
  return nullptr;
}

ModelDef load_model_def(const fs::path& file) {
  DefReader r(file);
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    r.fail("not valid TOML: {} (line {})", e.description(), e.source().begin.line);
  }
  return parse_def(r, root, file);
}

std::vector<ModelDef> load_model_defs(const fs::path& dir) {
  if (!fs::is_directory(dir)) {
    throw ZooError(fmt::format("the zoo's model definitions folder {} does not exist (set "
                               "AOTBENCH_MODELS_DIR to the scenarios/models folder)", dir.string()));
  }
  std::vector<ModelDef> defs;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".toml") defs.push_back(load_model_def(e.path()));
  }
  std::sort(defs.begin(), defs.end(),
            [](const ModelDef& a, const ModelDef& b) { return a.name < b.name; });
  return defs;
}

}  // namespace aotbench::codegen::zoo
