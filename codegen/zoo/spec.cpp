// Parsing zoo specs and checking their option values against the model definition.
#include "codegen/zoo/spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <set>

#include "codegen/zoo/zoo.hpp"

namespace aotbench::codegen::zoo {
namespace {

constexpr const char* kSyntax =
    "a zoo spec is NAME or NAME:OPTION=VALUE,OPTION=VALUE,... (e.g. mnv2:width=0.5,res=128)";

bool is_word(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t end = s.find(sep, start);
    parts.push_back(s.substr(start, end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

[[noreturn]] void bad_value(const ModelDef& def, const OptionDef& o, const std::string& value,
                            const std::string& why) {
  throw ZooError(fmt::format("zoo model {}: option {}={} {}; {}", def.name, o.name, value, why,
                             describe_option(o)));
}

double parse_value(const ModelDef& def, const OptionDef& o, const std::string& text) {
  if (o.type == OptionType::Bool) {
    static const std::set<std::string> yes = {"true", "1", "yes", "on"};
    static const std::set<std::string> no = {"false", "0", "no", "off"};
    if (yes.count(text)) return 1;
    if (no.count(text)) return 0;
    bad_value(def, o, text, "is not true or false");
  }
  double v = 0;
  const char* end = text.data() + text.size();
  if (o.type == OptionType::Int) {
    int64_t i = 0;
    auto [p, ec] = std::from_chars(text.data(), end, i);
    if (ec != std::errc() || p != end) bad_value(def, o, text, "is not an integer");
    v = static_cast<double>(i);
  } else {
    auto [p, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || p != end || !std::isfinite(v)) bad_value(def, o, text, "is not a number");
  }
  if (v < o.min || v > o.max) bad_value(def, o, text, "is out of range");
  return v;
}

}  // namespace

Spec parse_spec(const std::string& text) {
  Spec spec;
  std::size_t colon = text.find(':');
  spec.name = text.substr(0, colon);
  if (!is_word(spec.name)) {
    throw ZooError(fmt::format("'{}' is not a zoo spec: {}", text, kSyntax));
  }
  if (colon == std::string::npos) return spec;
  std::set<std::string> seen;
  for (const std::string& item : split(text.substr(colon + 1), ',')) {
    std::size_t eq = item.find('=');
    std::string key = item.substr(0, eq);
    if (eq == std::string::npos || !is_word(key) || eq + 1 == item.size()) {
      throw ZooError(fmt::format("'{}' is not a zoo spec: '{}' is not OPTION=VALUE; {}", text,
                                 item, kSyntax));
    }
    if (!seen.insert(key).second) {
      throw ZooError(fmt::format("zoo spec '{}' sets option {} twice", text, key));
    }
    spec.options.emplace_back(key, item.substr(eq + 1));
  }
  return spec;
}

OptionValues resolve_options(const ModelDef& def, const Spec& spec) {
  OptionValues values;
  for (const OptionDef& o : def.options) values[o.name] = o.default_value;
  for (const auto& [key, text] : spec.options) {
    const OptionDef* o = def.option(key);
    if (!o) {
      std::vector<std::string> known;
      for (const OptionDef& d : def.options) known.push_back(describe_option(d));
      throw ZooError(fmt::format("zoo model {} has no option '{}'; {}", def.name, key,
                                 known.empty() ? std::string("it takes no options")
                                               : fmt::format("its options: {}", fmt::join(known, "; "))));
    }
    values[key] = parse_value(def, *o, text);
  }
  return values;
}

std::string format_option(const OptionDef& o, double value) {
  switch (o.type) {
    case OptionType::Bool: return value != 0 ? "true" : "false";
    case OptionType::Int: return fmt::format("{}", static_cast<int64_t>(value));
    case OptionType::Float: {
      std::string s = fmt::format("{}", value);  // the shortest form that reads back the same
      return s.find_first_of(".e") == std::string::npos ? s + ".0" : s;
    }
  }
  return {};
}

std::string canonical_spec(const ModelDef& def, const OptionValues& values) {
  std::vector<std::string> parts;
  for (const OptionDef& o : def.options) {
    parts.push_back(o.name + "=" + format_option(o, values.at(o.name)));
  }
  if (parts.empty()) return def.name;
  return fmt::format("{}:{}", def.name, fmt::join(parts, ","));
}

std::string describe_option(const OptionDef& o) {
  std::string range = o.type == OptionType::Bool
                          ? "true/false"
                          : fmt::format("{}..{}", format_option(o, o.min), format_option(o, o.max));
  return fmt::format("{}={} ({}): {}", o.name, format_option(o, o.default_value), range, o.help);
}

}  // namespace aotbench::codegen::zoo
