#pragma once
// The [timing] table of a board profile: the timing model's data (see Profile::Timing).
#include <optional>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/board/toml_reader.hpp"

namespace aotbench::board {

// Reads and checks [timing] (nullopt when the profile has none); errors name the key.
std::optional<Profile::Timing> read_timing(const Reader& r, const Profile& p);

// The plugin's arguments for this timing (without out=): "core=cortex-m4,flash=0x8000000:0x100000,...".
std::vector<std::string> timing_plugin_args(const Profile::Timing& t);

}  // namespace aotbench::board
