#pragma once
// What the flash tools' files share: running a tool to ask its version, and the findings and fixes
// several of them give.
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/flash_tool.hpp"

namespace aotbench::flash {

// A program's first output line, or "" when it is missing or fails.
std::string version_of(const std::vector<std::string>& argv);

// What to do when a Debian tool is missing: scripts/setup, or the packages by hand.
extern const char* const kSetupPackages;

// The board's probe is not there: `what` says who looked and how.
ToolCheck missing_probe(const board::Profile& p, const std::string& what);

}  // namespace aotbench::flash
