// Board profiles as data: loading, validation errors, aliases, flags and the generated files.
#include <gtest/gtest.h>

#include <algorithm>

#include "host/board/board_files.hpp"
#include "host/board/flags.hpp"
#include "host/board/registry.hpp"
#include "profile_edits.hpp"

namespace {

using namespace aotbench::board;
using test::slurp;
namespace fs = std::filesystem;

const fs::path kBoards = fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "boards";

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

TEST(Boards, TimingTablesSayWhatTheModelNeeds) {
  Registry reg(kBoards);
  const Profile& f405 = reg.get("netduinoplus2", {});
  ASSERT_TRUE(f405.timing);
  EXPECT_EQ(f405.timing->core, "cortex-m4");
  EXPECT_EQ(f405.timing->flash_wait_states, 5u);  // RM0090: 150-168 MHz at 2.7-3.6 V
  EXPECT_TRUE(f405.timing->prefetch);
  EXPECT_EQ(f405.timing->icache.lines, 64u);
  EXPECT_EQ(f405.timing->icache.ways, 64u);  // fully associative unless said
  EXPECT_EQ(f405.timing->dcache.lines, 8u);
  ASSERT_EQ(f405.timing->flash.size(), 2u);  // the flash and its alias at 0
  EXPECT_EQ(reg.get("nucleo-l4r5zi-qemu", {}).timing->flash_read_bytes, 8u);
  EXPECT_EQ(reg.get("nucleo-h7a3ziq-qemu", {}).timing->core, "cortex-m7");
  EXPECT_FALSE(reg.get("mps2-an385", {}).timing);  // no table: instructions
}

TEST(Boards, ABadTimingTableIsRefusedNamingTheKey) {
  const fs::path f405 = kBoards / "netduinoplus2.toml";
  EXPECT_TRUE(contains(test::load_edited_profile(f405, {{"dcache = { lines = 8, line_bytes = 16 }",
                                                          "dcache = { lines = 8, line_bytes = 12 }"}}),
                       "timing.dcache.line_bytes` must be a power of two"));
  EXPECT_TRUE(contains(test::load_edited_profile(f405, {{"icache = { lines = 64, line_bytes = 16 }",
                                                          "icache = { lines = 64, line_bytes = 16, ways = 5 }"}}),
                       "do not divide into sets of 5 ways"));
  EXPECT_TRUE(contains(test::load_edited_profile(f405, {{"core = \"cortex-m4\"\nflash = [", "core = \"cortex-m33\"\nflash = ["}}),
                       "timing.core `cortex-m33`"));
}

TEST(Boards, AllProfilesLoad) {
  Registry reg(kBoards);
  EXPECT_EQ(reg.names(), (std::vector<std::string>{"mps2-an385", "mps2-an386", "mps2-an500", "netduinoplus2",
                                                   "nucleo-f446re", "nucleo-f767zi", "nucleo-h7a3ziq-qemu",
                                                   "nucleo-l4r5zi-qemu", "stm32f429i-disc1", "stm32f746g-disco"}));
  const Profile& f7 = reg.get("stm32f746g-disco", {});
  EXPECT_FALSE(f7.emulated);
  EXPECT_EQ(f7.uart.kind, UartKind::stm32f7_usart);
  EXPECT_EQ(f7.uart.base, 0x40011000u);
  ASSERT_EQ(f7.uart.pins.size(), 2u);
  EXPECT_EQ(f7.uart.pins[1].gpio, 0x40020400u);  // PB7
  EXPECT_EQ(f7.uart.pins[1].pin, 7u);
  EXPECT_TRUE(f7.counter.dwt_unlock);
  EXPECT_EQ(f7.tool_setting("openocd.config"), "board/stm32f746g-disco.cfg");
  const Profile& nucleo = reg.get("nucleo-f446re", {});
  EXPECT_EQ(nucleo.uart.kind, UartKind::stm32f4_usart);
  EXPECT_EQ(nucleo.uart.base, 0x40004400u);
  EXPECT_EQ(nucleo.tool_setting("pyocd.target"), "stm32f446retx");
}

// The profiles of the boards pyOCD and OpenOCD both know without packs, against their datasheets
// and user manuals: the ST-LINK's VCP UART, its pins and clock enables, memory, probe and tools.
TEST(Boards, NucleoF767ziAndF429iDisc1) {
  Registry reg(kBoards);
  const Profile& f767 = reg.get("nucleo-f767zi", {});
  EXPECT_EQ(f767.cpu.core, "cortex-m7");
  EXPECT_EQ(f767.cpu.fpu, "fpv5-d16");
  EXPECT_EQ(f767.memory.flash.size, 2u << 20);
  EXPECT_EQ(f767.memory.ram.size, 512u << 10);
  EXPECT_EQ(f767.uart.kind, UartKind::stm32f7_usart);
  EXPECT_EQ(f767.uart.base, 0x40004800u);  // USART3
  EXPECT_EQ(f767.uart.irq, 39u);
  ASSERT_EQ(f767.uart.pins.size(), 2u);
  EXPECT_EQ(f767.uart.pins[0].gpio, 0x40020C00u);  // GPIOD
  EXPECT_EQ(f767.uart.pins[0].pin, 8u);
  EXPECT_EQ(f767.uart.pins[1].pin, 9u);
  ASSERT_EQ(f767.uart.clock_enable.size(), 2u);
  EXPECT_EQ(f767.uart.clock_enable[0].bit, 3u);   // GPIODEN
  EXPECT_EQ(f767.uart.clock_enable[1].bit, 18u);  // USART3EN
  EXPECT_EQ(f767.tool_setting("pyocd.target"), "stm32f767zi");
  EXPECT_EQ(f767.tool_setting("openocd.config"), "board/st_nucleo_f7.cfg");
  EXPECT_EQ(f767.probe.name, "ST-LINK/V2-1");
  const Profile& f429 = reg.get("stm32f429i-disc1", {});
  EXPECT_EQ(f429.cpu.core, "cortex-m4");
  EXPECT_EQ(f429.memory.ram.size, 192u << 10);
  EXPECT_EQ(f429.uart.base, 0x40011000u);  // USART1 on PA9/PA10
  EXPECT_EQ(f429.uart.pins[1].pin, 10u);
  EXPECT_EQ(f429.tool_setting("pyocd.target"), "stm32f429xi");
  EXPECT_EQ(f429.tool_setting("openocd.config"), "board/stm32f429disc1.cfg");
  // Every hardware profile records its probe, both tools' names for it, its UART pins and clock.
  for (const auto& name : reg.names()) {
    const Profile& p = reg.get(name, {});
    SCOPED_TRACE(name);
    EXPECT_FALSE(p.probe.name.empty());
    EXPECT_GT(p.cpu.clock_hz, 0u);
    EXPECT_GT(p.uart.clock_hz, 0u);
    if (p.emulated) continue;
    EXPECT_FALSE(p.probe.usb_ids.empty());
    EXPECT_FALSE(p.tool_setting("openocd.config").empty());
    EXPECT_FALSE(p.tool_setting("pyocd.target").empty());
    EXPECT_EQ(p.uart.pins.size(), 2u);
    EXPECT_FALSE(p.uart.clock_enable.empty());
  }
}

TEST(Boards, AliasFollowsTheAttachedProbe) {
  Registry reg(kBoards);
  EXPECT_EQ(reg.resolve("stm32", {}), "netduinoplus2");
  EXPECT_EQ(reg.resolve("stm32", {"1d6b:0002"}), "netduinoplus2");  // a USB hub is not a probe
  EXPECT_EQ(reg.resolve("stm32", {"1d6b:0002", "0483:374b"}), "nucleo-f446re");
  EXPECT_EQ(reg.resolve("mps2-an386", {"0483:374b"}), "mps2-an386");
}

TEST(Boards, UnknownBoardListsTheKnownOnes) {
  Registry reg(kBoards);
  try {
    reg.resolve("stm32f9", {});
    FAIL();
  } catch (const BoardError& e) {
    std::string msg = e.what();
    for (auto name : {"stm32f9", "netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500", "stm32f746g-disco", "nucleo-f446re",
                      "stm32 (alias)"})
      EXPECT_TRUE(contains(msg, name)) << name << " not in: " << msg;
  }
}

// netduinoplus2.toml with each `from` replaced by its `to`, saved as `file`.toml and loaded.
std::string load_edited(const test::Edits& edits, const std::string& file = "netduinoplus2", Profile* loaded = nullptr) {
  return test::load_edited_profile(kBoards / "netduinoplus2.toml", edits, file, loaded);
}

std::string error_for(const std::string& from, const std::string& to, const std::string& file = "netduinoplus2") {
  return load_edited({{from, to}}, file);
}

TEST(Boards, BadProfilesGetClearErrors) {
  std::string m = error_for("kind = \"stm32f4_usart\"", "kind = \"pl011\"");
  EXPECT_TRUE(contains(m, "netduinoplus2.toml") && contains(m, "uart.kind `pl011`")) << m;
  m = error_for("base = 0x4001_1000\n", "\n");
  EXPECT_TRUE(contains(m, "missing key `uart.base`")) << m;
  m = error_for("clock_hz = 168_000_000 ", "clock_hz = \"fast\" ");
  EXPECT_TRUE(contains(m, "`cpu.clock_hz` must be a non-negative integer")) << m;
  m = error_for("[cpu]", "[cpu");
  EXPECT_TRUE(contains(m, "not valid TOML")) << m;
  m = error_for("name = \"netduinoplus2\"", "name = \"netduinoplus2\"", "renamed");
  EXPECT_TRUE(contains(m, "must match the file name")) << m;
  m = error_for("tool = \"qemu\"", "tool = \"openocd\"");
  EXPECT_TRUE(contains(m, "emulated")) << m;
  m = error_for("irq = 37", "irq = 82");
  EXPECT_TRUE(contains(m, "uart.irq must be below cpu.irqs")) << m;
  m = error_for("stack_min = 0x800", "stack_min = 0x300000");
  EXPECT_TRUE(contains(m, "stack_min")) << m;
  m = error_for("name = \"QEMU gdbstub\"", "name = \"QEMU gdbstub\"\nusb_ids = [\"0483-374B\"]");
  EXPECT_TRUE(contains(m, "probe.usb_ids: `0483-374B` is not a USB id like \"0483:374b\"")) << m;
}

TEST(Boards, CpuFeaturesAreRead) {
  Registry reg(kBoards);
  for (const char* name : {"netduinoplus2", "mps2-an386", "mps2-an500", "nucleo-f446re", "stm32f746g-disco"}) {
    const Profile& p = reg.get(name, {});
    EXPECT_EQ(p.cpu.features, std::vector<std::string>{"dsp"}) << name;  // every M4 and M7 here has DSP
    EXPECT_TRUE(p.cpu.has_feature("dsp")) << name;
    EXPECT_FALSE(p.cpu.has_feature("mve")) << name;
    EXPECT_FALSE(p.cpu.has_feature("ds")) << name;
  }
  // Helium on a Cortex-M55 is accepted.
  Profile m55;
  EXPECT_EQ(load_edited({{"core = \"cortex-m4\"", "core = \"cortex-m55\""}, {"[\"dsp\"]", "[\"dsp\", \"mve\"]"}},
                        "netduinoplus2", &m55),
            "(no error)");
  EXPECT_TRUE(m55.cpu.has_feature("mve"));
  EXPECT_TRUE(m55.cpu.has_feature("dsp"));
  // A core without extensions may list none.
  Profile m3;
  EXPECT_EQ(load_edited({{"core = \"cortex-m4\"", "core = \"cortex-m3\""}, {"[\"dsp\"]", "[]"}}, "netduinoplus2", &m3),
            "(no error)");
  EXPECT_TRUE(m3.cpu.features.empty());
  EXPECT_FALSE(m3.cpu.has_feature("dsp"));
  // The emulated Cortex-M3 board has neither DSP nor an FPU.
  const Profile& an385 = reg.get("mps2-an385", {});
  EXPECT_TRUE(an385.cpu.features.empty());
  EXPECT_TRUE(an385.cpu.fpu.empty());
  EXPECT_EQ(an385.cpu.float_abi, "soft");
}

TEST(Boards, BadCpuFeaturesGetClearErrors) {
  // Unknown: the message names the file, the feature and the known ones.
  std::string m = error_for("[\"dsp\"]", "[\"dsp\", \"neon\"]");
  EXPECT_TRUE(contains(m, "netduinoplus2.toml") && contains(m, "unknown feature `neon`") && contains(m, "dsp, mve"))
      << m;
  // Known, but not on this core.
  m = load_edited({{"core = \"cortex-m4\"", "core = \"cortex-m3\""}});
  EXPECT_TRUE(contains(m, "netduinoplus2.toml") && contains(m, "cortex-m3 has no `dsp`")) << m;
  m = load_edited({{"core = \"cortex-m4\"", "core = \"cortex-m0plus\""}});
  EXPECT_TRUE(contains(m, "cortex-m0plus has no `dsp`")) << m;
  m = error_for("[\"dsp\"]", "[\"dsp\", \"mve\"]");  // Helium needs ARMv8.1-M
  EXPECT_TRUE(contains(m, "cortex-m4 has no `mve`") && contains(m, "may have: dsp")) << m;
  m = error_for("[\"dsp\"]", "[\"dsp\", \"dsp\"]");
  EXPECT_TRUE(contains(m, "`dsp` is listed twice")) << m;
  m = error_for("[\"dsp\"]", "\"dsp\"");
  EXPECT_TRUE(contains(m, "`cpu.features` must be an array of strings")) << m;
  m = error_for("[\"dsp\"]", "[1]");
  EXPECT_TRUE(contains(m, "`cpu.features` must be an array of strings")) << m;
  // The list is required: a profile says what its chip has, even when that is nothing.
  m = error_for("features = [\"dsp\"]", "");
  EXPECT_TRUE(contains(m, "missing key `cpu.features`")) << m;
  // The core must be one the table knows, or its features could not be checked.
  m = error_for("core = \"cortex-m4\"", "core = \"cortex-m9\"");
  EXPECT_TRUE(contains(m, "cpu.core `cortex-m9`") && contains(m, "cortex-m3") && contains(m, "cortex-m55")) << m;
}

TEST(Boards, IcountShiftGivesAtLeastTwoTicksPerInstruction) {
  Registry reg(kBoards);
  // 168 MHz * 16 ns = 2.688 ticks; 25 MHz * 128 ns = 3.2 ticks; one shift less would be < 2.
  EXPECT_EQ(icount_shift(reg.get("netduinoplus2", {})), 4);
  EXPECT_EQ(icount_shift(reg.get("mps2-an385", {})), 7);
  EXPECT_EQ(icount_shift(reg.get("mps2-an386", {})), 7);
  EXPECT_EQ(icount_shift(reg.get("mps2-an500", {})), 7);
}

TEST(Boards, FlagsComeFromTheProfile) {
  Registry reg(kBoards);
  auto m7 = firmware_flags(reg.get("mps2-an500", {}), "x/link.ld");
  EXPECT_EQ(m7.cpu, (std::vector<std::string>{"-mcpu=cortex-m7", "-mthumb", "-mfpu=fpv5-d16", "-mfloat-abi=hard"}));
  auto m4 = firmware_flags(reg.get("netduinoplus2", {}), "x/link.ld");
  EXPECT_EQ(m4.cpu, (std::vector<std::string>{"-mcpu=cortex-m4", "-mthumb", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"}));
  EXPECT_NE(std::find(m4.link.begin(), m4.link.end(), "-Tx/link.ld"), m4.link.end());
  // the core named to the kernels, in the compile flags only (not clang's target flags, which take cpu)
  EXPECT_NE(std::find(m4.compile.begin(), m4.compile.end(), "-DAB_CPU_CORTEX_M4"), m4.compile.end());
  EXPECT_NE(std::find(m7.compile.begin(), m7.compile.end(), "-DAB_CPU_CORTEX_M7"), m7.compile.end());
  auto m3 = firmware_flags(reg.get("mps2-an385", {}), "x/link.ld");  // no FPU: no -mfpu
  EXPECT_EQ(m3.cpu, (std::vector<std::string>{"-mcpu=cortex-m3", "-mthumb", "-mfloat-abi=soft"}));
}

TEST(Boards, GeneratedFilesDescribeTheBoard) {
  Registry reg(kBoards);
  auto f7 = generate_board_files(reg.get("stm32f746g-disco", {}), "gen");
  EXPECT_TRUE(contains(f7.linker_script, "ORIGIN = 0x08000000, LENGTH = 0x100000")) << f7.linker_script;
  EXPECT_TRUE(contains(f7.linker_script, "ORIGIN = 0x20000000, LENGTH = 0x50000"));
  EXPECT_TRUE(contains(f7.board_config_h, "#define AB_UART_KIND_STM32F7_USART 1"));
  EXPECT_TRUE(contains(f7.board_config_h, "#define AB_DWT_UNLOCK 1"));
  EXPECT_TRUE(contains(f7.board_config_h, "{0x40020400u, 7u, 7u}"));  // PB7 AF7
  EXPECT_TRUE(contains(f7.board_config_h, "{0x40023844u, 4u}"));      // USART1 clock
  EXPECT_TRUE(contains(f7.startup_c, "const ab_vector ab_vectors[114]"));  // 16 + 98 IRQs
  EXPECT_TRUE(contains(f7.startup_c, "0xE000ED88u"));                      // FPU enabled
  EXPECT_TRUE(contains(f7.startup_c, "{.handler = ab_uart_irq_handler}, /* IRQ 37 */"));  // USART1
  EXPECT_TRUE(contains(f7.board_config_h, "#define AB_UART_IRQ 37u"));
  auto mps2 = generate_board_files(reg.get("mps2-an386", {}), "gen");
  EXPECT_TRUE(contains(mps2.board_config_h, "#define AB_UART_KIND_CMSDK 1"));
  EXPECT_TRUE(contains(mps2.board_config_h, "#define AB_SEMIHOSTING 1"));
  EXPECT_TRUE(contains(mps2.linker_script, "ORIGIN = 0x00000000, LENGTH = 0x400000"));
  EXPECT_TRUE(contains(mps2.startup_c, "0xE000ED88u"));  // the M4F's FPU is enabled
  auto m3 = generate_board_files(reg.get("mps2-an385", {}), "gen");
  EXPECT_FALSE(contains(m3.startup_c, "0xE000ED88u"));  // the M3 has no coprocessor to enable
  EXPECT_TRUE(contains(m3.board_config_h, "#define AB_CPU_NAME \"cortex-m3\""));
  EXPECT_TRUE(contains(m3.board_config_h, "#define AB_UART_KIND_CMSDK 1"));
}

// The CMake firmware build used exactly these generated files and flags.
TEST(Boards, BuildTreeUsedTheGenerator) {
  Registry reg(kBoards);
  for (auto& name : reg.names()) {
    fs::path gen = fs::path(AOTBENCH_FIRMWARE_DIR) / "gen" / name;
    auto want = generate_board_files(reg.get(name, {}), gen);
    EXPECT_EQ(slurp(gen / kLinkerScriptFile), want.linker_script) << name;
    EXPECT_EQ(slurp(gen / kStartupFile), want.startup_c) << name;
    EXPECT_EQ(slurp(gen / kBoardCmakeFile), want.board_cmake) << name;
  }
}

}  // namespace
