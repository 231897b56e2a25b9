#include "codegen/package/package.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "codegen/data/data_dir.hpp"
#include "codegen/emit/summary.hpp"
#include "codegen/package/include_closure.hpp"
#include "codegen/variant/build_config.hpp"

namespace fs = std::filesystem;

namespace aotbench::codegen {
namespace {

// Where the folder puts things.
constexpr const char* kPublicDir = "include";    // <base>.h: what the application includes
constexpr const char* kModelDir = "src";         // the rest of the generated C
constexpr const char* kGlueDir = "aotbench";     // aotbench's firmware adapter, not the user's
constexpr const char* kThirdPartyDir = "third_party";  // dlpack/dlpack.h

// dlpack.h as Debian's libdlpack-dev installs it (a dependency of aotbench's package).
fs::path system_dlpack_header() {
  for (const char* dir : {"/usr/include", "/usr/local/include"}) {
    const fs::path p = fs::path(dir) / "dlpack" / "dlpack.h";
    if (fs::is_regular_file(p)) return p;
  }
  throw PackageError(
      "this variant uses TVM's packed convention or its workspace calls (api=packed, interface=packed or "
      "workspace=dynamic), which need dlpack.h, and /usr/include/dlpack/dlpack.h is missing: install Debian's "
      "libdlpack-dev, or generate api=unpacked,interface=c,workspace=static");
}

void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out << text;
  if (!out.flush()) throw PackageError(fmt::format("cannot write {}", p.string()));
}

void copy_into(const fs::path& from, const fs::path& to) {
  fs::create_directories(to.parent_path());
  std::error_code ec;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw PackageError(fmt::format("cannot copy {} to {}: {}", from.string(), to.string(), ec.message()));
}

// The files an earlier package listed in its summary.json: removed first, so that a folder
// regenerated for another variant holds no stale kernel, dlpack.h or model file a glob would pick up.
void remove_previous_package(const fs::path& dir) {
  std::ifstream in(dir / "summary.json");
  if (!in) return;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("package") || !j["package"].contains("files")) return;
  std::set<fs::path> dirs;
  for (const auto& f : j["package"]["files"]) {
    const fs::path rel = f.get<std::string>();
    if (rel.is_absolute() || rel.lexically_normal().string().starts_with("..")) continue;  // not ours
    fs::remove(dir / rel);
    for (fs::path d = rel.parent_path(); !d.empty(); d = d.parent_path()) dirs.insert(dir / d);
  }
  for (auto it = dirs.rbegin(); it != dirs.rend(); ++it) {  // deepest first; only the emptied ones go
    std::error_code ec;
    if (fs::is_empty(*it, ec)) fs::remove(*it, ec);
  }
}

std::string relative_to_folder(const fs::path& file, const fs::path& root) {
  const fs::path rel = file.lexically_relative(root);
  if (rel.empty() || rel.string().starts_with(".."))
    throw PackageError(fmt::format("{} is outside {}: aotbench's kernel and runtime sources are laid out "
                                   "unexpectedly (reinstall aotbench)", file.string(), root.string()));
  return rel.generic_string();
}

}  // namespace

