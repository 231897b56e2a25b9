// The zoo's public API: spec -> definition -> layers -> synthetic parameters -> flatbuffer.
#include "codegen/zoo/zoo.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>

#include "codegen/data/data_dir.hpp"
#include "codegen/zoo/definition.hpp"
#include "codegen/zoo/network.hpp"
#include "codegen/zoo/spec.hpp"
#include "codegen/zoo/synthesize.hpp"
#include "codegen/zoo/tflite_writer.hpp"

namespace aotbench::codegen {
namespace {

using zoo::ModelDef;

std::vector<std::string> names_of(const std::vector<ModelDef>& defs) {
  std::vector<std::string> names;
  for (const ModelDef& d : defs) names.push_back(d.name);
  return names;
}

// The definition a spec names, with its checked option values.
std::pair<ModelDef, zoo::OptionValues> select(const std::string& text,
                                              const std::filesystem::path& dir) {
  zoo::Spec spec = zoo::parse_spec(text);
  std::vector<ModelDef> defs = zoo::load_model_defs(dir);
  for (ModelDef& d : defs) {
    if (d.name == spec.name) {
      zoo::OptionValues values = zoo::resolve_options(d, spec);
      return {std::move(d), std::move(values)};
    }
  }
  throw ZooError(fmt::format("'{}' is not a zoo model; known models: {}.\n{}", spec.name,
                             fmt::join(names_of(defs), ", "), zoo_help(dir)));
}

}  // namespace

std::filesystem::path default_zoo_dir() {
  return data_path("AOTBENCH_MODELS_DIR", "scenarios/models", std::filesystem::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "models");
}

std::vector<std::string> zoo_model_names(const std::filesystem::path& dir) {
  return names_of(zoo::load_model_defs(dir));
}

std::vector<uint8_t> build_zoo_model(const std::string& spec, const std::filesystem::path& dir) {
  auto [def, values] = select(spec, dir);
  zoo::Network net = zoo::expand_network(def, values);
  return zoo::write_tflite(net, zoo::synthesize(net));
}

std::string canonical_zoo_spec(const std::string& spec, const std::filesystem::path& dir) {
  auto [def, values] = select(spec, dir);
  return zoo::canonical_spec(def, values);
}

std::string zoo_help(const std::filesystem::path& dir) {
  std::string out =
      "Zoo models (NAME or NAME:OPTION=VALUE,..., e.g. mnv2 or mnv2:width=0.5,res=128):\n";
  for (const ModelDef& d : zoo::load_model_defs(dir)) {
    out += fmt::format("  {:6} {}{}\n", d.name, d.title, d.options.empty() ? " (no options)" : "");
    for (const zoo::OptionDef& o : d.options) out += fmt::format("         {}\n", zoo::describe_option(o));
  }
  return out;
}

}  // namespace aotbench::codegen
