// See timing_model.hpp.
#include "host/flash/timing_model.hpp"

#include <fmt/core.h>

#include <cstdlib>

#include "base/process.hpp"
#include "base/sha256.hpp"
#include "host/board/timing_profile.hpp"
#include "codegen/data/data_dir.hpp"

namespace aotbench::flash {

std::filesystem::path timing_plugin_path() {
  const std::filesystem::path path =
      codegen::data_path("AOTBENCH_TIMING_PLUGIN", "timing/libab_timing.so", AOTBENCH_TIMING_PLUGIN);
  if (!std::filesystem::is_regular_file(path))
    throw base::ProcessError(fmt::format("the timing model {} is missing: build aotbench (its target ab_timing), or use "
                                   "--counter instructions",
                                   path.string()));
  return path;
}

std::string timing_plugin_arg(const board::Profile& p, const std::filesystem::path& counts_file) {
  if (!p.timing)
    throw base::ProcessError(fmt::format("board {} has no [timing] table in {}: it has no timing model (use --counter "
                                   "instructions, or add the table)",
                                   p.name, p.file.string()));
  std::string arg = timing_plugin_path().string() + ",out=" + counts_file.string();
  for (const std::string& a : board::timing_plugin_args(*p.timing)) arg += "," + a;
  // Analysis: the plugin's per-reading trace with its breakdown (device/qemu_timing/breakdown.py);
  // one emulator at a time (--jobs 1), each truncates the file.
  if (const char* trace = std::getenv("AOTBENCH_TIMING_TRACE"); trace && *trace) arg += fmt::format(",trace={}", trace);
  return arg;
}

std::string timing_model_fingerprint(const board::Profile& p) {
  if (!p.timing) return "";
  std::string what = base::sha256_of_file(timing_plugin_path());
  for (const std::string& arg : board::timing_plugin_args(*p.timing)) what += "," + arg;
  return base::sha256_hex(what.data(), what.size()).substr(0, 12);
}

std::string timing_model_label(const board::Profile& p) {
  if (!p.timing) return "";
  const std::string core = p.timing->core == "cortex-m7" ? "Cortex-M7 approximation" : p.timing->core + " TRM timings";
  return fmt::format("{}; {}", core, p.timing->model);
}

}  // namespace aotbench::flash
