#include "host/sweep/space.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "codegen/data/data_dir.hpp"
#include "codegen/select/select.hpp"

namespace fs = std::filesystem;

namespace aotbench::sweep {
namespace {

using Choices = std::map<std::string, std::vector<std::string>>;  // knob -> values

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t p; (p = s.find(sep, start)) != std::string::npos; start = p + 1) out.push_back(s.substr(start, p - start));
  out.push_back(s.substr(start));
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Every combination of the choices, unlisted knobs at their defaults, appended to `out`.
void cross(const Choices& choices, std::vector<codegen::Variant>& out) {
  std::vector<codegen::Variant> partial = {codegen::Variant()};
  for (const auto& [knob, values] : choices) {
    std::vector<codegen::Variant> next;
    for (const auto& v : partial)
      for (const auto& value : values) {
        codegen::Variant w = v;
        w.set(knob, value);
        next.push_back(w);
      }
    partial = std::move(next);
  }
  out.insert(out.end(), partial.begin(), partial.end());
}

void dedupe(std::vector<codegen::Variant>& vs) {
  std::vector<codegen::Variant> out;
  for (auto& v : vs)
    if (std::none_of(out.begin(), out.end(), [&](const auto& o) { return o == v; })) out.push_back(std::move(v));
  vs = std::move(out);
}

// "api=packed|unpacked,index=*" -> choices; `*` expands to every value of the knob.
Choices parse_choices(const std::string& clause) {
  Choices c;
  for (const std::string& raw : split(clause, ',')) {
    const std::string item = trim(raw);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw SpaceError(fmt::format("'{}' in --variants is not KNOB=VALUE[|VALUE...]", item));
    const std::string knob = trim(item.substr(0, eq));
    const codegen::KnobInfo& info = codegen::knob_info(knob);
    std::vector<std::string> values;
    for (const std::string& v : split(item.substr(eq + 1), '|')) values.push_back(trim(v));
    if (values.size() == 1 && values[0] == "*") {
      if (info.values.empty()) throw SpaceError(fmt::format("knob {} has no fixed list of values for '*'", knob));
      values = info.values;
    }
    if (c.count(info.name)) throw SpaceError(fmt::format("knob {} is listed twice in '{}'", knob, clause));
    for (const auto& v : values) codegen::Variant().set(info.name, v);  // validates each value
    c[info.name] = values;
  }
  if (c.empty()) throw SpaceError("an empty term in --variants");
  return c;
}

bool matches(const codegen::Variant& v, const Choices& filter) {
  for (const auto& [knob, values] : filter)
    if (std::find(values.begin(), values.end(), v.text(knob)) == values.end()) return false;
  return true;
}

std::vector<std::string> toml_values(const toml::node& n, const std::string& where) {
  if (auto s = n.value<std::string>()) return {*s};
  std::vector<std::string> out;
  if (const toml::array* a = n.as_array()) {
    for (const auto& e : *a) {
      auto s = e.value<std::string>();
      if (!s) throw SpaceError(fmt::format("{}: values must be strings", where));
      out.push_back(*s);
    }
  }
  if (out.empty()) throw SpaceError(fmt::format("{}: give a string or a non-empty list of strings", where));
  return out;
}

}  // namespace

fs::path default_sweeps_dir() {
  return codegen::data_path("AOTBENCH_SWEEPS_DIR", "scenarios/sweeps", fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "sweeps");
}

