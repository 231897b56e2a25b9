// See cores.hpp. Sources: the Arm Cortex-M technical reference manuals (DSP is part of ARMv7E-M;
// optional on the ARMv8-M Mainline cores; MVE exists from ARMv8.1-M on).
#include "host/board/cores.hpp"

namespace aotbench::board {

const std::vector<std::string_view>& known_features() {
  static const std::vector<std::string_view> features = {kFeatureDsp, kFeatureMve};
  return features;
}

const std::vector<CoreInfo>& known_cores() {
  static const std::vector<CoreInfo> cores = {
      {"cortex-m0", "armv6-m", {}},
      {"cortex-m0plus", "armv6-m", {}},
      {"cortex-m1", "armv6-m", {}},
      {"cortex-m3", "armv7-m", {}},
      {"cortex-m4", "armv7e-m", {kFeatureDsp}},
      {"cortex-m7", "armv7e-m", {kFeatureDsp}},
      {"cortex-m23", "armv8-m.base", {}},
      {"cortex-m33", "armv8-m.main", {kFeatureDsp}},
      {"cortex-m35p", "armv8-m.main", {kFeatureDsp}},
      {"cortex-m55", "armv8.1-m.main", {kFeatureDsp, kFeatureMve}},
      // Not cortex-m85 yet: neither GCC 12 nor clang 14 knows it.
  };
  return cores;
}

const CoreInfo* find_core(std::string_view name) {
  for (const CoreInfo& c : known_cores())
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace aotbench::board
