// The flash tools' list (flash/flash_tool.hpp) against the real board profiles: what each board
// can be loaded with, what is refused and how, and the commands of the tools' GDB servers.
#include <gtest/gtest.h>

#include <set>

#include "host/board/registry.hpp"
#include "host/flash/flash_tool.hpp"

namespace {

using namespace aotbench;
namespace fs = std::filesystem;

const fs::path kBoards = fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "boards";

std::string refusal(const board::Profile& p, const std::string& tool) {
  try {
    flash::flash_tool_for(p, tool);
  } catch (const flash::FlashError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(FlashTools, OneListWithOneEmulatorAndServersForTheProbeTools) {
  std::set<std::string> names;
  int emulators = 0;
  for (const flash::FlashTool* t : flash::flash_tools()) {
    EXPECT_TRUE(names.insert(t->name).second) << t->name << " is listed twice";
    EXPECT_EQ(flash::find_flash_tool(t->name), t);
    if (t->emulated) {
      ++emulators;
      continue;
    }
    EXPECT_NE(std::string(t->setting), "") << t->name;  // a probe tool needs the board's settings
    EXPECT_TRUE(t->gdb_server && t->server_by_hand && t->check_tool && t->check_probe) << t->name;
  }
  EXPECT_EQ(emulators, 1);
  EXPECT_EQ(std::string(flash::emulator_tool().name), "qemu");
  EXPECT_EQ(flash::find_flash_tool("nosuch"), nullptr);
  // What --flasher offers (its choices and help) and what a farm place's tag may say.
  EXPECT_EQ(flash::flash_tool_names(false), (std::vector<std::string>{"openocd", "pyocd"}));
  EXPECT_EQ(flash::flash_tool_choices(false), "openocd or pyocd");
}

// Every real board can be flashed with every probe tool; emulated ones only by the emulator.
TEST(FlashTools, EveryBoardTakesTheToolsMeantForIt) {
  board::Registry reg(kBoards);
  for (const std::string& name : reg.names()) {
    const board::Profile& p = reg.get(name, {});
    EXPECT_EQ(std::string(flash::flash_tool_for(p, "").name), p.flasher) << name;
    for (const flash::FlashTool* t : flash::flash_tools())
      EXPECT_EQ(refusal(p, t->name) == "(accepted)", t->emulated == p.emulated) << name << " " << t->name;
  }
}

TEST(FlashTools, RefusalsSayWhatIsWrong) {
  board::Registry reg(kBoards);
  const board::Profile& real = reg.get("nucleo-f446re", {});
  const board::Profile& emulated = reg.get("netduinoplus2", {});
  EXPECT_EQ(refusal(real, "nosuch"), "unknown flasher `nosuch`: use openocd, pyocd or qemu");
  EXPECT_EQ(refusal(real, "qemu"), "board nucleo-f446re is real hardware; QEMU cannot run it");
  EXPECT_EQ(refusal(emulated, "openocd"), "board netduinoplus2 is emulated by QEMU; it has no openocd settings");
  board::Profile no_target = real;
  no_target.tool_settings.erase("pyocd.target");
  EXPECT_EQ(refusal(no_target, "pyocd"), "board nucleo-f446re has no [pyocd] target");
}

TEST(FlashTools, OpenOcdServesGdbOnTheGivenPortForTheGivenProbe) {
  board::Registry reg(kBoards);
  const board::Profile& p = reg.get("stm32f746g-disco", {});
  const flash::FlashTool& openocd = *flash::find_flash_tool("openocd");
  EXPECT_EQ(openocd.gdb_server(p, "4444", "066DFF"),
            (std::vector<std::string>{"openocd", "-f", "board/stm32f746g-disco.cfg", "-c", "adapter serial 066DFF", "-c",
                                      "gdb_port 4444", "-c", "telnet_port disabled", "-c", "tcl_port disabled"}));
  // Its detach leaves the core halted: the load ends by resuming it.
  EXPECT_EQ(std::string(openocd.run_command), "monitor resume");
  EXPECT_EQ(std::string(flash::emulator_tool().reset_command), "monitor system_reset");
}

}  // namespace
