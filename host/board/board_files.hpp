#pragma once
// The board-specific firmware files, generated from a profile: startup code with the vector
// table, the linker script, the firmware's board_config.h, and board.cmake (flags for the CMake
// firmware build).
#include <filesystem>
#include <string>

#include "host/board/profile.hpp"

namespace aotbench::board {

struct BoardFiles {
  std::string startup_c;
  std::string linker_script;
  std::string board_config_h;
  std::string board_cmake;  // needs the folder the files will live in (for the -T path)
};

BoardFiles generate_board_files(const Profile& p, const std::filesystem::path& dir);

// Writes the files into dir (created if needed); files whose content is unchanged are left
// alone so builds that depend on them stay up to date. Returns true if anything changed.
bool write_board_files(const Profile& p, const std::filesystem::path& dir);

// The names of the files in dir.
inline constexpr const char* kStartupFile = "startup.c";
inline constexpr const char* kLinkerScriptFile = "link.ld";
inline constexpr const char* kBoardConfigFile = "board_config.h";
inline constexpr const char* kBoardCmakeFile = "board.cmake";

}  // namespace aotbench::board
