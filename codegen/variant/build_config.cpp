#include "codegen/variant/build_config.hpp"

#include <fmt/format.h>

namespace aotbench::codegen {

std::string BuildConfig::index_define() const { return fmt::format("-DAB_INDEX_BITS={}", index_bits); }

BuildConfig build_config(const Variant& v) { return {v.get("opt"), v.get("cc"), v.index_bits()}; }

}  // namespace aotbench::codegen
