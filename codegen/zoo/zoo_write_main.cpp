// Developer tool: writes a zoo model to a .tflite file, or lists the zoo.
//   aotbench_zoo_write SPEC OUT.tflite
//   aotbench_zoo_write --list
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "codegen/zoo/zoo.hpp"

int main(int argc, char** argv) {
  using namespace aotbench::codegen;
  try {
    if (argc == 2 && std::string(argv[1]) == "--list") {
      fmt::print("{}", zoo_help());
      return 0;
    }
    if (argc != 3) {
      fmt::print(stderr, "usage: {} SPEC OUT.tflite | --list\n\n{}", argv[0], zoo_help());
      return 2;
    }
    std::vector<uint8_t> bytes = build_zoo_model(argv[1]);
    std::ofstream out(argv[2], std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw ZooError(fmt::format("cannot write {}", argv[2]));
    fmt::print("{}: {} ({} bytes)\n", argv[2], canonical_zoo_spec(argv[1]), bytes.size());
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
