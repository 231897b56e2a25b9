#pragma once
// Typed reading of a board profile's TOML, with errors (BoardError) that name the file and the key.
#include <fmt/core.h>

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "host/board/profile.hpp"

namespace aotbench::board {

// Reads typed values out of a toml table, with errors that name the file and the key.
class Reader {
 public:
  Reader(const toml::table& root, std::filesystem::path file) : root_(root), file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw BoardError(fmt::format("board profile {}: {}", file_.string(), what));
  }

  const toml::node* node(const std::string& path) const {
    return root_.at_path(path).node();
  }

  std::string str(const std::string& path, bool required = true, std::string def = "") const {
    auto* n = node(path);
    if (!n) return required ? (fail(fmt::format("missing key `{}`", path)), def) : def;
    if (!n->is_string()) fail(fmt::format("`{}` must be a string", path));
    return n->as_string()->get();
  }

  std::uint64_t num(const std::string& path, bool required = true, std::uint64_t def = 0) const {
    return as_num(node(path), path, required, def);
  }

  std::uint64_t as_num(const toml::node* n, const std::string& path, bool required = true,
                       std::uint64_t def = 0) const {
    if (!n) return required ? (fail(fmt::format("missing key `{}`", path)), def) : def;
    if (!n->is_integer() || n->as_integer()->get() < 0)
      fail(fmt::format("`{}` must be a non-negative integer", path));
    return static_cast<std::uint64_t>(n->as_integer()->get());
  }

  std::uint32_t u32(const std::string& path, bool required = true, std::uint32_t def = 0) const {
    std::uint64_t v = num(path, required, def);
    if (v > 0xFFFFFFFFu) fail(fmt::format("`{}` does not fit 32 bits", path));
    return static_cast<std::uint32_t>(v);
  }

  bool flag(const std::string& path, bool def) const {
    auto* n = node(path);
    if (!n) return def;
    if (!n->is_boolean()) fail(fmt::format("`{}` must be true or false", path));
    return n->as_boolean()->get();
  }

  // An array of strings; `required`: a missing key is an error, else an empty list.
  std::vector<std::string> strings(const std::string& path, bool required) const {
    std::vector<std::string> out;
    auto* n = node(path);
    if (!n) return required ? (fail(fmt::format("missing key `{}`", path)), out) : out;
    if (!n->is_array()) fail(fmt::format("`{}` must be an array of strings", path));
    for (auto& e : *n->as_array()) {
      if (!e.is_string()) fail(fmt::format("`{}` must be an array of strings", path));
      out.push_back(e.as_string()->get());
    }
    return out;
  }

  // An array of non-negative integers; a missing key is an empty list.
  std::vector<std::uint64_t> numbers(const std::string& path) const {
    std::vector<std::uint64_t> out;
    auto* n = node(path);
    if (!n) return out;
    if (!n->is_array()) fail(fmt::format("`{}` must be an array of integers", path));
    for (auto& e : *n->as_array()) {
      if (!e.is_integer() || e.as_integer()->get() < 0) fail(fmt::format("`{}` must be an array of non-negative integers", path));
      out.push_back(static_cast<std::uint64_t>(e.as_integer()->get()));
    }
    return out;
  }

  MemoryRegion region(const std::string& path) const {
    return {num(path + ".origin"), num(path + ".size")};
  }

  // An array of inline tables, each read by `item`.
  template <typename T, typename F>
  std::vector<T> list(const std::string& path, F item) const {
    std::vector<T> out;
    auto* n = node(path);
    if (!n) return out;
    if (!n->is_array()) fail(fmt::format("`{}` must be an array of tables", path));
    std::size_t i = 0;
    for (auto& e : *n->as_array()) {
      if (!e.is_table()) fail(fmt::format("`{}[{}]` must be a table", path, i));
      out.push_back(item(*e.as_table(), fmt::format("{}[{}]", path, i)));
      ++i;
    }
    return out;
  }

  std::uint32_t field(const toml::table& t, const std::string& key, const std::string& where) const {
    std::uint64_t v = as_num(t.get(key), where + "." + key);
    if (v > 0xFFFFFFFFu) fail(fmt::format("`{}.{}` does not fit 32 bits", where, key));
    return static_cast<std::uint32_t>(v);
  }

  // The string keys of the tables the board itself does not read: a flash tool's settings
  // ("openocd.config" -> "board/stm32f746g-disco.cfg").
  std::map<std::string, std::string> tool_settings() const {
    static const char* const kBoardTables[] = {"cpu",   "memory", "uart", "counter", "clock",
                                               "timing", "probe", "flasher", "qemu", "serial"};
    std::map<std::string, std::string> out;
    for (const auto& [table, node] : root_) {
      const auto* t = node.as_table();
      if (!t || std::find(std::begin(kBoardTables), std::end(kBoardTables), table.str()) != std::end(kBoardTables))
        continue;
      for (const auto& [key, value] : *t)
        if (const auto* v = value.as_string()) out[fmt::format("{}.{}", table.str(), key.str())] = v->get();
    }
    return out;
  }

 private:
  const toml::table& root_;
  std::filesystem::path file_;
};

}  // namespace aotbench::board
