#pragma once
// What a variant asks of the C compiler: its build knobs, and the index width the kernels and the
// generated code read as a define. One answer for every build of a variant (the firmware, the host
// runner, a package's README) and for what keys a build (the object cache, the tuning log).
#include <string>
#include <vector>

#include "codegen/variant/variant.hpp"

namespace aotbench::codegen {

struct BuildConfig {
  std::string opt = "Os";  // the `opt` knob: O0, Os, O2, O3
  std::string cc = "gcc";  // the `cc` knob: gcc or clang compiles the model and kernels (gcc links)
  int index_bits = 32;     // the `index` knob's width

  std::string opt_flag() const { return "-" + opt; }        // "-Os"
  std::string index_define() const;                          // "-DAB_INDEX_BITS=32"
  std::vector<std::string> flags() const { return {opt_flag(), index_define()}; }
};

BuildConfig build_config(const Variant& v);

}  // namespace aotbench::codegen
