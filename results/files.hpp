#pragma once
// Whole-file reads and writes (base/files.hpp) whose errors are the results room's own, ResultsError.
#include <filesystem>
#include <string>
#include <string_view>

namespace aotbench::results {

// Writes atomically (temporary file + rename) so an interrupted sweep never leaves half a file.
// Creates missing parent folders. Throws ResultsError on failure.
void write_file(const std::filesystem::path& path, std::string_view content);
// Throws ResultsError when the file cannot be read.
std::string read_file(const std::filesystem::path& path);

}  // namespace aotbench::results
