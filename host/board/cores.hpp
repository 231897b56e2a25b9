#pragma once
// What aotbench knows about each Cortex-M core, in one table: its architecture (which clang's
// target triple is derived from) and the ISA extensions an implementation of it may have. A board
// profile lists the extensions its chip actually has (`cpu.features`); those must be a subset of
// its core's, so a profile cannot promise DSP instructions to a Cortex-M3.
#include <string>
#include <string_view>
#include <vector>

namespace aotbench::board {

// ISA extensions code generation may use, as spelled in profiles.
inline constexpr std::string_view kFeatureDsp = "dsp";  // ARMv7E-M DSP/SIMD: SMLAD, SXTB16, QADD, SSAT16...
inline constexpr std::string_view kFeatureMve = "mve";  // Helium (M-profile Vector Extension)

struct CoreInfo {
  std::string_view name;          // -mcpu value
  std::string_view architecture;  // armv7-m, armv7e-m, armv8-m.main, ...
  std::vector<std::string_view> features;  // extensions the core may have (some are optional on it)
};

// Every feature name a profile may use.
const std::vector<std::string_view>& known_features();

// Every core of the table, in table order.
const std::vector<CoreInfo>& known_cores();

// The core's entry, or nullptr if the table does not know it.
const CoreInfo* find_core(std::string_view name);

}  // namespace aotbench::board
