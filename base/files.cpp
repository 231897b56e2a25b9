#include "base/files.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

namespace aotbench::base {

namespace fs = std::filesystem;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw FileError("cannot read " + p.string() + ": " + std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_atomic(const fs::path& p, std::string_view content) {
  std::error_code ec;
  if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
  if (ec) throw FileError(fmt::format("cannot create folder {}: {}", p.parent_path().string(), ec.message()));
  fs::path tmp = p;
  tmp += fmt::format(".{}.{}.tmp", getpid(), std::hash<std::thread::id>{}(std::this_thread::get_id()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw FileError(fmt::format("cannot write {}: {} (check the folder exists and is writable)", tmp.string(),
                                  std::strerror(errno)));
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out.flush()) {
      const int err = errno;
      fs::remove(tmp, ec);
      throw FileError(fmt::format("cannot write {}: {}", tmp.string(), std::strerror(err)));
    }
  }
  fs::rename(tmp, p, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw FileError(fmt::format("cannot move {} to {}: {}", tmp.string(), p.string(), why));
  }
}

}  // namespace aotbench::base
