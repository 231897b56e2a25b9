#pragma once
// results.csv: one row per variant with every metric, the knobs as columns (RFC 4180 quoting).
// ops.csv: one row per profiled operator.
#include <filesystem>
#include <string>
#include <vector>

#include "results/record.hpp"

namespace aotbench::results {

// Header of results.csv for this run: key, the knobs, status, message, counter, the metrics of
// metrics(), fits, outputs_match, pareto, selected, repeats (';'-separated counts).
std::vector<std::string> csv_columns(const Run& run);
std::string results_csv(const Run& run);
// key, op_index, op_type, counts, macs, counts_per_mac (counts are the run's counter kind).
std::string ops_csv(const Run& run);

void write_results_csv(const Run& run, const std::filesystem::path& path);
void write_ops_csv(const Run& run, const std::filesystem::path& path);

}  // namespace aotbench::results
