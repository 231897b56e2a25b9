#pragma once
// Which headers a set of C files reaches through their quoted #include lines: what has to be
// copied beside them so they compile without the tree they came from.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace aotbench::codegen {

// The names in `#include "NAME"` lines, in order (angle-bracket includes are the compiler's).
std::vector<std::string> quoted_includes(const std::string& c_text);

struct IncludeClosure {
  std::set<std::filesystem::path> headers;  // absolute paths of every header reached
};

// Follows quoted includes from `roots` (file texts, keyed by a name for messages) and from the
// files in `sources`: a name resolves beside the including file, then in `include_dirs` in
// order; names in `provided` (the generated files) need nothing. Throws PackageError naming the
// file and the include it cannot resolve.
IncludeClosure include_closure(const std::map<std::string, std::string>& roots,
                               const std::vector<std::filesystem::path>& sources,
                               const std::vector<std::filesystem::path>& include_dirs,
                               const std::set<std::string>& provided);

}  // namespace aotbench::codegen
