// See data_dir.hpp.
#include "codegen/data/data_dir.hpp"

#include <cstdlib>

namespace fs = std::filesystem;

namespace aotbench::codegen {

std::optional<fs::path> installed_data_dir() {
  // Resolved once: the executable does not move while it runs.
  static const std::optional<fs::path> dir = []() -> std::optional<fs::path> {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec || exe.parent_path().filename() != "bin") return std::nullopt;
    fs::path share = exe.parent_path().parent_path() / "share" / "aotbench";
    if (!fs::is_directory(share, ec)) return std::nullopt;
    return share;
  }();
  return dir;
}

fs::path data_path(const fs::path& rel, const fs::path& in_tree) {
  if (const auto dir = installed_data_dir()) return *dir / rel;
  return in_tree;
}

fs::path data_path(const char* env, const fs::path& rel, const fs::path& in_tree) {
  if (const char* value = std::getenv(env); value && *value) return value;
  return data_path(rel, in_tree);
}

fs::path staged_path(const fs::path& rel) {
  if (const char* dir = std::getenv("AOTBENCH_STAGE_DIR"); dir && *dir) return fs::path(dir) / rel;
  return data_path(rel, fs::path(AOTBENCH_STAGE_DIR) / rel);
}

std::optional<fs::path> stage_stamp() {
  std::error_code ec;
  const fs::path stamp = staged_path("stamp");
  if (!fs::exists(stamp, ec)) return std::nullopt;  // an installation has none: it is not rebuilt
  return stamp;
}

}  // namespace aotbench::codegen
