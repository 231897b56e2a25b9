#include "host/choice/footprint.hpp"

#include <algorithm>
#include <regex>

namespace aotbench::choice {

FootprintModel::FootprintModel(const codegen::Graph& g, codegen::EmitOptions options, const codegen::Variant& base,
                               const results::VariantResult& measured)
    : graph_(g), options_(std::move(options)) {
  base_.flash = measured.flash ? static_cast<int64_t>(measured.flash->total()) : 0;
  base_.ram = static_cast<int64_t>(ram_needed(measured).value_or(0));
  base_generated_ = generated(base);
}

FootprintModel::Generated FootprintModel::generated(const codegen::Variant& v) const {
  try {
    const codegen::EmitSummary s = codegen::summarize_model(graph_, v, options_);
    return {s.param_bytes, s.arena_bytes + s.workspace_pool_bytes + s.state_bytes + s.ram_param_bytes};
  } catch (const codegen::VariantError&) {
    // The tuner trades such a composition's schedules for others.
    return {kCannotGenerate, kCannotGenerate};
  }
}

Footprint FootprintModel::predict(const codegen::Variant& v) const {
  const Generated g = generated(v);
  return {base_.flash + g.flash_data - base_generated_.flash_data + margin_.flash,
          base_.ram + g.ram_work - base_generated_.ram_work + margin_.ram};
}

Footprint FootprintModel::overshoot(const Footprint& f, const Limits& limits) {
  return {std::max<int64_t>(0, f.flash - static_cast<int64_t>(limits.flash)),
          std::max<int64_t>(0, f.ram - static_cast<int64_t>(limits.ram))};
}

bool FootprintModel::fits(const Footprint& f, const Limits& limits) {
  const Footprint over = overshoot(f, limits);
  return over.flash == 0 && over.ram == 0;
}

void FootprintModel::correct(const codegen::Variant& v, const results::VariantResult& measured,
                             const Limits& limits) {
  const Footprint predicted = predict(v);
  Footprint actual = predicted;
  bool known = false;
  if (measured.flash) {
    actual.flash = static_cast<int64_t>(measured.flash->total());
    known = true;
  } else if (const int64_t over = linker_overflow(measured.message, "FLASH")) {
    actual.flash = static_cast<int64_t>(limits.flash) + over;
    known = true;
  }
  if (const auto ram = ram_needed(measured)) {
    actual.ram = static_cast<int64_t>(*ram);
    known = true;
  } else if (const int64_t over = linker_overflow(measured.message, "RAM")) {
    actual.ram = static_cast<int64_t>(limits.ram) + over;
    known = true;
  }
  if (!known) actual.flash += 16 * 1024;  // no figure at all: assume a modest miss, and learn again
  margin_.flash += std::max<int64_t>(0, actual.flash - predicted.flash);
  margin_.ram += std::max<int64_t>(0, actual.ram - predicted.ram);
}

int64_t linker_overflow(const std::string& message, const std::string& region) {
  const std::regex re("region `" + region + "' overflowed by ([0-9]+) bytes");
  std::smatch m;
  return std::regex_search(message, m, re) ? std::stoll(m[1].str()) : 0;
}

}  // namespace aotbench::choice
