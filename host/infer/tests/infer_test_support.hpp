#pragma once
// Shared by the host-inference tests: the variant grids, and raw-file helpers.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "codegen/variant/variant.hpp"

namespace aotbench::infer::test {

// Every combination of api x workspace x params x index (16), other knobs at defaults.
std::vector<codegen::Variant> full_grid();
// The packed corner (TVM's defaults) and the unpacked corner (the embedded one).
std::vector<codegen::Variant> corners();

std::vector<uint8_t> read_bytes(const std::filesystem::path& p);
void write_bytes(const std::filesystem::path& p, const std::vector<uint8_t>& data);
// A fresh folder under the test's temporary directory.
std::filesystem::path scratch_dir(const std::string& name);

}  // namespace aotbench::infer::test
