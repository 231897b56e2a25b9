#pragma once
// A `--model` argument: a path to a .tflite file or a zoo spec.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "codegen/zoo/zoo.hpp"

namespace aotbench::codegen {

struct ModelBytes {
  std::vector<uint8_t> bytes;  // the .tflite flatbuffer
  std::string source;          // the path, or the zoo spec with every option spelled out
  bool from_zoo = false;
};

// An existing file wins. Otherwise an argument that looks like a path (it has a '/' or '\\', or
// ends in .tflite) is a missing file, and anything else is a zoo spec. Throws ZooError.
ModelBytes load_model_arg(const std::string& arg,
                          const std::filesystem::path& zoo_dir = default_zoo_dir());

}  // namespace aotbench::codegen
