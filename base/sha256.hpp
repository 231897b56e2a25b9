#pragma once
// SHA-256 (OpenSSL's) as lowercase hex: what identifies a model, a board profile, a run's inputs.
#include <cstddef>
#include <filesystem>
#include <string>

namespace aotbench::base {

std::string sha256_hex(const void* data, std::size_t size);
std::string sha256_of_file(const std::filesystem::path& file);  // throws FileError

}  // namespace aotbench::base
