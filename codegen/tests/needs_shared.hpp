#pragma once
// ../shared (the pretrained models and the TFLite Micro oracle) for the tests that read it. A clone
// without it builds and runs every other test: these report themselves skipped, with the reason,
// at test time. Under AOTBENCH_REQUIRE_SHARED=1 (scripts/test sets it when ../shared is beside the
// checkout) a missing file fails the test instead, so CI never passes with them quietly skipped.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace aotbench::test {

// $AOTBENCH_SHARED_DIR, else the folder CMake was configured with (-DAOTBENCH_SHARED_DIR).
inline std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("AOTBENCH_SHARED_DIR"); env && *env) return env;
  return AOTBENCH_SHARED_DIR;
}

inline std::filesystem::path shared_path(const std::string& rel) { return shared_dir() / rel; }

inline bool shared_required() {
  const char* env = std::getenv("AOTBENCH_REQUIRE_SHARED");
  return env && std::string(env) == "1";
}

// Empty when `rel` exists in ../shared; otherwise what is missing and what to do about it.
inline std::string shared_missing(const std::string& rel) {
  const std::filesystem::path p = shared_path(rel);
  if (std::filesystem::exists(p)) return "";
  return "needs ../shared: " + p.string() +
         " not found (put the shared models and oracle beside the checkout, or set AOTBENCH_SHARED_DIR)";
}

}  // namespace aotbench::test

// The first statement of a test, or of its fixture's SetUp, that reads `rel` (e.g.
// "models/kws_ref_model.tflite") in ../shared: skips it with the reason when that is absent.
#define AOTBENCH_NEEDS_SHARED(rel)                                                               \
  do {                                                                                          \
    if (const std::string ab_why_ = ::aotbench::test::shared_missing(rel); !ab_why_.empty()) { \
      if (::aotbench::test::shared_required())                                                  \
        GTEST_FAIL() << ab_why_ << "; AOTBENCH_REQUIRE_SHARED=1 does not allow skipping it";    \
      GTEST_SKIP() << ab_why_;                                                                  \
    }                                                                                           \
  } while (0)
