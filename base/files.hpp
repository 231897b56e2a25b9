#pragma once
// Whole files read and written, for every room (codegen, results, host).
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace aotbench::base {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file's bytes; throws FileError naming the file when it cannot be read.
std::string read_text(const std::filesystem::path& p);

// Writes through a temporary file beside it and a rename, so a reader (or an interrupted writer)
// never sees half a file; the temporary's name is this process's and thread's own, so two writers
// of one path never share it. Creates missing parent folders. Throws FileError naming the path.
void write_atomic(const std::filesystem::path& p, std::string_view content);

}  // namespace aotbench::base
