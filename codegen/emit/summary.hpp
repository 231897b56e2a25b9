#pragma once
// What `aotbench codegen` reports and writes next to the sources: operators, MACs, memory.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "codegen/emit/emitter.hpp"

namespace aotbench::codegen {

// One entry per operator of the model: the bands of a layer under patches=K merged (MACs summed,
// scratch and arena figures their largest), in execution order of their first band.
std::vector<OpSummary> layer_summaries(const EmitSummary& s);

std::string summary_text(const EmitSummary& s);
nlohmann::json summary_json(const EmitSummary& s);

// Writes every generated file, plus summary.txt and summary.json, into `dir` (created).
void write_sources(const EmitResult& r, const std::filesystem::path& dir);

}  // namespace aotbench::codegen
