#pragma once
// Board profiles with a few text edits, for tests of what the loader refuses: a copy in a folder
// of its own, loaded as the registry loads a profiles folder.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "host/board/registry.hpp"

namespace aotbench::board::test {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

using Edits = std::vector<std::pair<std::string, std::string>>;

// `from` with each edit's first text replaced by its second, saved as `as`.toml (default: from's
// own name) and loaded: "(no error)" and the profile in *loaded, or the loader's message.
inline std::string load_edited_profile(const std::filesystem::path& from, const Edits& edits, std::string as = "",
                                       Profile* loaded = nullptr) {
  namespace fs = std::filesystem;
  if (as.empty()) as = from.stem().string();
  const fs::path dir = fs::temp_directory_path() / ("aotbench-profile-edits-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string text = slurp(from);
  for (const auto& [a, b] : edits) {
    const auto at = text.find(a);
    if (at == std::string::npos) return "test bug: `" + a + "` not in " + from.string();
    text.replace(at, a.size(), b);
  }
  std::ofstream(dir / (as + ".toml")) << text;
  std::string msg = "(no error)";
  try {
    Registry reg(dir);
    if (loaded) *loaded = reg.get(as, {});
  } catch (const BoardError& e) {
    msg = e.what();
  }
  fs::remove_all(dir);
  return msg;
}

}  // namespace aotbench::board::test
