#include "host/search/registry.hpp"

#include "host/search/layer_tuner/layer_tuner.hpp"

namespace aotbench::search {

const std::vector<TunerEntry>& tuners() {
  static const std::vector<TunerEntry> entries = {
      {"layers", "tune kernel schedules per layer on the device, starting from the best variant",
       [](TunerContext& c) -> std::unique_ptr<SearchStrategy> { return std::make_unique<LayerTuner>(c.log); }},
  };
  return entries;
}

const TunerEntry* find_tuner(const std::string& name) {
  for (const TunerEntry& e : tuners())
    if (name == e.name) return &e;
  return nullptr;
}

std::vector<std::string> tune_choices() {
  std::vector<std::string> names;
  for (const TunerEntry& e : tuners()) names.push_back(e.name);
  names.push_back("off");
  return names;
}

}  // namespace aotbench::search
