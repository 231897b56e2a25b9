#include "codegen/variant/layer_schedules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "codegen/variant/variant.hpp"

namespace aotbench::codegen {

bool valid_schedule_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}

LayerSchedules parse_layer_schedules(std::string_view text) {
  LayerSchedules out;
  while (!text.empty()) {
    const auto slash = text.find('/');
    const std::string_view item = text.substr(0, slash);
    text = slash == std::string_view::npos ? std::string_view{} : text.substr(slash + 1);
    const auto colon = item.find(':');
    int index = -1;
    const std::string_view number = item.substr(0, colon);
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), index);
    const std::string_view name = colon == std::string_view::npos ? std::string_view{} : item.substr(colon + 1);
    if (colon == std::string_view::npos || ec != std::errc() || end != number.data() + number.size() ||
        index < 0 || !valid_schedule_name(name)) {
      throw VariantError(fmt::format("'{}' is not LAYER:SCHEDULE (e.g. layers=3:dsp_1x1/12:ref)", item));
    }
    if (!out.emplace(index, std::string(name)).second) {
      throw VariantError(fmt::format("layer {} is given twice in layers=", index));
    }
  }
  return out;
}

std::string format_layer_schedules(const LayerSchedules& layers) {
  std::string out;
  for (const auto& [index, name] : layers) out += fmt::format("{}{}:{}", out.empty() ? "" : "/", index, name);
  return out;
}

}  // namespace aotbench::codegen
