// See clang_target.hpp.
#include "host/build/clang_target.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

#include "host/build/toolchain.hpp"

namespace fs = std::filesystem;

namespace aotbench::build {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(" \t\r\n"));
  s.erase(s.find_last_not_of(" \t\r\n") + 1);
  return s;
}

fs::path canonical_or_same(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(p, ec);
  return ec ? p : c;
}

// The value gcc predefines for `macro` with these flags ("" when it does not define it).
std::string predefined(const std::string& macros, const std::string& macro) {
  const std::string head = "#define " + macro + " ";
  for (const std::string& line : lines_of(macros))
    if (line.rfind(head, 0) == 0) return trimmed(line.substr(head.size()));
  return "";
}

std::vector<std::string> gcc_probe(const std::string& gcc, const std::vector<std::string>& cpu_flags,
                                   std::vector<std::string> what) {
  std::vector<std::string> argv = {gcc};
  argv.insert(argv.end(), cpu_flags.begin(), cpu_flags.end());
  argv.insert(argv.end(), what.begin(), what.end());
  argv.insert(argv.end(), {"-xc", "-E", "/dev/null"});
  return argv;
}

}  // namespace

std::string clang_triple(std::string_view architecture) {
  if (architecture.rfind("armv", 0) != 0)
    throw BuildError(fmt::format("architecture `{}` is not an Arm one (armv...)", architecture));
  std::string arch{architecture.substr(4)};   // 7e-m, 8.1-m.main
  if (const auto dash = arch.find('-'); dash != std::string::npos) arch.erase(dash, 1);  // 7em, 8.1m.main
  return "thumbv" + arch + "-none-eabi";
}

std::vector<std::string> gcc_library_include_dirs(const std::string& gcc, const std::vector<std::string>& cpu_flags) {
  const std::string verbose = run_tool(gcc_probe(gcc, cpu_flags, {"-v"}));
  std::vector<fs::path> own;
  for (const char* name : {"include", "include-fixed"})
    own.push_back(canonical_or_same(trimmed(run_tool({gcc, std::string("-print-file-name=") + name}))));
  std::vector<std::string> dirs;
  bool in_list = false;
  for (const std::string& line : lines_of(verbose)) {
    if (line.find("#include <...> search starts here:") != std::string::npos) {
      in_list = true;
    } else if (line.find("End of search list.") != std::string::npos) {
      break;
    } else if (in_list && !trimmed(line).empty()) {
      const fs::path dir = canonical_or_same(trimmed(line));
      if (std::find(own.begin(), own.end(), dir) == own.end()) dirs.push_back(dir.string());
    }
  }
  if (dirs.empty())
    throw BuildError(fmt::format("{} {} names no C library headers beside its own (is newlib installed? "
                                 "scripts/setup installs it); its search list:\n{}",
                                 gcc, fmt::join(cpu_flags, " "), verbose));
  return dirs;
}

std::vector<std::string> clang_flags_like_gcc(const std::string& gcc, std::string_view architecture,
                                              const std::vector<std::string>& cpu_flags) {
  static std::mutex m;
  static std::map<std::vector<std::string>, std::vector<std::string>> cache;
  std::vector<std::string> key = cpu_flags;
  key.insert(key.begin(), {gcc, std::string(architecture)});
  std::lock_guard lock(m);
  if (auto it = cache.find(key); it != cache.end()) return it->second;

  std::vector<std::string> flags = {"--target=" + clang_triple(architecture)};
  // clang's bare-metal Arm defaults are int-sized enums and no unaligned accesses; arm-none-eabi-gcc
  // uses the AAPCS's smallest-container enums (a struct with an enum would be laid out differently
  // on either side of a call) and lets ARMv7-M access unaligned words. Follow gcc.
  const std::string macros = run_tool(gcc_probe(gcc, cpu_flags, {"-dM"}));
  flags.push_back(predefined(macros, "__ARM_SIZEOF_MINIMAL_ENUM") == "1" ? "-fshort-enums" : "-fno-short-enums");
  flags.push_back(predefined(macros, "__ARM_FEATURE_UNALIGNED") == "1" ? "-munaligned-access" : "-mno-unaligned-access");
  // After clang's own headers (stddef.h, stdint.h, arm_acle.h, ...), as gcc puts them after its own.
  for (const std::string& dir : gcc_library_include_dirs(gcc, cpu_flags)) flags.insert(flags.end(), {"-idirafter", dir});
  return cache[key] = flags;
}

}  // namespace aotbench::build
