#pragma once
// What a flashing tool (OpenOCD, pyOCD, gdb) said, made readable, and what to do about it.
#include <string>

#include "host/board/profile.hpp"

namespace aotbench::flash {

// The tool's own complaint: its error lines, else its last lines; kept to a readable length.
std::string tool_message(const std::string& output);

// What to do, from the tool's output: no probe attached (names the board's probe and its USB ids),
// a probe this user may not open (what a tool's own output means is its own: flash_tool.hpp).
// Starts with "; " when there is something to say, else "".
std::string probe_hint(const board::Profile& p, const std::string& output);

// "ST-LINK/V2-1 (USB 0483:374b or 0483:3752)": the board's probe as a person looks for it.
std::string probe_description(const board::Profile& p);

}  // namespace aotbench::flash
