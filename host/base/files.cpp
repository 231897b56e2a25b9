#include "host/base/files.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace aotbench::base {

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw FileError("cannot read " + p.string() + ": " + std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace aotbench::base
