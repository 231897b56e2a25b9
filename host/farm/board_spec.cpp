// See board_spec.hpp. The rules are labgrid's own where it has them: a tag key starts with a
// lowercase letter and a lowercase letter, digit or `_` (its TAG_KEY, matched as a prefix), and a
// filter is KEY=VALUE with one `=`. We also refuse what would be read ambiguously on our side.
#include "host/farm/board_spec.hpp"

#include <fmt/core.h>

#include <cctype>

#include "host/farm/errors.hpp"

namespace aotbench::farm {
namespace {

constexpr std::string_view kPrefix = "labgrid:";
constexpr const char* kUsage =
    "use labgrid:PLACE (a place's name or alias) or labgrid:TAG=VALUE[,TAG=VALUE...] "
    "(e.g. labgrid:aotbench-board=nucleo-f767zi)";

bool plain_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == ':' || c == '/' ||
         c == '+' || c == '@';
}

std::string bad(std::string_view board, const std::string& why) {
  return fmt::format("--board {}: {}; {}", board, why, kUsage);
}

void check_key(std::string_view board, const std::string& key) {
  const bool ok = key.size() >= 2 && std::islower(static_cast<unsigned char>(key[0])) &&
                  (std::islower(static_cast<unsigned char>(key[1])) ||
                   std::isdigit(static_cast<unsigned char>(key[1])) || key[1] == '_') &&
                  key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") == std::string::npos;
  if (!ok)
    throw FarmError(bad(board, fmt::format("tag `{}` is not a labgrid tag name (lowercase letters, digits, `_` "
                                           "and `-`, starting with two letters or a letter and a digit)",
                                           key)));
}

}  // namespace

std::string tags_str(const std::map<std::string, std::string>& tags) {
  std::string out;
  for (const auto& [k, v] : tags) out += (out.empty() ? "" : ",") + k + "=" + v;
  return out;
}

std::string FarmSpec::str() const { return std::string(kPrefix) + (by_tags() ? tags_str(tags) : place); }

bool is_labgrid_spec(std::string_view board) { return board.substr(0, kPrefix.size()) == kPrefix; }

FarmSpec parse_board_spec(std::string_view board) {
  if (!is_labgrid_spec(board)) throw FarmError(bad(board, "not a farm board (it does not start with labgrid:)"));
  const std::string_view rest = board.substr(kPrefix.size());
  if (rest.empty()) throw FarmError(bad(board, "nothing after labgrid:"));
  FarmSpec spec;
  if (rest.find('=') == std::string_view::npos) {
    if (rest.front() == '+')
      throw FarmError(bad(board, "a reservation token (+TOKEN) is not a place: aotbench makes its own reservation"));
    for (char c : rest)
      if (!plain_char(c))
        throw FarmError(bad(board, fmt::format("place name `{}` has a `{}`", rest, std::string(1, c))));
    spec.place = std::string(rest);
    return spec;
  }
  std::size_t start = 0;
  while (start <= rest.size()) {
    std::size_t end = rest.find(',', start);
    if (end == std::string_view::npos) end = rest.size();
    const std::string_view pair = rest.substr(start, end - start);
    const std::size_t eq = pair.find('=');
    if (pair.empty()) throw FarmError(bad(board, "an empty TAG=VALUE (two commas, or one at an end)"));
    if (eq == std::string_view::npos)
      throw FarmError(bad(board, fmt::format("`{}` has no `=`: a place name cannot be mixed with tags", pair)));
    const std::string key(pair.substr(0, eq)), value(pair.substr(eq + 1));
    check_key(board, key);
    if (value.empty()) throw FarmError(bad(board, fmt::format("tag {} has no value", key)));
    for (char c : value)
      if (!plain_char(c))
        throw FarmError(bad(board, fmt::format("the value of tag {} has a `{}`", key, std::string(1, c))));
    if (!spec.tags.emplace(key, value).second)
      throw FarmError(bad(board, fmt::format("tag {} is given twice", key)));
    start = end + 1;
  }
  return spec;
}

}  // namespace aotbench::farm
