// Board registry: profiles and aliases from the boards folder.
#include "host/board/registry.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <toml++/toml.h>

#include "codegen/data/data_dir.hpp"

namespace aotbench::board {
namespace {

namespace fs = std::filesystem;

std::string read_trimmed(const fs::path& p) {
  std::ifstream in(p);
  std::string s;
  std::getline(in, s);
  return s;
}

Alias read_alias(const std::string& name, const toml::table& t, const fs::path& file) {
  auto fail = [&](const std::string& what) -> Alias {
    throw BoardError(fmt::format("board aliases {}: [{}] {}", file.string(), name, what));
  };
  Alias a{name, t["emulated"].value_or(std::string{}), t["hardware"].value_or(std::string{}), {}};
  if (a.emulated.empty() && a.hardware.empty()) return fail("needs `emulated` or `hardware`");
  if (auto* ids = t["probe_usb_ids"].as_array()) {
    for (auto& id : *ids) {
      if (!id.is_string()) return fail("probe_usb_ids must be strings like \"0483:374b\"");
      a.probe_usb_ids.push_back(id.as_string()->get());
    }
  }
  return a;
}

std::map<std::string, Alias> read_aliases(const fs::path& file) {
  std::map<std::string, Alias> out;
  if (!fs::exists(file)) return out;
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    throw BoardError(fmt::format("board aliases {}: not valid TOML: {}", file.string(), e.description()));
  }
  for (auto& [key, node] : root) {
    if (!node.is_table())
      throw BoardError(fmt::format("board aliases {}: `{}` must be a table", file.string(), key.str()));
    out.emplace(std::string(key.str()), read_alias(std::string(key.str()), *node.as_table(), file));
  }
  return out;
}

}  // namespace

fs::path Registry::default_dir() {
  return codegen::data_path("AOTBENCH_BOARDS_DIR", "scenarios/boards", fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "boards");
}

Registry::Registry(fs::path dir) : dir_(std::move(dir)) {
  if (!fs::is_directory(dir_))
    throw BoardError(fmt::format("board profiles folder {} does not exist (set AOTBENCH_BOARDS_DIR)",
                                 dir_.string()));
  for (auto& e : fs::directory_iterator(dir_)) {
    if (e.path().extension() != ".toml" || e.path().filename() == "aliases.toml") continue;
    Profile p = load_profile(e.path());
    profiles_.emplace(p.name, std::move(p));
  }
  aliases_ = read_aliases(dir_ / "aliases.toml");
  for (auto& [name, a] : aliases_) {
    for (auto& target : {a.emulated, a.hardware})
      if (!target.empty() && !profiles_.count(target))
        throw BoardError(fmt::format("board alias `{}` names `{}`, which has no profile in {}", name,
                                     target, dir_.string()));
  }
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> out;
  for (auto& [name, p] : profiles_) out.push_back(name);
  return out;
}

std::string Registry::resolve(const std::string& name, const std::vector<std::string>& usb_ids) const {
  if (profiles_.count(name)) return name;
  auto a = aliases_.find(name);
  if (a == aliases_.end()) {
    std::vector<std::string> known = names();
    for (auto& [alias, _] : aliases_) known.push_back(alias + " (alias)");
    throw BoardError(fmt::format("unknown board `{}`; known boards: {}", name, fmt::join(known, ", ")));
  }
  const Alias& al = a->second;
  bool probe = std::any_of(al.probe_usb_ids.begin(), al.probe_usb_ids.end(), [&](auto& id) {
    return std::find(usb_ids.begin(), usb_ids.end(), id) != usb_ids.end();
  });
  if (probe && !al.hardware.empty()) return al.hardware;
  if (!al.emulated.empty()) return al.emulated;
  throw BoardError(fmt::format("board alias `{}` means {} only when its probe is attached, and none is",
                               name, al.hardware));
}

const Profile& Registry::get(const std::string& name, const std::vector<std::string>& usb_ids) const {
  return profiles_.at(resolve(name, usb_ids));
}

const Profile& Registry::get(const std::string& name) const { return get(name, attached_usb_ids()); }

std::vector<std::string> attached_usb_ids() {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto& e : fs::directory_iterator("/sys/bus/usb/devices", ec)) {
    auto vendor = read_trimmed(e.path() / "idVendor"), product = read_trimmed(e.path() / "idProduct");
    if (!vendor.empty() && !product.empty()) out.push_back(vendor + ":" + product);
  }
  return out;
}

}  // namespace aotbench::board
