// The families of operator cases, one line each; a family's generators live in op_cases_<name>.cpp.
#include "op_case.hpp"

namespace aotbench::codegen::test {

// arithmetic
std::vector<OpCase> arithmetic_cases();

// activation

// reduce

// movement
std::vector<OpCase> movement_cases();

// resize

// layers
std::vector<OpCase> layers_cases();

// recurrent

const std::vector<OpFamily>& op_families() {
  static const std::vector<OpFamily> families = {
      // arithmetic
      {"arithmetic", arithmetic_cases},

      // activation

      // reduce

      // movement
      {"movement", movement_cases},

      // resize

      // layers
      {"layers", layers_cases},

      // recurrent
  };
  return families;
}

}  // namespace aotbench::codegen::test
