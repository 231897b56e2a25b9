// The flash/RAM split of a real firmware (a board's self-test ELF from the CMake build) adds up
// to what binutils' objdump reports for the ELF's allocated sections.
#include <gtest/gtest.h>

#include <cctype>
#include <sstream>

#include "host/build/toolchain.hpp"
#include "host/measure/elf_sizes.hpp"

namespace fs = std::filesystem;
using namespace aotbench;

namespace {

TEST(Sizes, SplitAddsUpToTheElfsSections) {
  for (const char* board : {"netduinoplus2", "mps2-an385", "mps2-an500"}) {
    SCOPED_TRACE(board);
    const fs::path elf = fs::path(AOTBENCH_FIRMWARE_DIR) / board / "selftest.elf";
    const measure::FirmwareSizes s = measure::firmware_sizes(elf, fs::path(elf).replace_extension(".map"));
    // objdump -h: a section with ALLOC and LOAD is in the image (flash), one with ALLOC and not
    // READONLY takes RAM (.data both, .bss RAM only).
    std::istringstream table(build::run_tool({"arm-none-eabi-objdump", "-h", elf.string()}));
    uint64_t flash = 0, ram = 0, size = 0;
    for (std::string line; std::getline(table, line);) {
      std::istringstream row(line);
      std::string index, name, hex;
      if (row >> index >> name >> hex && std::isdigit(static_cast<unsigned char>(index[0]))) {
        size = std::stoull(hex, nullptr, 16);
      } else if (line.find("ALLOC") != std::string::npos) {
        if (line.find("LOAD") != std::string::npos) flash += size;
        if (line.find("READONLY") == std::string::npos) ram += size;
      }
    }
    EXPECT_EQ(s.flash.total(), flash);
    EXPECT_EQ(s.ram.total(), ram);
    EXPECT_GT(s.flash.rpc_server, 0u);
    EXPECT_GT(s.flash.runtime, 0u);  // startup code and libgcc
    EXPECT_EQ(s.flash.model_code + s.flash.parameters + s.flash.kernels, 0u);  // the self-test has no model
  }
}

TEST(Sizes, BadFilesAreClearErrors) {
  EXPECT_THROW(measure::firmware_sizes("/nonexistent.elf", "/nonexistent.map"), measure::SizeError);
}

}  // namespace
