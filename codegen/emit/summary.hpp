#pragma once
// What `aotbench codegen` reports and writes next to the sources: operators, MACs, memory.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "emit/emitter.hpp"

namespace aotbench::codegen {

std::string summary_text(const EmitSummary& s);
nlohmann::json summary_json(const EmitSummary& s);

// Writes every generated file, plus summary.txt and summary.json, into `dir` (created).
void write_sources(const EmitResult& r, const std::filesystem::path& dir);

}  // namespace aotbench::codegen
