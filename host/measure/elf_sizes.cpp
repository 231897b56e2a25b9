#include "host/measure/elf_sizes.hpp"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace aotbench::measure {
namespace {

struct SectionCost {
  bool flash = false, ram = false;
};

// Output section name -> what it costs, from the ELF's section headers.
std::map<std::string, SectionCost> section_costs(const fs::path& elf_path) {
  if (elf_version(EV_CURRENT) == EV_NONE) throw SizeError("libelf is unusable");
  const int fd = open(elf_path.c_str(), O_RDONLY);
  if (fd < 0) throw SizeError("cannot open " + elf_path.string());
  Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
  std::size_t names = 0;
  if (!elf || elf_getshdrstrndx(elf, &names) != 0) {
    if (elf) elf_end(elf);
    close(fd);
    throw SizeError(elf_path.string() + " is not an ELF file");
  }
  std::map<std::string, SectionCost> costs;
  for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || sh.sh_size == 0) continue;
    const char* name = elf_strptr(elf, names, sh.sh_name);
    if (!name) continue;
    const bool nobits = sh.sh_type == SHT_NOBITS, writable = sh.sh_flags & SHF_WRITE;
    costs[name] = {!nobits, writable};  // .data: both; .bss: RAM only; code and constants: flash
  }
  elf_end(elf);
  close(fd);
  return costs;
}

// An input section as placed by the linker.
struct Placement {
  std::string output;  // output section
  uint64_t address = 0, size = 0;
  std::string object;  // "" for padding
  std::string input;   // input section, e.g. ".rodata.tvmgen_m_op003_conv_2d_params_output_shift"
};

// Objects are named after their sources ("<key>_tvmgen_m_params.o", "startup.c.obj"); library
// members appear as "libc_nano.a(lib_a-memcpy.o)".
bool from_source(const std::string& object, const std::vector<std::string>& stems) {
  const std::string file = object.substr(object.rfind('/') + 1);
  return std::any_of(stems.begin(), stems.end(), [&](const std::string& stem) {
    const auto ends_with = [&](const std::string& tail) {
      return file.size() >= tail.size() && file.compare(file.size() - tail.size(), tail.size(), tail) == 0;
    };
    return ends_with("_" + stem + ".o") || file == stem + ".o" || file == stem + ".c.o";
  });
}

uint64_t* bucket(results::SizeSplit& s, const std::string& object, const std::string& input,
                 const std::vector<std::string>& kernel_stems) {
  // Per-channel requantization constants sit beside their operator, but they are parameters.
  static const std::regex quant_constants("^\\.rodata\\.tvmgen_.*_params_");
  if (std::regex_search(input, quant_constants)) return &s.parameters;
  static const std::regex params("tvmgen_[^/]*_params\\.(c\\.)?o"), model("tvmgen_[^/]*\\.(c\\.)?o"),
      runtime("ab_aot_runtime\\.(c\\.)?o|startup\\.c\\.o|/lib(c|c_nano|g|g_nano|m|gcc|nosys)\\.a\\(|^$");
  if (std::regex_search(object, params)) return &s.parameters;
  if (std::regex_search(object, model)) return &s.model_code;
  if (from_source(object, kernel_stems)) return &s.kernels;
  if (std::regex_search(object, runtime)) return &s.runtime;  // padding ("") counts here too
  return &s.rpc_server;  // the rest of the device library: server, nanopb, UART, counters
}

}  // namespace

FirmwareSizes firmware_sizes(const fs::path& elf, const fs::path& map, const std::vector<fs::path>& kernel_sources) {
  std::vector<std::string> kernel_stems;
  for (const auto& k : kernel_sources) kernel_stems.push_back(k.stem().string());
  const auto costs = section_costs(elf);
  std::ifstream in(map);
  if (!in) throw SizeError("cannot read the linker map " + map.string());

  // Output sections start in column 0; input sections (and *fill*) are indented by one space,
  // with address, size and object on the same line or, after a long name, on the next one.
  static const std::regex output_section("^(\\.[^ \\t]+|[A-Za-z_][^ \\t]*)(\\s+0x[0-9a-f]+\\s+0x[0-9a-f]+.*)?$");
  static const std::regex placed("^\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)\\s+(\\S.*)$");
  static const std::regex input_head("^ (\\*fill\\*|[.A-Za-z_][^ \\t]*|COMMON)(.*)$");
  std::vector<Placement> placed_sections;
  std::string line, current, pending;
  bool in_memory_map = false;
  while (std::getline(in, line)) {
    if (!in_memory_map) {
      in_memory_map = line.rfind("Linker script and memory map", 0) == 0;
      continue;
    }
    std::smatch m;
    if (!line.empty() && line[0] != ' ' && std::regex_match(line, m, output_section)) {
      current = m[1];
      pending.clear();
      continue;
    }
    std::string rest;
    if (std::regex_match(line, m, input_head)) {
      rest = m[2];
      pending = m[1];
      if (rest.find("0x") == std::string::npos) continue;  // name alone; numbers on the next line
    } else if (!pending.empty()) {
      rest = line;
    } else {
      continue;
    }
    // "*fill*  0xADDR  0xSIZE" (padding) names no object; sections name theirs after the size.
    static const std::regex fill("^\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)\\s*$");
    std::smatch p;
    if (costs.count(current) && (std::regex_match(rest, p, placed) || std::regex_match(rest, p, fill))) {
      placed_sections.push_back({current, std::stoull(p[1], nullptr, 16), std::stoull(p[2], nullptr, 16),
                                 p.size() > 3 && pending != "*fill*" ? std::string(p[3]) : std::string(), pending});
    }
    pending.clear();
  }
  if (!in_memory_map) throw SizeError(map.string() + " is not a GNU ld map file (no memory map section)");

  // Merged string sections can overlap (the linker shares equal strings): count each byte once.
  std::sort(placed_sections.begin(), placed_sections.end(),
            [](const Placement& a, const Placement& b) { return std::tie(a.output, a.address) < std::tie(b.output, b.address); });
  FirmwareSizes sizes;
  std::string section;
  uint64_t covered = 0;
  for (const Placement& s : placed_sections) {
    if (s.output != section) {
      section = s.output;
      covered = 0;
    }
    const uint64_t start = std::max(s.address, covered), end = s.address + s.size;
    if (end <= start) continue;
    covered = end;
    const SectionCost cost = costs.at(s.output);
    if (cost.flash) *bucket(sizes.flash, s.object, s.input, kernel_stems) += end - start;
    if (cost.ram) *bucket(sizes.ram, s.object, s.input, kernel_stems) += end - start;
  }
  return sizes;
}

}  // namespace aotbench::measure