std::vector<std::string> sweep_names(const fs::path& dir) {
  std::vector<std::string> names;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".toml") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<codegen::Variant> load_space(const std::string& name, const fs::path& dir) {
  if (name == "none") return {};
  const fs::path file = dir / (name + ".toml");
  if (!fs::exists(file))
    throw SpaceError(fmt::format("no sweep space '{}' in {}; known: {}", name, dir.string(), fmt::join(sweep_names(dir), ", ")));
  toml::table t;
  try {
    t = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    throw SpaceError(fmt::format("{}: {}", file.string(), e.description()));
  }
  const toml::array* sets = t["set"].as_array();
  if (!sets || sets->empty()) throw SpaceError(fmt::format("{}: no [[set]] tables", file.string()));
  std::vector<codegen::Variant> out;
  for (std::size_t i = 0; i < sets->size(); ++i) {
    const toml::table* set = (*sets)[i].as_table();
    if (!set) throw SpaceError(fmt::format("{}: set {} is not a table", file.string(), i + 1));
    Choices c;
    for (const auto& [key, node] : *set) {
      const std::string knob(key.str());
      const std::string where = fmt::format("{}: set {} knob {}", file.string(), i + 1, knob);
      try {
        codegen::knob_info(knob);
        c[knob] = toml_values(node, where);
        for (const auto& v : c[knob]) codegen::Variant().set(knob, v);
      } catch (const codegen::VariantError& e) {
        throw SpaceError(fmt::format("{}: {}", where, e.what()));
      }
    }
    cross(c, out);
  }
  dedupe(out);
  return out;
}

std::vector<codegen::Variant> resolve_space(const std::string& spec, const fs::path& dir) {
  std::vector<codegen::Variant> space;
  bool have_base = false;
  auto base = [&] {
    if (!have_base) space = load_space("default", dir);
    have_base = true;
  };
  if (!spec.empty() && spec.find_first_not_of("; \t\n") == std::string::npos)
    throw SpaceError(fmt::format("--variants '{}' has no term; give e.g. api=packed, '+opt=O3' or @corners, or leave "
                                 "--variants out for the default sweep",
                                 spec));
  for (const std::string& raw : split(spec, ';')) {
    const std::string term = trim(raw);
    if (term.empty()) continue;
    if (term[0] == '@') {
      space = load_space(trim(term.substr(1)), dir);
      have_base = true;
    } else if (term[0] == '+') {
      base();
      cross(parse_choices(term.substr(1)), space);
    } else {
      base();
      const Choices filter = parse_choices(term);
      std::erase_if(space, [&](const auto& v) { return !matches(v, filter); });
    }
  }
  base();
  dedupe(space);
  if (space.empty()) throw SpaceError(fmt::format("--variants '{}' leaves no variant to measure", spec));
  return space;
}

std::vector<std::string> drop_unrunnable(std::vector<codegen::Variant>& space,
                                         const std::vector<std::string>& cpu_features, const std::string& board) {
  std::map<std::string, int> dropped;  // reason -> variants
  std::erase_if(space, [&](const codegen::Variant& v) {
    const std::string why = codegen::family_unsupported(v.get("kernels"), cpu_features);
    if (!why.empty()) ++dropped[why];
    return !why.empty();
  });
  std::vector<std::string> notes;
  for (const auto& [why, n] : dropped) notes.push_back(fmt::format("{} variant{} left out: {} ({})", n, n == 1 ? "" : "s", why, board));
  if (space.empty()) {
    throw SpaceError(fmt::format("no variant of the sweep can run on {}: {}", board, fmt::join(notes, "; ")));
  }
  return notes;
}

std::string space_help(const fs::path& dir) {
  std::string out =
      "--variants edits the default sweep with ';'-separated terms:\n"
      "  KNOB=A|B,...   keep only matching variants     e.g. api=packed\n"
      "  +KNOB=A|*,...  add a cross product (others at defaults)  e.g. +opt=O3,api=*\n"
      "  @NAME          start from scenarios/sweeps/NAME.toml (@none: empty)\n"
      "named spaces:\n";
  for (const auto& name : sweep_names(dir)) {
    std::string description;
    try {
      description = toml::parse_file((dir / (name + ".toml")).string())["description"].value_or(std::string{});
    } catch (const toml::parse_error&) {
      description = "(unreadable)";
    }
    out += fmt::format("  @{:<10} {} variants: {}\n", name, load_space(name, dir).size(), description);
  }
  return out;
}

}  // namespace aotbench::sweep
