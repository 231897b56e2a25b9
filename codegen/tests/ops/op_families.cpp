// The families of operator cases, one line each; a family's generators live in op_cases_<name>.cpp.
#include "op_case.hpp"

namespace aotbench::codegen::test {

// arithmetic
std::vector<OpCase> arithmetic_cases();

// activation
std::vector<OpCase> activation_cases();

// reduce
std::vector<OpCase> reduce_cases();

// movement
std::vector<OpCase> movement_cases();

// resize
std::vector<OpCase> resize_cases();

// layers
std::vector<OpCase> layers_cases();

// recurrent
std::vector<OpCase> recurrent_cases();

// signal
std::vector<OpCase> signal_cases();

const std::vector<OpFamily>& op_families() {
  static const std::vector<OpFamily> families = {
      // arithmetic
      {"arithmetic", arithmetic_cases},

      // activation
      {"activation", activation_cases},

      // reduce
      {"reduce", reduce_cases},

      // movement
      {"movement", movement_cases},

      // resize
      {"resize", resize_cases},

      // layers
      {"layers", layers_cases},

      // recurrent
      {"recurrent", recurrent_cases},

      // signal
      {"signal", signal_cases},
  };
  return families;
}

}  // namespace aotbench::codegen::test
