#pragma once
// A variant's per-layer schedules: operator index -> schedule name, overriding the `kernels`
// family for those operators. Written as text ("3:dsp_1x1/12:ref") only where a variant is
// written or read: its key and spec, results files, best.toml, the space language.
#include <map>
#include <string>
#include <string_view>

namespace aotbench::codegen {

using LayerSchedules = std::map<int, std::string>;

// Letters a-z, digits and '_': the names of the schedule registry.
bool valid_schedule_name(std::string_view name);

// "3:dsp_1x1/12:ref" <-> {{3, "dsp_1x1"}, {12, "ref"}}, the text in index order. parse throws
// VariantError (variant.hpp) for an item that is not LAYER:SCHEDULE or a layer given twice.
LayerSchedules parse_layer_schedules(std::string_view text);
std::string format_layer_schedules(const LayerSchedules& layers);

}  // namespace aotbench::codegen
