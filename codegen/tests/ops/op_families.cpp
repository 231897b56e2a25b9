// The families of operator cases, one line each; a family's generators live in op_cases_<name>.cpp.
#include "op_case.hpp"

namespace aotbench::codegen::test {

std::vector<OpCase> arithmetic_cases();
std::vector<OpCase> movement_cases();

const std::vector<OpFamily>& op_families() {
  static const std::vector<OpFamily> families = {
      {"arithmetic", arithmetic_cases},
      {"movement", movement_cases},
  };
  return families;
}

}  // namespace aotbench::codegen::test
