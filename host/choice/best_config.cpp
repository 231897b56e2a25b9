#include "host/choice/best_config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "results/files.hpp"
#include "codegen/select/select.hpp"

namespace aotbench::choice {

namespace {

// [variant]'s `layers` when the winner's knob sets exactly the schedules [layers] lists (a tuned
// winner): [layers] is then the one copy, in numeric order with each layer's operator.
constexpr const char* kEveryLayer = "@layers";

bool knob_is_every_layer(const results::VariantResult& w) {
  const std::string knob = w.knob("layers");
  if (knob.empty()) return false;
  std::map<int, std::string> listed;
  for (const auto& l : w.layers) listed[l.index] = l.schedule;
  return codegen::parse_layer_schedules(knob) == listed;
}

std::string layers_table(const results::VariantResult& w) {
  std::vector<results::LayerSchedule> layers = w.layers;
  std::sort(layers.begin(), layers.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  std::string out = "\n[layers]  # operator index = kernel schedule\n";
  for (const auto& l : layers) out += fmt::format("{} = '{}'  # {}\n", l.index, l.schedule, l.type);
  return out;
}

}  // namespace

void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& w) {
  toml::table variant;
  const bool every_layer = knob_is_every_layer(w);
  for (const auto& [knob, value] : w.knobs) variant.insert(knob, knob == "layers" && every_layer ? kEveryLayer : value);
  auto bytes = [](const std::optional<results::SizeSplit>& s, bool model_only) -> int64_t {
    if (!s) return 0;
    return static_cast<int64_t>(model_only ? s->model_code + s->parameters + s->kernels : s->total());
  };
  toml::table measured{{"counter", results::to_string(run.info.counter)},
                       {"counts_median", static_cast<int64_t>(w.counts ? w.counts->median : 0)},
                       {"flash_bytes", bytes(w.flash, false)},
                       {"flash_model_bytes", bytes(w.flash, true)},
                       {"ram_bytes", bytes(w.ram, false)},
                       {"stack_bytes", static_cast<int64_t>(w.stack_bytes.value_or(0))},
                       {"arena_bytes", static_cast<int64_t>(w.arena_bytes.value_or(0))}};
  std::error_code ec;
  const bool file = std::filesystem::is_regular_file(model_arg, ec);  // else a zoo spec
  toml::table top{{"model", file ? std::filesystem::absolute(model_arg).lexically_normal().string() : model_arg},
                  {"board", run.info.board},
                  {"objective", run.info.objective},
                  {"counter", results::to_string(run.info.counter)},  // what the objective's counts counted
                  {"run_id", run.info.run_id},
                  {"reason", run.selection_reason}};
  if (file) top.insert("model_sha256", run.info.model_sha256);
  std::ostringstream text;
  text << "# The best variant found by aotbench (" << run.info.date_utc << ").\n"
       << "# Regenerate its sources with: aotbench codegen --config " << path.filename().string() << " --out DIR\n"
       << "# [layers] is the kernel schedule of every layer (operator index = schedule); edit one to change\n"
       << "# that layer (`aotbench variants` lists the schedules)."
       << (every_layer ? " [variant]'s layers = '@layers' means: as [layers] lists them." : "") << "\n"
       << top << "\n\n"
       << toml::table{{"variant", variant}} << "\n"
       << layers_table(w) << "\n"
       << toml::table{{"measured", measured}} << "\n";
  results::write_file(path, text.str());  // atomic
}

BestConfig read_best_config(const std::filesystem::path& path) {
  toml::table t;
  try {
    t = toml::parse_file(path.string());
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(fmt::format("{}: {}", path.string(), e.description()));
  }
  BestConfig c;
  c.model = t["model"].value_or(std::string{});
  if (c.model.empty()) throw std::runtime_error(fmt::format("{}: no `model`", path.string()));
  const toml::table* variant = t["variant"].as_table();
  if (!variant) throw std::runtime_error(fmt::format("{}: no [variant] table", path.string()));
  bool every_layer = false;
  for (const auto& [knob, value] : *variant) {
    auto s = value.value<std::string>();
    if (!s) throw std::runtime_error(fmt::format("{}: variant.{} must be a string", path.string(), knob.str()));
    if (knob.str() == "layers" && *s == kEveryLayer) {
      every_layer = true;
      continue;
    }
    try {
      c.variant.set(knob.str(), *s);
    } catch (const codegen::VariantError& e) {
      throw std::runtime_error(fmt::format("{}: {}", path.string(), e.what()));
    }
  }
  c.model_sha256 = t["model_sha256"].value_or(std::string{});
  c.board = t["board"].value_or(std::string{});
  if (const toml::table* layers = t["layers"].as_table()) {
    for (const auto& [index, value] : *layers) {
      auto name = value.value<std::string>();
      int i = -1;
      try {
        i = std::stoi(std::string(index.str()));
      } catch (const std::exception&) {
      }
      if (!name || i < 0 || std::to_string(i) != index.str())
        throw std::runtime_error(fmt::format("{}: layers.{} must be an operator index set to a schedule name",
                                             path.string(), index.str()));
      c.layers[i] = *name;
    }
  }
  if (every_layer) {
    if (c.layers.empty())
      throw std::runtime_error(fmt::format("{}: variant.layers = '{}' but there is no [layers] table", path.string(), kEveryLayer));
    try {
      c.variant.set_layer_schedules(c.layers);
    } catch (const codegen::VariantError& e) {
      throw std::runtime_error(fmt::format("{}: [layers]: {}", path.string(), e.what()));
    }
  }
  if (const toml::table* m = t["measured"].as_table()) {
    BestConfig::Measured measured;
    measured.counter = (*m)["counter"].value_or(std::string{});
    measured.counts_median = static_cast<uint64_t>((*m)["counts_median"].value_or(int64_t{0}));
    measured.flash_bytes = static_cast<uint64_t>((*m)["flash_bytes"].value_or(int64_t{0}));
    measured.ram_bytes = static_cast<uint64_t>((*m)["ram_bytes"].value_or(int64_t{0}));
    measured.stack_bytes = static_cast<uint64_t>((*m)["stack_bytes"].value_or(int64_t{0}));
    if (measured.counts_median > 0) c.measured = measured;
  }
  return c;
}

void check_model_is_there(const BestConfig& c, const std::filesystem::path& config) {
  std::error_code ec;
  if (c.model_sha256.empty() || std::filesystem::is_regular_file(c.model, ec)) return;
  throw std::runtime_error(fmt::format("{}: the model {} is not there any more (moved or deleted?); put the file the "
                                       "sweep measured back, or set `model` in {} to where it is now (its sha256 is "
                                       "{})",
                                       config.string(), c.model, config.filename().string(), c.model_sha256));
}

void check_model_unchanged(const BestConfig& c, const std::filesystem::path& config, const std::string& loaded_sha256) {
  if (c.model_sha256.empty() || c.model_sha256 == loaded_sha256) return;
  throw std::runtime_error(fmt::format("{}: the model {} changed since the sweep measured it (sha256 {}, now {}): the "
                                       "winner may not be the best for it any more; sweep it again, or put the "
                                       "measured file back",
                                       config.string(), c.model, c.model_sha256, loaded_sha256));
}

codegen::Variant variant_of(const BestConfig& c, const std::map<int, std::string>& chosen) {
  codegen::LayerSchedules overrides = c.variant.layer_schedules();
  for (const auto& [index, schedule] : c.layers) {
    const auto it = chosen.find(index);
    if (it == chosen.end() || it->second != schedule) overrides[index] = schedule;
  }
  codegen::Variant v = c.variant;
  v.set_layer_schedules(std::move(overrides));
  return v;
}

}  // namespace aotbench::choice
