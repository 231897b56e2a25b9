#pragma once
// Field-by-field comparison of two runs with readable GoogleTest failures.
#include "results/record.hpp"

namespace aotbench::results::testing {

void expect_same_run(const Run& expected, const Run& actual);

}  // namespace aotbench::results::testing
