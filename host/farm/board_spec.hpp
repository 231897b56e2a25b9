#pragma once
// `--board labgrid:PLACE` (one place, by name or alias) and `--board labgrid:TAG=VALUE[,TAG=VALUE]`
// (whichever place with all those tags is free first, through a labgrid reservation).
#include <map>
#include <string>
#include <string_view>

namespace aotbench::farm {

struct FarmSpec {
  std::string place;                          // labgrid:PLACE
  std::map<std::string, std::string> tags;    // labgrid:TAG=VALUE,...
  bool by_tags() const { return !tags.empty(); }
  std::string str() const;                    // back to "labgrid:..."
};

// True for a board argument that names a farm board ("labgrid:..."), which parse_board_spec reads.
bool is_labgrid_spec(std::string_view board);

// Throws FarmError saying what is wrong and what a valid spec looks like.
FarmSpec parse_board_spec(std::string_view board);

// "k=v,k2=v2" (sorted by key): how tags are shown in messages.
std::string tags_str(const std::map<std::string, std::string>& tags);

}  // namespace aotbench::farm
