#include "results/files.hpp"

#include "base/files.hpp"
#include "results/record.hpp"

namespace aotbench::results {

// The results room reports its file errors as its own (ResultsError), so a caller of the writers
// and readers catches one kind.
void write_file(const std::filesystem::path& path, std::string_view content) {
  try {
    base::write_atomic(path, content);
  } catch (const base::FileError& e) {
    throw ResultsError(e.what());
  }
}

std::string read_file(const std::filesystem::path& path) {
  try {
    return base::read_text(path);
  } catch (const base::FileError& e) {
    throw ResultsError(e.what());
  }
}

}  // namespace aotbench::results
