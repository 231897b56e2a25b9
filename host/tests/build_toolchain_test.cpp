// The compiler as a build choice: clang told to target each core as arm-none-eabi-gcc does (the
// same ABI, checked against gcc's own predefined macros), newlib's headers found through gcc, and
// objects of the two compilers never sharing a cache entry.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "host/board/cores.hpp"
#include "host/board/flags.hpp"
#include "host/board/registry.hpp"
#include "host/build/clang_target.hpp"
#include "host/build/object_cache.hpp"
#include "host/build/toolchain.hpp"

namespace {

using namespace aotbench;
namespace fs = std::filesystem;

const board::Profile& board_named(const std::string& name) {
  static board::Registry reg;
  return reg.get(name, {});
}

// A macro's value with its spelling taken out: 'M' and 77, 0xe and 14 are the same number.
std::string normalized(std::string v) {
  v.erase(0, v.find_first_not_of(' '));
  if (v.size() == 3 && v.front() == '\'' && v.back() == '\'') return std::to_string(static_cast<int>(v[1]));
  try {
    std::size_t used = 0;
    const long long n = std::stoll(v, &used, 0);
    if (used == v.size()) return std::to_string(n);
  } catch (const std::exception&) {
  }
  return v;
}

// The macros a compiler predefines for these flags, by name, values normalized.
std::map<std::string, std::string> predefined(std::vector<std::string> argv) {
  argv.insert(argv.end(), {"-dM", "-E", "-xc", "/dev/null"});
  std::map<std::string, std::string> out;
  std::istringstream lines(build::run_tool(argv));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string define, name, value;
    if (words >> define >> name && define == "#define") {
      std::getline(words, value);
      out[name] = normalized(value);
    }
  }
  return out;
}

TEST(Toolchain, ClangTriplesFollowTheArchitecture) {
  EXPECT_EQ(build::clang_triple("armv7-m"), "thumbv7m-none-eabi");
  EXPECT_EQ(build::clang_triple("armv7e-m"), "thumbv7em-none-eabi");
  EXPECT_EQ(build::clang_triple("armv6-m"), "thumbv6m-none-eabi");
  EXPECT_EQ(build::clang_triple("armv8-m.main"), "thumbv8m.main-none-eabi");
  EXPECT_EQ(build::clang_triple("armv8.1-m.main"), "thumbv8.1m.main-none-eabi");
  EXPECT_THROW(build::clang_triple("x86-64"), build::BuildError);
}

// Every core of the table compiles with both compilers, clang with the triple derived from it.
TEST(Toolchain, BothCompilersKnowEveryCoreOfTheTable) {
  for (const board::CoreInfo& core : board::known_cores()) {
    SCOPED_TRACE(std::string(core.name));
    const std::string mcpu = "-mcpu=" + std::string(core.name);
    EXPECT_NO_THROW(build::run_tool({"arm-none-eabi-gcc", mcpu, "-mthumb", "-Werror", "-xc", "-E", "/dev/null"}));
    EXPECT_NO_THROW(build::run_tool({"clang", "--target=" + build::clang_triple(core.architecture), mcpu, "-Werror",
                                     "-xc", "-E", "/dev/null"}));
  }
}

TEST(Toolchain, CompilersByName) {
  EXPECT_EQ(build::Toolchain::cross("gcc").cc(), "arm-none-eabi-gcc");
  EXPECT_EQ(build::Toolchain::cross("clang").cc(), "clang");
  EXPECT_EQ(build::Toolchain::host("gcc").cc(), "gcc");
  EXPECT_EQ(build::Toolchain::host("clang").cc(), "clang");
  // gcc links whatever compiled: it knows newlib's specs and libgcc.
  EXPECT_EQ(build::Toolchain::cross("clang").linker(), "arm-none-eabi-gcc");
  EXPECT_EQ(build::Toolchain::host("clang").linker(), "gcc");
  EXPECT_NE(build::Toolchain::cross("clang").version().find("clang"), std::string::npos);
  try {
    build::Toolchain::cross("icc");
    FAIL();
  } catch (const build::BuildError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown compiler `icc`: use gcc or clang"), std::string::npos) << e.what();
  }
}

// Newlib's headers, as arm-none-eabi-gcc finds them: a folder with stdlib.h, not gcc's own
// (which has stddef.h: clang brings its own).
TEST(Toolchain, LibraryHeadersComeFromGccsSearchList) {
  const auto dirs = build::gcc_library_include_dirs("arm-none-eabi-gcc", {"-mcpu=cortex-m3", "-mthumb"});
  ASSERT_FALSE(dirs.empty());
  EXPECT_TRUE(fs::exists(fs::path(dirs[0]) / "stdlib.h")) << dirs[0];
  for (const auto& d : dirs) EXPECT_FALSE(fs::exists(fs::path(d) / "stddef.h")) << d;
}

