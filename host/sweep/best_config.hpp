#pragma once
// best.toml: the winner of a sweep as a configuration `aotbench codegen --config best.toml --out
// DIR` turns back into the sources a user drops into an application.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "emit/variant.hpp"
#include "results/record.hpp"

namespace aotbench::sweep {

struct BestConfig {
  std::string model;  // zoo spec or .tflite path, as the sweep was given it
  std::string board;  // the board it was measured on; empty when not given
  codegen::Variant variant;
  // [layers]: operator index -> kernel schedule, as the winner ran them (a user may edit them).
  std::map<int, std::string> layers;
  // [measured]: what the sweep measured for it (absent in a hand-written file).
  struct Measured {
    std::string counter;
    uint64_t counts_median = 0, flash_bytes = 0, ram_bytes = 0, stack_bytes = 0;
  };
  std::optional<Measured> measured;
};

void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& winner);
// Throws std::runtime_error naming the file and what is wrong.
BestConfig read_best_config(const std::filesystem::path& path);

// The variant that generates what `c` describes: its knobs, plus a `layers` override for each
// layer whose [layers] schedule differs from the one those knobs choose (none for an unedited
// file, which so reproduces the winner's sources byte for byte). `chosen`: the schedules the
// knobs alone give, per operator index (from one code generation of the model).
codegen::Variant variant_of(const BestConfig& c, const std::map<int, std::string>& chosen);

}  // namespace aotbench::sweep
