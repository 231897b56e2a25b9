#include "host/build/elf_target.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "host/board/cores.hpp"

namespace aotbench::build {
namespace {

constexpr unsigned kSectionArmAttributes = 0x70000003;  // SHT_ARM_ATTRIBUTES

// Tag_CPU_arch values of the M profile (Arm IHI 0045, "Addenda to the ABI"), by our names.
const std::map<unsigned, std::string>& m_profile_archs() {
  static const std::map<unsigned, std::string> names = {{10, "armv7-m"},       {11, "armv6-m"},
                                                        {12, "armv6-m"},       {13, "armv7e-m"},
                                                        {16, "armv8-m.base"},  {17, "armv8-m.main"},
                                                        {21, "armv8.1-m.main"}};
  return names;
}

// The architectures whose code a core of architecture `core` runs (each M architecture extends
// the smaller ones; ARMv7E-M's DSP instructions are optional in ARMv8-M Mainline).
std::set<std::string> runs(const std::string& core, bool dsp) {
  if (core == "armv6-m") return {"armv6-m"};
  if (core == "armv7-m") return {"armv6-m", "armv7-m"};
  if (core == "armv7e-m") return {"armv6-m", "armv7-m", "armv7e-m"};
  if (core == "armv8-m.base") return {"armv6-m", "armv8-m.base"};
  std::set<std::string> r = {"armv6-m", "armv7-m", "armv8-m.base", "armv8-m.main", core};  // Mainline
  if (dsp) r.insert("armv7e-m");
  return r;
}

// The highest Tag_FP_arch the board's FPU executes; nullopt when its name is not known here.
std::optional<unsigned> fp_arch_of(const std::string& fpu) {
  if (fpu.empty()) return 0;
  if (fpu.rfind("fpv4", 0) == 0) return 6;  // VFPv4-D16
  if (fpu.rfind("fpv5", 0) == 0) return 8;  // FPv5 / FP-ARMv8-D16
  return std::nullopt;
}

uint64_t uleb(const unsigned char* p, std::size_t n, std::size_t& i) {
  uint64_t v = 0;
  for (int shift = 0; i < n && shift < 64; shift += 7) {
    const unsigned char b = p[i++];
    v |= uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80)) break;
  }
  return v;
}

std::string ntbs(const unsigned char* p, std::size_t n, std::size_t& i) {
  const std::size_t start = i;
  while (i < n && p[i]) ++i;
  std::string s(reinterpret_cast<const char*>(p + start), i - start);
  if (i < n) ++i;  // the NUL
  return s;
}

uint32_t le32(const unsigned char* p) { return p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24; }

void parse_file_scope(const unsigned char* p, std::size_t n, ArmAttributes& a) {
  for (std::size_t i = 0; i < n;) {
    const uint64_t tag = uleb(p, n, i);
    if (tag == 4 || tag == 5 || tag == 65 || tag == 67) {  // strings: raw name, CPU name, ...
      const std::string s = ntbs(p, n, i);
      if (tag == 5) a.cpu_name = s;
    } else if (tag == 32) {  // Tag_compatibility: a number and a string
      uleb(p, n, i);
      ntbs(p, n, i);
    } else if (tag < 32 || tag % 2 == 0) {  // numbers (from 32 on, even tags are numbers)
      const uint64_t v = uleb(p, n, i);
      if (tag == 6) a.cpu_arch = static_cast<unsigned>(v);
      if (tag == 10) a.fp_arch = static_cast<unsigned>(v);
      if (tag == 28) a.vfp_args = v == 1;
    } else {
      ntbs(p, n, i);
    }
  }
}

std::string hex(uint64_t v) { return fmt::format("0x{:08x}", v); }

}  // namespace

ArmAttributes parse_arm_attributes(const unsigned char* p, std::size_t n) {
  ArmAttributes a;
  if (n < 1 || p[0] != 'A') return a;
  for (std::size_t off = 1; off + 4 <= n;) {
    const uint32_t len = le32(p + off);
    if (len < 4 || off + len > n) break;
    const unsigned char* sub = p + off + 4;
    const std::size_t sublen = len - 4;
    std::size_t q = 0;
    const std::string vendor = ntbs(sub, sublen, q);
    while (vendor == "aeabi" && q + 5 <= sublen) {
      const unsigned char scope = sub[q];
      const uint32_t size = le32(sub + q + 1);
      if (size < 5 || q + size > sublen) break;
      if (scope == 1) parse_file_scope(sub + q + 5, size - 5, a);  // 1: the whole file
      q += size;
    }
    off += len;
  }
  return a;
}

