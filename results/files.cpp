#include "results/files.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "results/record.hpp"

namespace aotbench::results {

namespace fs = std::filesystem;

void write_file(const fs::path& path, std::string_view content) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  if (ec)
    throw ResultsError(fmt::format("cannot create folder {}: {}", path.parent_path().string(), ec.message()));
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw ResultsError(fmt::format("cannot write {}: {} (check the folder exists and is writable)",
                                     tmp.string(), std::strerror(errno)));
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out.flush()) throw ResultsError(fmt::format("cannot write {}: {}", tmp.string(), std::strerror(errno)));
  }
  fs::rename(tmp, path, ec);
  if (ec) throw ResultsError(fmt::format("cannot move {} to {}: {}", tmp.string(), path.string(), ec.message()));
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ResultsError(fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace aotbench::results
