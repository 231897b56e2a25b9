#pragma once
// The device self-test: runs the firmware's calibration workloads and compares them with what the
// ELF predicts: the loop's count against its disassembly (exact under QEMU, where the counter
// counts instructions), the known function's stack against -fstack-usage (within 16 bytes), a
// bulk Echo, and a SetInput/Run/GetOutput round trip of the built-in self-test model.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "host/flash/session.hpp"

namespace aotbench::flash {

struct SelftestOptions {
  std::vector<std::uint32_t> loop_iterations{1000, 2000, 4000};
  std::uint32_t runs = 3;           // timed runs per loop length (must repeat exactly)
  std::size_t echo_bytes = 4096;
  std::uint32_t stack_tolerance = 16;
};

struct LoopPoint {
  std::uint32_t iterations = 0;
  std::vector<std::uint64_t> measured;  // one per run
  std::uint64_t predicted = 0;          // instructions, from the disassembly
};

struct SelftestReport {
  std::string where, unit;
  bool instructions = false;            // exact comparison possible (QEMU icount)
  std::uint64_t empty_count = 0;        // count of ab_cal_empty (1 instruction: `bx lr`)
  std::vector<LoopPoint> loop;
  bool repeatable = false, linear = false, exact = false;
  std::uint32_t stack_measured = 0;
  std::optional<std::uint32_t> stack_expected;
  bool stack_ok = false;
  std::size_t echo_bytes = 0;
  bool echo_ok = false;
  double echo_seconds = 0;
  bool model_checked = false, model_ok = false;
  std::uint64_t model_count = 0;
  std::vector<std::uint64_t> op_counts;
  std::string loop_disassembly;

  // Every check that applies passed (loop exactness only where the unit is instructions).
  bool ok() const;
};

// `elf` is the firmware the session runs (for the disassembly); `su_file` its -fstack-usage.
SelftestReport run_selftest(Session& s, const std::filesystem::path& elf, const std::filesystem::path& su_file,
                            const SelftestOptions& o = {});

}  // namespace aotbench::flash
