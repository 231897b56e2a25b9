#pragma once
// Facts read from a firmware ELF with libelf.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace aotbench::build {

struct ElfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The GNU build-id (hex) the firmware reports in GetInfo; "" when the ELF has none.
std::string elf_build_id(const std::filesystem::path& elf);

// Address of a symbol; throws ElfError when absent.
std::uint64_t elf_symbol(const std::filesystem::path& elf, const std::string& name);

}  // namespace aotbench::build
