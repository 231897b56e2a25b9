#pragma once
// Where the tests find ../shared/models (AOTBENCH_SHARED_DIR, set by CMake); a test that reads one
// starts with AOTBENCH_NEEDS_SHARED(model_rel(file)).
#include <cctype>
#include <string>
#include <vector>

#include "needs_shared.hpp"

namespace aotbench::codegen {

inline std::string model_rel(const std::string& file) { return "models/" + file; }

inline std::string test_model_path(const std::string& file) {
  return ::aotbench::test::shared_path(model_rel(file)).string();
}

// The eight pretrained models of ../shared/models/SOURCES.md.
inline const std::vector<std::string>& shared_model_files() {
  static const std::vector<std::string> files = {
      "mcunet_vww1_80.tflite", "mnv2_100_224_nchw_int8.tflite", "vww_96_int8.tflite",
      "kws_ref_model.tflite",  "pretrainedresnet_quant.tflite", "ad01_int8.tflite",
      "person_detect.tflite",  "str_ww_ref_model.tflite"};
  return files;
}

// "mnv2_100_224_nchw_int8.tflite" -> "mnv2_100_224_nchw_int8" (a valid gtest name).
inline std::string model_test_name(const std::string& file) {
  std::string s = file.substr(0, file.rfind('.'));
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return s;
}

}  // namespace aotbench::codegen
