#include "codegen/variant/build_config.hpp"

#include <fmt/format.h>

namespace aotbench::codegen {

std::string BuildConfig::index_define() const { return fmt::format("-DAB_INDEX_BITS={}", index_bits); }

std::vector<std::string> BuildConfig::align_flags() const {
  if (align == "off") return {};
  return {"-falign-loops=" + align.substr(std::string_view("loops").size())};
}

std::vector<std::string> BuildConfig::code_flags() const {
  std::vector<std::string> out = {opt_flag()};
  for (const auto& f : align_flags()) out.push_back(f);
  return out;
}

std::vector<std::string> BuildConfig::flags() const {
  std::vector<std::string> out = code_flags();
  out.push_back(index_define());
  return out;
}

BuildConfig build_config(const Variant& v) {
  BuildConfig c{v.get("opt"), v.get("cc"), v.get("align"), v.index_bits()};
  // gcc drops loop alignment when optimizing for size or not at all; clang only at -O0.
  const bool ignored = c.opt == "O0" || (c.opt == "Os" && c.cc == "gcc");
  if (c.align != "off" && ignored)
    throw VariantError(fmt::format("align={} does nothing at opt={} with {}: the compiler leaves loops unaligned "
                                   "there; give opt=O2 or O3 (or align=off)",
                                   c.align, c.opt, c.cc));
  return c;
}

}  // namespace aotbench::codegen
