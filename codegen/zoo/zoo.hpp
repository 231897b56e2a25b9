#pragma once
// The built-in model zoo: genuine int8 TFLite flatbuffers that aotbench writes itself, with
// deterministic synthetic weights, from the model definitions in scenarios/models/*.toml.
//
// A zoo spec is NAME or NAME:OPTION=VALUE,OPTION=VALUE,... (e.g. `mnv2`, `mnv2:width=0.5,res=128`);
// each definition file lists its options with defaults and ranges.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace aotbench::codegen {

class ZooError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The folder of model definitions: $AOTBENCH_MODELS_DIR, else scenarios/models of the source tree.
std::filesystem::path default_zoo_dir();

// The names of the zoo's models, sorted.
std::vector<std::string> zoo_model_names(const std::filesystem::path& dir = default_zoo_dir());

// The .tflite bytes of the model a spec names; the same spec always gives the same bytes.
// Throws ZooError, listing the known models and their options, when the spec is wrong.
std::vector<uint8_t> build_zoo_model(const std::string& spec,
                                     const std::filesystem::path& dir = default_zoo_dir());

// The spec with every option spelled out, e.g. "mnv2:width=0.35,res=96,classes=2,softmax=true".
std::string canonical_zoo_spec(const std::string& spec,
                               const std::filesystem::path& dir = default_zoo_dir());

// The models, the spec syntax and every option, for help texts and error messages.
std::string zoo_help(const std::filesystem::path& dir = default_zoo_dir());

}  // namespace aotbench::codegen
