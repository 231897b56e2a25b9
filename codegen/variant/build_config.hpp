#pragma once
// What a variant asks of the C compiler: its build knobs, and the index width the kernels and the
// generated code read as a define. One answer for every build of a variant (the firmware, the host
// runner, a package's build files) and for what keys a build (the object cache, the tuning log).
#include <string>
#include <vector>

#include "codegen/variant/variant.hpp"

namespace aotbench::codegen {

struct BuildConfig {
  std::string opt = "Os";    // the `opt` knob: O0, Os, O2, O3
  std::string cc = "gcc";    // the `cc` knob: gcc or clang compiles the model and kernels (gcc links)
  std::string align = "off";  // the `align` knob: off, or loopsN
  int index_bits = 32;       // the `index` knob's width

  std::string opt_flag() const { return "-" + opt; }        // "-Os"
  std::vector<std::string> align_flags() const;              // {} or {"-falign-loops=16"}
  // The code-shaping flags a user's build should repeat: the level, then the alignment.
  std::vector<std::string> code_flags() const;               // {"-O3", "-falign-loops=16"}
  std::string index_define() const;                          // "-DAB_INDEX_BITS=32"
  std::vector<std::string> flags() const;                    // code_flags(), then index_define()
};

// Throws VariantError for a combination the compiler would silently ignore (align=loops16 at
// opt=Os with gcc builds the same code as align=off: two keys, one image).
BuildConfig build_config(const Variant& v);

}  // namespace aotbench::codegen
