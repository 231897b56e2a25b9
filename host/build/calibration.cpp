// See calibration.hpp.
#include "host/build/calibration.hpp"

#include <fmt/core.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

namespace aotbench::build {

LoopShape loop_shape(const std::filesystem::path& elf, const std::string& function, const Toolchain& tc) {
  LoopShape shape;
  shape.disassembly = run_tool({tc.objdump(), "-d", "--disassemble=" + function, elf.string()});
  // Instruction lines: " 8000e78:\t1809      \tadds\tr1, r1, r0"; branches name their target address.
  static const std::regex insn(R"(^\s*([0-9a-f]+):\s+(?:[0-9a-f]{4}\s?)+\s+(\S+)\s*(.*)$)");
  static const std::regex target(R"(^([0-9a-f]+)\s+<)");
  struct Insn {
    std::uint64_t addr;
    std::string mnemonic, operands;
  };
  std::vector<Insn> code;
  std::istringstream in(shape.disassembly);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, insn)) code.push_back({std::stoull(m[1], nullptr, 16), m[2], m[3]});
  }
  if (code.empty()) throw BuildError(fmt::format("{} has no function {} (objdump found no code)", elf.string(), function));
  for (std::size_t i = 0; i < code.size(); ++i) {
    std::smatch m;
    if (code[i].mnemonic[0] != 'b' || !std::regex_search(code[i].operands, m, target)) continue;
    std::uint64_t to = std::stoull(m[1], nullptr, 16);
    if (to >= code[i].addr || to < code.front().addr) continue;  // not a backward branch in the function
    std::size_t start = 0;
    while (code[start].addr < to) ++start;
    shape.before = static_cast<unsigned>(start);
    shape.body = static_cast<unsigned>(i - start + 1);
    shape.after = static_cast<unsigned>(code.size() - i - 1);
    return shape;
  }
  shape.before = static_cast<unsigned>(code.size());
  return shape;
}

std::optional<std::uint32_t> stack_usage(const std::filesystem::path& su_file, const std::string& function) {
  std::ifstream in(su_file);
  if (!in) throw BuildError(fmt::format("cannot read stack usage file {}", su_file.string()));
  // "path/calibration.c:11:35:ab_cal_stack\t256\tstatic"
  for (std::string line; std::getline(in, line);) {
    auto tab = line.find('\t');
    auto colon = line.rfind(':', tab);
    if (tab == std::string::npos || colon == std::string::npos) continue;
    if (line.substr(colon + 1, tab - colon - 1) == function) return static_cast<std::uint32_t>(std::stoul(line.substr(tab + 1)));
  }
  return std::nullopt;
}

}  // namespace aotbench::build
