#pragma once
// Reading a whole file, for every room of host/.
#include <filesystem>
#include <stdexcept>
#include <string>

namespace aotbench::base {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file's bytes; throws FileError naming the file when it cannot be read.
std::string read_text(const std::filesystem::path& p);

}  // namespace aotbench::base
