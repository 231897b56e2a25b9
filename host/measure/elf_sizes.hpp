#pragma once
// Flash and RAM of a firmware, split as results::SizeSplit defines: generated model code, its
// parameters, the kernels, the runtime (AOT runtime, startup code, libc, libgcc) and the
// measurement firmware (RPC server, nanopb, UART, counters). Input sections come from the linker
// map (which object each came from); whether an output section costs flash, RAM or both comes
// from the ELF's section headers.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "results/record.hpp"

namespace aotbench::measure {

struct SizeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FirmwareSizes {
  results::SizeSplit flash;  // .text, .rodata and the load image of .data
  results::SizeSplit ram;    // .data and .bss (the stack comes on top, measured at run time)
};

// `kernel_sources`: the kernel C files the firmware was built with (codegen names them); their
// objects count as kernels.
FirmwareSizes firmware_sizes(const std::filesystem::path& elf, const std::filesystem::path& map,
                             const std::vector<std::filesystem::path>& kernel_sources = {});

}  // namespace aotbench::measure
