// aotbench_tflite_dump MODEL.tflite... : prints what the reader makes of each model, or why it
// rejects it. A debugging aid; the user-facing command is `aotbench codegen`.
#include <cstdio>
#include <exception>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/reader.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODEL.tflite...\n", argv[0]);
    return 2;
  }
  int rc = 0;
  for (int i = 1; i < argc; ++i) {
    try {
      auto g = aotbench::codegen::read_tflite_file(argv[i]);
      std::fputs(aotbench::codegen::dump_graph(g).c_str(), stdout);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      rc = 1;
    }
  }
  return rc;
}