Package write_package(const EmitResult& r, const PackageOptions& o, const fs::path& dir) {
  const EmitSummary& s = r.summary;
  const SupportFiles support = support_files(s);
  const fs::path codegen_root = fs::weakly_canonical(support.runtime_sources.front().parent_path().parent_path());

  Package p;
  p.library = "tvmgen_" + s.prefix;
  p.opt_flag = build_config(o.variant).opt_flag();
  p.code_flags = build_config(o.variant).code_flags();

  // The generated files: the public header apart, the adapter (aotbench's firmware glue) apart.
  std::map<std::string, std::string> generated;  // path in the folder -> text
  std::set<std::string> provided;
  for (const GeneratedFile& f : r.files) {
    std::string where = kModelDir;
    if (f.name == p.library + ".h") where = kPublicDir;
    else if (f.name.ends_with("_adapter.c")) where = kGlueDir;
    const std::string rel = where + "/" + f.name;
    generated[rel] = f.text;
    provided.insert(f.name);
    if (where == kModelDir && f.name.ends_with(".c")) p.model_sources.push_back(rel);
  }

  // Runtime and kernels: the sources the summary names, and every header they and the generated
  // files reach.
  std::vector<fs::path> sources = support.runtime_sources;
  sources.insert(sources.end(), support.kernel_sources.begin(), support.kernel_sources.end());
  std::map<std::string, std::string> roots;
  for (const auto& [rel, text] : generated)
    if (!rel.starts_with(kGlueDir)) roots[rel] = text;
  const IncludeClosure closure = include_closure(roots, sources, support.include_dirs, provided);

  std::map<std::string, fs::path> copies;  // path in the folder -> source file
  for (const fs::path& src : sources) {
    const std::string rel = relative_to_folder(fs::weakly_canonical(src), codegen_root);
    copies[rel] = src;
    p.support_sources.push_back(rel);
  }
  std::set<std::string> header_dirs;
  for (const fs::path& h : closure.headers) {
    const std::string rel = relative_to_folder(h, codegen_root);
    copies[rel] = h;
    header_dirs.insert(fs::path(rel).parent_path().generic_string());
  }
  // The runtime header includes dlpack.h unless AB_AOT_NO_DLPACK is defined, which the package
  // does exactly when no file takes packed arguments or calls the dynamic workspace: the variant
  // decides, not a text scan.
  const bool dlpack = s.uses_dlpack;
  if (dlpack) {
    copies[std::string(kThirdPartyDir) + "/dlpack/dlpack.h"] = system_dlpack_header();
    const fs::path copyright = "/usr/share/doc/libdlpack-dev/copyright";
    if (fs::is_regular_file(copyright)) copies[std::string(kThirdPartyDir) + "/dlpack/COPYRIGHT"] = copyright;
  }

  // Include folders: the public header's, and the runtime's (TVMGetLastError, ab_workspace_init,
  // and the packed entry point's types) for the application; the rest for the library alone.
  p.public_include_dirs = {kPublicDir, "runtime"};
  if (dlpack) p.public_include_dirs.push_back(kThirdPartyDir);
  p.private_include_dirs = {kModelDir};
  for (const std::string& d : header_dirs)
    if (std::find(p.public_include_dirs.begin(), p.public_include_dirs.end(), d) == p.public_include_dirs.end())
      p.private_include_dirs.push_back(d);
  p.defines = {fmt::format("AB_INDEX_BITS={}", s.index_bits)};
  if (!dlpack) p.defines.push_back("AB_AOT_NO_DLPACK");
  if (!o.core_define.empty()) p.defines.push_back(o.core_define);

  remove_previous_package(dir);
  std::map<std::string, std::string> texts = generated;
  texts["CMakeLists.txt"] = package_cmake(s, p, o);
  texts["model.mk"] = package_makefile(s, p, o);
  texts["README.md"] = package_readme(s, p, o);
  texts["summary.txt"] = summary_text(s);
  std::set<std::string> files;
  for (const auto& [rel, text] : texts) files.insert(rel);
  for (const auto& [rel, src] : copies) files.insert(rel);
  files.insert("summary.json");
  p.files.assign(files.begin(), files.end());

  for (const auto& [rel, text] : texts) write_text(dir / rel, text);
  for (const auto& [rel, src] : copies) copy_into(src, dir / rel);
  nlohmann::json summary = summary_json(s);
  summary["package"] = package_json(p);
  write_text(dir / "summary.json", summary.dump(2) + "\n");
  return p;
}

nlohmann::json package_json(const Package& p) {
  return {{"library", p.library},
          {"model_sources", p.model_sources},
          {"support_sources", p.support_sources},
          {"public_include_dirs", p.public_include_dirs},
          {"private_include_dirs", p.private_include_dirs},
          {"defines", p.defines},
          {"opt_flag", p.opt_flag},
          {"code_flags", p.code_flags},
          {"files", p.files}};
}

}  // namespace aotbench::codegen
