#pragma once
// results.json in Google Benchmark's JSON format, so that its tools (compare.py) read our runs:
//  - "context": what Google Benchmark writes (date, host_name, executable, num_cpus, mhz_per_cpu,
//    cpu_scaling_enabled, caches, load_avg, library_build_type) plus the run metadata as custom
//    context keys (board, target, counter, clock_hz, model, model_sha256, toolchain, qemu, ...).
//  - "benchmarks": one entry per variant, named by its key; real_time/cpu_time are the median
//    counts in µs at the board clock (time_unit "us"); every metric of metrics() is a counter
//    field (absent when not measured); failed variants carry error_occurred/error_message like a
//    benchmark that called SkipWithError. The structured rest (knobs, status, repeats, per-op
//    table, winner, Pareto) is under "aotbench", which Google Benchmark's tools ignore.
#include <filesystem>
#include <string>
#include <string_view>

#include "results/record.hpp"

namespace aotbench::results {

std::string gbench_json(const Run& run);
void write_gbench_json(const Run& run, const std::filesystem::path& path);

// Reads what gbench_json wrote. `source` names the input in error messages. Throws ResultsError
// for malformed JSON, a Google Benchmark file that aotbench did not write, or bad values.
Run parse_gbench_json(std::string_view text, const std::string& source);
Run read_gbench_json(const std::filesystem::path& path);

}  // namespace aotbench::results
