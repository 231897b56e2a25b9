// See labgrid_output.hpp. The layouts are those of labgrid's Place.show(), Reservation.show() and
// ClientSession.print_place(): "  key: value" lines, lists indented two more, resources as
// "Acquired resource 'NAME' (PATH):" followed by a pprint'ed dict indented by two.
#include "farm/labgrid_output.hpp"

#include <fmt/core.h>

#include <regex>
#include <sstream>

#include "farm/errors.hpp"
#include "farm/py_literal.hpp"

namespace aotbench::farm {
namespace {

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool starts(const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

std::vector<std::string> split(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + sep.size();
  }
}

// "  key: value" at `indent` spaces: key and value; false for anything else.
bool key_value(const std::string& line, std::size_t indent, std::string& key, std::string& value) {
  if (line.size() <= indent || line.compare(0, indent, std::string(indent, ' ')) != 0 || line[indent] == ' ')
    return false;
  const std::size_t colon = line.find(':', indent);
  if (colon == std::string::npos) return false;
  key = line.substr(indent, colon - indent);
  value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
  return true;
}

// "NAME 'X':" -> X
bool quoted_header(const std::string& line, std::string_view word, std::string& name) {
  if (!starts(line, word) || line.size() < word.size() + 4 || line.back() != ':') return false;
  const std::string q = line.substr(word.size(), line.size() - word.size() - 1);
  if (q.size() < 2 || q.front() != '\'' || q.back() != '\'') return false;
  name = q.substr(1, q.size() - 2);
  return true;
}

std::map<std::string, std::string> pairs(const std::vector<std::string>& items) {
  std::map<std::string, std::string> out;
  for (const auto& it : items) {
    const std::size_t eq = it.find('=');
    if (eq != std::string::npos) out[it.substr(0, eq)] = it.substr(eq + 1);
  }
  return out;
}

// The place fields, lines [i, end) of one block, indented by 2.
void read_place_fields(const std::vector<std::string>& l, std::size_t& i, PlaceInfo& p) {
  std::string key, value, list_key;
  for (; i < l.size() && starts(l[i], "  "); ++i) {
    if (starts(l[i], "    ")) {  // an item of the list opened by `list_key:`
      const std::string item = l[i].substr(4);
      if (list_key == "matches") p.matches.push_back(item);
      if (list_key == "acquired resources") p.acquired_resources.push_back(item.substr(0, item.find(" -> ")));
      continue;
    }
    if (!key_value(l[i], 2, key, value)) continue;
    list_key = value.empty() ? key : "";
    if (key == "aliases") p.aliases = split(value, ", ");
    else if (key == "comment") p.comment = value;
    else if (key == "tags") p.tags = pairs(split(value, ", "));
    else if (key == "acquired") p.acquired = value == "None" ? "" : value;
    else if (key == "allowed") p.allowed = split(value, ", ");
    else if (key == "created") p.created = value;
    else if (key == "changed") p.changed = value;
    else if (key == "reservation") p.reservation = value;
  }
}

// "Acquired resource 'NAME' (E/G/C/R):" and the dict under it.
void read_resource(const std::vector<std::string>& l, std::size_t& i, const std::smatch& m, PlaceInfo& p) {
  ResourceInfo r;
  r.acquired = m[1] == "Acquired";
  r.name = m[2];
  const auto path = split(m[3], "/");
  if (path.size() != 4) throw FarmError(fmt::format("cannot read labgrid's output: resource path `{}`", m[3].str()));
  r.exporter = path[0], r.group = path[1], r.cls = path[2], r.resource = path[3];
  std::string literal;
  for (++i; i < l.size() && starts(l[i], "  "); ++i) literal += l[i] + "\n";
  const nlohmann::json d = parse_py_literal(literal);
  if (d.contains("params") && d["params"].is_object()) r.params = d["params"];
  r.avail = d.value("avail", false);
  p.resources.push_back(std::move(r));
}

}  // namespace

std::vector<PlaceInfo> parse_places(std::string_view text) {
  static const std::regex resource_header(R"(^(Acquired|Matching) resource '(.*)' \((.*)\):$)");
  const auto l = lines_of(text);
  std::vector<PlaceInfo> out;
  for (std::size_t i = 0; i < l.size();) {
    std::string name;
    std::smatch m;
    if (quoted_header(l[i], "Place ", name)) {
      out.push_back(PlaceInfo{});
      out.back().name = name;
      ++i;
      read_place_fields(l, i, out.back());
    } else if (!out.empty() && std::regex_match(l[i], m, resource_header)) {
      read_resource(l, i, m, out.back());
    } else {
      ++i;  // "Orphaned resource ..." and anything else
    }
  }
  return out;
}

std::vector<ReservationInfo> parse_reservations(std::string_view text) {
  const auto l = lines_of(text);
  std::vector<ReservationInfo> out;
  for (std::size_t i = 0; i < l.size(); ++i) {
    std::string token;
    if (!quoted_header(l[i], "Reservation ", token)) continue;
    ReservationInfo r;
    r.token = token;
    std::string key, value, list_key;
    for (++i; i < l.size() && starts(l[i], "  "); ++i) {
      if (starts(l[i], "    ")) {
        std::string group, items;
        if (!key_value(l[i], 4, group, items) || group != "main") continue;
        if (list_key == "filters") r.filters = pairs(split(items, " "));
        if (list_key == "allocations") r.allocations = split(items, ", ");
        continue;
      }
      if (!key_value(l[i], 2, key, value)) continue;
      list_key = value.empty() ? key : "";
      if (key == "owner") r.owner = value;
      else if (key == "state") r.state = value;
      else if (key == "prio") r.prio = std::atoi(value.c_str());
      else if (key == "created") r.created = value;
      else if (key == "timeout") r.timeout = value;
    }
    --i;
    out.push_back(std::move(r));
  }
  return out;
}

bool place_has_tags(const PlaceInfo& p, const std::map<std::string, std::string>& tags) {
  for (const auto& [k, v] : tags) {
    if (k == "name" && v == p.name) continue;
    const auto it = p.tags.find(k);
    if (it == p.tags.end() || it->second != v) return false;
  }
  return true;
}

}  // namespace aotbench::farm
