#include "codegen/package/include_closure.hpp"

#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "codegen/package/package.hpp"

namespace fs = std::filesystem;

namespace aotbench::codegen {
namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw PackageError(fmt::format("cannot read {}: the kernel and runtime sources are incomplete (reinstall aotbench)", p.string()));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::regex kQuoted(R"re(^[ \t]*#[ \t]*include[ \t]*"([^"]+)")re", std::regex::multiline);

std::vector<std::string> matches(const std::string& text, const std::regex& re) {
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

}  // namespace

std::vector<std::string> quoted_includes(const std::string& c_text) { return matches(c_text, kQuoted); }

IncludeClosure include_closure(const std::map<std::string, std::string>& roots, const std::vector<fs::path>& sources,
                               const std::vector<fs::path>& include_dirs, const std::set<std::string>& provided) {
  IncludeClosure out;
  struct Pending {
    std::string name;  // for messages
    fs::path dir;      // where its own quoted includes are looked up first (empty for generated files)
    std::string text;
  };
  std::vector<Pending> work;
  for (const auto& [name, text] : roots) work.push_back({name, {}, text});
  for (const fs::path& src : sources) work.push_back({src.string(), src.parent_path(), read_text(src)});
  while (!work.empty()) {
    Pending file = std::move(work.back());
    work.pop_back();
    for (const std::string& name : quoted_includes(file.text)) {
      if (provided.count(name)) continue;
      std::vector<fs::path> candidates;
      if (!file.dir.empty()) candidates.push_back(file.dir / name);
      for (const fs::path& d : include_dirs) candidates.push_back(d / name);
      fs::path found;
      for (const fs::path& c : candidates)
        if (fs::is_regular_file(c)) {
          found = fs::weakly_canonical(c);
          break;
        }
      if (found.empty())
        throw PackageError(fmt::format("{} includes \"{}\", which is in none of its include folders ({} searched); the "
                                       "packaged sources would not compile",
                                       file.name, name, candidates.size()));
      if (out.headers.insert(found).second) work.push_back({found.string(), found.parent_path(), read_text(found)});
    }
  }
  return out;
}

}  // namespace aotbench::codegen
