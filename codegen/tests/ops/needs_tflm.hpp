#pragma once
// TFLite Micro's Python interpreter (PyPI's tflite-micro, installed by scripts/setup into
// .deps/venv) for the tests that use it as their oracle. Without it they report themselves
// skipped, with the reason; under AOTBENCH_REQUIRE_TFLM=1 (scripts/test sets it) a missing oracle
// fails them instead, so CI never passes with them quietly skipped.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace aotbench::test {

// $AOTBENCH_TFLM_PYTHON, else the virtual environment's interpreter.
inline std::filesystem::path tflm_python() {
  if (const char* env = std::getenv("AOTBENCH_TFLM_PYTHON"); env && *env) return env;
  return std::filesystem::path(AOTBENCH_DEPS_DIR) / "venv" / "bin" / "python";
}

// Empty when the oracle can run; otherwise why not and what to do.
inline std::string tflm_missing() {
  const std::string python = tflm_python().string();
  const std::string probe =
      "'" + python + "' -c 'from tflite_micro.python.tflite_micro import runtime' >/dev/null 2>&1";
  if (std::filesystem::exists(tflm_python()) && std::system(probe.c_str()) == 0) return "";
  return "needs TFLite Micro's Python interpreter: " + python +
         " cannot import tflite_micro (run scripts/setup, which pins it in .deps/venv)";
}

inline bool tflm_required() {
  const char* env = std::getenv("AOTBENCH_REQUIRE_TFLM");
  return env && std::string(env) == "1";
}

}  // namespace aotbench::test

#define AOTBENCH_NEEDS_TFLM()                                                                    \
  do {                                                                                          \
    if (const std::string ab_why_ = ::aotbench::test::tflm_missing(); !ab_why_.empty()) {       \
      if (::aotbench::test::tflm_required())                                                    \
        GTEST_FAIL() << ab_why_ << "; AOTBENCH_REQUIRE_TFLM=1 does not allow skipping it";      \
      GTEST_SKIP() << ab_why_;                                                                  \
    }                                                                                           \
  } while (0)
