# Whether clang can build libFuzzer targets with ASan + UBSan (the fuzzers are separate clang
# projects, the main build uses gcc). Sets AOTBENCH_CLANG, AOTBENCH_CLANGXX and the cached
# AOTBENCH_CLANG_FUZZ_WORKS; included by codegen/fuzz and transport/fuzz.
include_guard(GLOBAL)
option(AOTBENCH_FUZZ "Build and run the fuzzers and sanitizer tests (needs clang++ with libFuzzer)" ON)
find_program(AOTBENCH_CLANGXX NAMES clang++-14 clang++)
find_program(AOTBENCH_CLANG NAMES clang-14 clang)
if(AOTBENCH_CLANGXX AND NOT DEFINED CACHE{AOTBENCH_CLANG_FUZZ_WORKS})
  set(probe "${CMAKE_BINARY_DIR}/clang_fuzz_probe")
  file(WRITE "${probe}.cpp" "#include <cstddef>\n#include <cstdint>\nextern \"C\" int "
       "LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n")
  execute_process(
    COMMAND "${AOTBENCH_CLANGXX}" -fsanitize=fuzzer,address,undefined "${probe}.cpp" -o "${probe}"
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  set(works OFF)
  if(rc EQUAL 0)
    set(works ON)
  endif()
  set(AOTBENCH_CLANG_FUZZ_WORKS ${works} CACHE INTERNAL "clang++ links libFuzzer + ASan + UBSan")
endif()
