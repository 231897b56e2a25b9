#pragma once
// Writes a lowered operator's parameter struct as C source: `static const` definitions of the
// arrays it points into, then the struct with designated initializers. Compile the result with
// the AB_INDEX_BITS of the kernels it is passed to.
#include <string>

#include "lower/lower.hpp"

namespace aotbench::codegen {

struct RenderedParams {
  std::string arrays;  // e.g. "static const int32_t NAME_output_multiplier[8] = {...};\n"
  std::string params;  // e.g. "static const ab_conv2d_params NAME = {\n  .input = ...\n};\n"
};

// `name` must already be a valid, unique C identifier (the emitter sanitizes and mangles);
// arrays are called `<name>_<field>`. Throws std::invalid_argument for an invalid name.
RenderedParams render_params_c(const LoweredOp& op, const std::string& name);

}  // namespace aotbench::codegen
