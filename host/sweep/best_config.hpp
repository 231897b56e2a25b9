#pragma once
// best.toml: the winner of a sweep as a configuration `aotbench codegen --config best.toml --out
// DIR` turns back into the sources a user drops into an application.
#include <filesystem>
#include <string>

#include "emit/variant.hpp"
#include "results/record.hpp"

namespace aotbench::sweep {

struct BestConfig {
  std::string model;  // zoo spec or .tflite path, as the sweep was given it
  codegen::Variant variant;
};

void write_best_config(const std::filesystem::path& path, const std::string& model_arg, const results::Run& run,
                       const results::VariantResult& winner);
// Throws std::runtime_error naming the file and what is wrong.
BestConfig read_best_config(const std::filesystem::path& path);

}  // namespace aotbench::sweep
