// See elf_info.hpp.
#include "host/build/elf_info.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <cstring>
#include <functional>
#include <optional>

namespace aotbench::build {
namespace {

// Opens the ELF, calls fn on it, closes it.
void with_elf(const std::filesystem::path& path, const std::function<void(Elf*)>& fn) {
  if (elf_version(EV_CURRENT) == EV_NONE) throw ElfError("libelf initialisation failed");
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ElfError(fmt::format("cannot open {}: {}", path.string(), std::strerror(errno)));
  Elf* e = elf_begin(fd, ELF_C_READ, nullptr);
  if (!e || elf_kind(e) != ELF_K_ELF) {
    if (e) elf_end(e);
    close(fd);
    throw ElfError(fmt::format("{} is not an ELF file", path.string()));
  }
  try {
    fn(e);
  } catch (...) {
    elf_end(e);
    close(fd);
    throw;
  }
  elf_end(e);
  close(fd);
}

}  // namespace

std::string elf_build_id(const std::filesystem::path& path) {
  std::string id;
  with_elf(path, [&](Elf* e) {
    for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(e, scn));) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE) continue;
      Elf_Data* data = elf_getdata(scn, nullptr);
      GElf_Nhdr nh;
      std::size_t off = 0, name_off, desc_off;
      while (data && (off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
        if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
            std::memcmp(static_cast<char*>(data->d_buf) + name_off, "GNU", 4) != 0)
          continue;
        auto* desc = static_cast<unsigned char*>(data->d_buf) + desc_off;
        for (std::size_t i = 0; i < nh.n_descsz; ++i) id += fmt::format("{:02x}", desc[i]);
        return;
      }
    }
  });
  return id;
}

std::uint64_t elf_symbol(const std::filesystem::path& path, const std::string& name) {
  std::optional<std::uint64_t> value;
  with_elf(path, [&](Elf* e) {
    for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(e, scn)) && !value;) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB) continue;
      Elf_Data* data = elf_getdata(scn, nullptr);
      std::size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      for (std::size_t i = 0; i < n; ++i) {
        GElf_Sym sym;
        if (!gelf_getsym(data, static_cast<int>(i), &sym)) continue;
        const char* s = elf_strptr(e, sh.sh_link, sym.st_name);
        if (s && name == s) {
          value = sym.st_value;
          break;
        }
      }
    }
  });
  if (!value) throw ElfError(fmt::format("{} has no symbol {}", path.string(), name));
  return *value;
}

}  // namespace aotbench::build