// For each board, clang with the profile's CPU flags and its target flags predefines what gcc
// does for the ABI (enum and wchar_t sizes, float ABI, unaligned access, char signedness) and for
// the ISA (architecture, DSP): their objects can share structures and calls.
TEST(Toolchain, ClangTargetsEachBoardsCoreWithGccsAbi) {
  for (const char* name : {"mps2-an385", "netduinoplus2", "mps2-an500", "stm32f746g-disco"}) {
    SCOPED_TRACE(name);
    const board::Profile& p = board_named(name);
    const auto cpu = board::firmware_flags(p, {}).cpu;
    const auto clang_flags = build::Toolchain::cross("clang").target_flags(p);
    EXPECT_TRUE(build::Toolchain::cross("gcc").target_flags(p).empty());
    std::vector<std::string> gcc = {"arm-none-eabi-gcc"}, clang = {"clang"};
    gcc.insert(gcc.end(), cpu.begin(), cpu.end());
    clang.insert(clang.end(), cpu.begin(), cpu.end());
    clang.insert(clang.end(), clang_flags.begin(), clang_flags.end());
    auto g = predefined(gcc), c = predefined(clang);
    // (Not __ARM_FP: clang counts the FPv4's half-precision conversions in it, gcc does not
    // without -mfp16-format; no calling convention depends on it.)
    for (const char* macro : {"__ARM_SIZEOF_MINIMAL_ENUM", "__ARM_SIZEOF_WCHAR_T", "__ARM_FEATURE_UNALIGNED",
                              "__ARM_PCS_VFP", "__SOFTFP__", "__CHAR_UNSIGNED__", "__ARM_ARCH",
                              "__ARM_ARCH_PROFILE", "__ARM_ARCH_7EM__", "__ARM_ARCH_7M__", "__ARM_FEATURE_DSP",
                              "__SIZEOF_LONG_DOUBLE__", "__SIZEOF_POINTER__", "__thumb2__"})
      EXPECT_EQ(g.count(macro) ? g[macro] : "(undefined)", c.count(macro) ? c[macro] : "(undefined)") << macro;
    EXPECT_EQ(g.count("__ARM_FEATURE_DSP") == 1, p.cpu.has_feature("dsp"));  // the profile tells the truth
  }
}

// The firmware build names the board's core to the kernels (GCC has no macro for it): the
// depthwise kernel's instruction order for the M4 stays off every M7, also one whose FPU is
// single precision (stm32f746g-disco: to the compiler's own macros it looks like an M4), and the
// M7's order off every M4.
TEST(Toolchain, KernelsKnowTheBoardsCore) {
  const std::string kernels = std::string(AOTBENCH_SOURCE_DIR) + "/codegen/kernels";
  for (const char* name : {"netduinoplus2", "nucleo-l4r5zi-qemu", "mps2-an500", "nucleo-h7a3ziq-qemu", "stm32f746g-disco"}) {
    SCOPED_TRACE(name);
    const board::Profile& p = board_named(name);
    std::vector<std::string> argv = {"arm-none-eabi-gcc"};
    const auto compile = board::firmware_flags(p, {}).compile;
    argv.insert(argv.end(), compile.begin(), compile.end());
    argv.insert(argv.end(), {"-O2", "-I" + kernels + "/dsp", "-I" + kernels + "/include", "-I" + kernels + "/reference",
                             "-include", "ab_dsp_depthwise_conv2d.h"});
    auto macros = predefined(argv);
    EXPECT_EQ(macros.count(board::core_macro(p.cpu.core)), 1u);
    const bool m7 = p.cpu.core == "cortex-m7";
    EXPECT_EQ(macros["AB_DSP_DUAL_ISSUE"], m7 ? "1" : "0");
    EXPECT_EQ(macros.count("AB_DSP_DW3_ASM"), m7 ? 0u : 1u);
    EXPECT_EQ(macros.count("AB_DSP_DW3_ASM_M7"), m7 ? 1u : 0u);  // and the M7's on every M7
  }
  EXPECT_EQ(board::core_macro("cortex-m0plus"), "AB_CPU_CORTEX_M0PLUS");
}

TEST(Toolchain, GccAndClangObjectsNeverShareACacheEntry) {
  const fs::path dir = fs::temp_directory_path() / ("aotbench-cc-cache-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "f.c") << "int f(int x) { return 3 * x + 1; }\n";
  const board::Profile& p = board_named("netduinoplus2");
  std::vector<std::string> flags = board::firmware_flags(p, {}).compile;
  flags.push_back("-Os");
  const build::ObjectCache gcc(dir / "objects", build::Toolchain::cross("gcc"));
  const build::ObjectCache clang(dir / "objects", build::Toolchain::cross("clang"));
  const build::CompileJob job{dir / "f.c", flags, {}};
  // Even with the very same flags the compiler's identity separates them.
  EXPECT_NE(gcc.key(job), clang.key(job));
  // And each object is its compiler's (the .comment section names it).
  build::CompileJob clang_job = job;
  const auto target = build::Toolchain::cross("clang").target_flags(p);
  clang_job.flags.insert(clang_job.flags.end(), target.begin(), target.end());
  const fs::path g = gcc.compile({job}).at(0), c = clang.compile({clang_job}).at(0);
  EXPECT_NE(g, c);
  const std::string gcc_comment = build::run_tool({"arm-none-eabi-readelf", "-p", ".comment", g.string()});
  const std::string clang_comment = build::run_tool({"arm-none-eabi-readelf", "-p", ".comment", c.string()});
  EXPECT_NE(gcc_comment.find("GCC"), std::string::npos) << gcc_comment;
  EXPECT_EQ(gcc_comment.find("clang"), std::string::npos) << gcc_comment;
  EXPECT_NE(clang_comment.find("clang"), std::string::npos) << clang_comment;
  fs::remove_all(dir);
}

}  // namespace
