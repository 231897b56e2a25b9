#pragma once
// Everything a sweep writes into its --out folder, in one call: results.csv, results.json
// (Google Benchmark format), report.html, and ops.csv when some variant was profiled per
// operator. The SQLite history lives elsewhere (its path is configurable): see history.hpp.
#include <filesystem>
#include <vector>

#include "results/record.hpp"

namespace aotbench::results {

// Writes the files (each atomically) and returns their paths. Throws ResultsError.
std::vector<std::filesystem::path> write_outputs(const Run& run, const std::filesystem::path& out_dir);

}  // namespace aotbench::results
