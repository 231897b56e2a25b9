#pragma once
// Patch-based execution as a RAM axis of the sweep: when RAM decides (objective ram, a RAM limit
// the user gave, or variants whose planned arena alone is over the board's RAM), the space gains
// each such static-workspace variant with its first layers in bands (patches=K), where that plans
// a smaller arena. The sweep measures them like any other; the objective picks among those that
// fit (the fastest, under --max-ram).
#include <string>
#include <vector>

#include "host/choice/select.hpp"
#include "host/infer/infer.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::sweep {

// The band counts tried.
inline const std::vector<std::string>& patch_axis_values() {
  static const std::vector<std::string> v = {"4", "8"};
  return v;
}

// Adds the patched variants to `space` (none when the space already sets `patches` or nothing
// needs RAM); returns a note per addition for the user.
// `ram_decides`: objective ram or a RAM limit of the user's (every static variant gets its
// patched ones); otherwise only the variants whose arena is over limits.ram do.
std::vector<std::string> add_patch_variants(std::vector<codegen::Variant>& space, const infer::LoadedModel& model,
                                            const choice::Limits& limits, bool ram_decides,
                                            const std::vector<std::string>& cpu_features);

}  // namespace aotbench::sweep