void check_elf_runs_on(const std::filesystem::path& path, const board::Profile& board) {
  const std::string what = path.string();
  const std::string advice = fmt::format("give firmware built for {} (e.g. `aotbench device info --board {}` builds "
                                         "its self-test firmware), or the --board it was built for",
                                         board.name, board.name);
  if (elf_version(EV_CURRENT) == EV_NONE) throw ElfError("libelf initialisation failed");
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ElfError(fmt::format("cannot open {}: {}", what, std::strerror(errno)));
  Elf* e = elf_begin(fd, ELF_C_READ, nullptr);
  struct Closer {
    Elf* e;
    int fd;
    ~Closer() {
      if (e) elf_end(e);
      close(fd);
    }
  } closer{e, fd};
  GElf_Ehdr eh;
  if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh))
    throw ElfError(fmt::format("{} is not an ELF file; {}", what, advice));
  if (eh.e_machine != EM_ARM || gelf_getclass(e) != ELFCLASS32)
    throw ElfError(fmt::format("{} is an ELF for another machine (e_machine {}), not 32-bit Arm; {}", what,
                               eh.e_machine, advice));
  if (eh.e_type != ET_EXEC)
    throw ElfError(fmt::format("{} is not a linked executable (an object file or library?); {}", what, advice));

  ArmAttributes attrs;
  for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(e, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != kSectionArmAttributes) continue;
    if (Elf_Data* d = elf_getdata(scn, nullptr); d && d->d_buf)
      attrs = parse_arm_attributes(static_cast<const unsigned char*>(d->d_buf), d->d_size);
  }
  const board::CoreInfo* core = board::find_core(board.cpu.core);
  if (attrs.cpu_arch && core) {
    const auto arch = m_profile_archs().find(*attrs.cpu_arch);
    if (arch == m_profile_archs().end())
      throw ElfError(fmt::format("{} was built for an Arm architecture that is not M-profile (Tag_CPU_arch {}), not "
                                 "for the {} of board {}; {}",
                                 what, *attrs.cpu_arch, board.cpu.core, board.name, advice));
    if (!runs(std::string(core->architecture), board.cpu.has_feature(board::kFeatureDsp)).count(arch->second))
      throw ElfError(fmt::format("{} was built for {}{}, which the {} ({}) of board {} cannot run; {}", what,
                                 arch->second, attrs.cpu_name.rfind("cortex", 0) == 0 ? " (" + attrs.cpu_name + ")" : "",
                                 board.cpu.core, core->architecture, board.name, advice));
  }
  const std::optional<unsigned> board_fp = fp_arch_of(board.cpu.fpu);
  if (board_fp && ((attrs.fp_arch && *attrs.fp_arch > *board_fp) || (*board_fp == 0 && attrs.vfp_args)))
    throw ElfError(fmt::format("{} uses a floating-point unit ({}) that board {} {}; {}", what,
                               attrs.fp_arch ? fmt::format("Tag_FP_arch {}", *attrs.fp_arch) : "hard-float calls",
                               board.name, board.cpu.fpu.empty() ? "does not have" : "(" + board.cpu.fpu + ") cannot run",
                               advice));

  const auto inside = [](const board::MemoryRegion& r, uint64_t begin, uint64_t end) {
    return r.size && begin >= r.origin && end <= r.origin + r.size;
  };
  std::size_t segments = 0;
  if (elf_getphdrnum(e, &segments) != 0) throw ElfError(fmt::format("{}: cannot read its program headers", what));
  for (std::size_t i = 0; i < segments; ++i) {
    GElf_Phdr ph;
    if (!gelf_getphdr(e, static_cast<int>(i), &ph) || ph.p_type != PT_LOAD || ph.p_filesz == 0) continue;
    const uint64_t begin = ph.p_paddr, end = ph.p_paddr + ph.p_filesz;
    if (!inside(board.memory.flash, begin, end) && !inside(board.memory.ram, begin, end))
      throw ElfError(fmt::format("{} loads {} bytes at {}, outside the flash ({} + {} B) and RAM ({} + {} B) of board "
                                 "{}: it was linked for another board; {}",
                                 what, ph.p_filesz, hex(begin), hex(board.memory.flash.origin), board.memory.flash.size,
                                 hex(board.memory.ram.origin), board.memory.ram.size, board.name, advice));
  }
}

}  // namespace aotbench::build
