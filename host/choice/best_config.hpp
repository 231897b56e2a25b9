#pragma once
// best.toml: the winner of a sweep as a configuration `aotbench codegen --config best.toml --out
// DIR` turns back into the sources a user drops into an application.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "results/record.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::choice {

struct BestConfig {
  // A zoo spec, or the absolute path of the .tflite file the sweep measured (a path relative to
  // where the sweep ran would break as soon as best.toml is used from anywhere else).
  std::string model;
  std::string model_sha256;  // of that file's bytes; empty for a zoo spec (and an older best.toml)
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

// `model_arg`: the sweep's --model; a file is recorded by absolute path with run.info.model_sha256.
void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& winner);
// Throws std::runtime_error naming the file and what is wrong.
BestConfig read_best_config(const std::filesystem::path& path);

// Throws std::runtime_error, naming best.toml at `config`, when the model file it records is not
// there any more (check_model_is_there), or its bytes (sha256 `loaded_sha256`) are not the ones
// the sweep measured (check_model_unchanged).
void check_model_is_there(const BestConfig& c, const std::filesystem::path& config);
void check_model_unchanged(const BestConfig& c, const std::filesystem::path& config, const std::string& loaded_sha256);

// The variant that generates what `c` describes: its knobs, plus a `layers` override for each
// layer whose [layers] schedule differs from the one those knobs choose (none for an unedited
// file, which so reproduces the winner's sources byte for byte). `chosen`: the schedules the
// knobs alone give, per operator index (from one code generation of the model).
codegen::Variant variant_of(const BestConfig& c, const std::map<int, std::string>& chosen);

}  // namespace aotbench::choice
