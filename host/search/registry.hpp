#pragma once
// The tuners a sweep can run after its space (`--tune NAME`), by name. A new strategy is a folder
// under search/ and one line in registry.cpp.
#include <memory>
#include <string>
#include <vector>

#include "results/tuning_log.hpp"
#include "host/search/strategy.hpp"

namespace aotbench::search {

// What a tuner may keep across runs.
struct TunerContext {
  results::TuningLog& log;  // figures measured before, keyed by board, core, compiler, layer, schedule
};

struct TunerEntry {
  const char* name;  // the --tune value
  const char* help;  // one line for --help
  std::unique_ptr<SearchStrategy> (*make)(TunerContext& context);
};

const std::vector<TunerEntry>& tuners();
// The entry named `name`, or nullptr.
const TunerEntry* find_tuner(const std::string& name);
// The --tune values: every tuner's name, then "off".
std::vector<std::string> tune_choices();

}  // namespace aotbench::search
