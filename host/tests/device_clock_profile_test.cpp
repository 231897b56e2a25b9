// The [clock] table of board profiles: the real boards' PLL data against their reference manuals
// and boards, what the generated board_config.h hands the firmware, and data that breaks a limit
// refused with a message naming the key, the value and the limit.
#include <gtest/gtest.h>

#include "host/board/board_files.hpp"
#include "host/board/registry.hpp"
#include "profile_edits.hpp"

namespace {

using namespace aotbench::board;
namespace fs = std::filesystem;

const fs::path kBoards = fs::path(AOTBENCH_SOURCE_DIR) / "scenarios" / "boards";
const fs::path kTestBoards = AOTBENCH_TEST_BOARDS_DIR;

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

const fs::path kPll = kTestBoards / "netduinoplus2-pll.toml";
std::string pll_error(const std::string& from, const std::string& to) {
  return test::load_edited_profile(kPll, {{from, to}});
}

// What the boards and the reference manuals say, not what the loader computes.
TEST(ClockProfile, RealBoardsRunTheirPllAtTheirTopClock) {
  Registry reg(kBoards);
  struct Want {
    const char* board;
    std::uint32_t hz, uart_hz;
    const char* source;
    std::uint32_t input_hz;
    bool bypass, overdrive;
    std::uint32_t latency;
  };
  // F446 and F429: 180 MHz with over-drive, 5 wait states; F7: 216 MHz with over-drive, 7.
  // Nucleo boards: the ST-LINK's 8 MHz MCO; STM32F746G-DISCO: its 25 MHz crystal; the F429I-DISC1: HSI.
  for (const Want& w : {Want{"nucleo-f446re", 180000000, 45000000, "hse", 8000000, true, true, 5},
                        Want{"stm32f429i-disc1", 180000000, 90000000, "hsi", 16000000, false, true, 5},
                        Want{"nucleo-f767zi", 216000000, 54000000, "hse", 8000000, true, true, 7},
                        Want{"stm32f746g-disco", 216000000, 108000000, "hse", 25000000, false, true, 7}}) {
    SCOPED_TRACE(w.board);
    const Profile& p = reg.get(w.board, {});
    ASSERT_TRUE(p.clock.has_value());
    const Profile::Clock& c = *p.clock;
    EXPECT_EQ(p.cpu.clock_hz, w.hz);
    EXPECT_EQ(p.counter.systick_hz, w.hz);
    EXPECT_EQ(p.uart.clock_hz, w.uart_hz);
    EXPECT_EQ(c.source, w.source);
    EXPECT_EQ(c.pll_input_hz(), w.input_hz);
    EXPECT_EQ(c.hse_bypass, w.bypass);
    EXPECT_EQ(c.overdrive, w.overdrive);
    EXPECT_EQ(c.flash_latency, w.latency);
    EXPECT_EQ(c.hsi_hz, 16000000u);  // every STM32F4/F7 starts on its 16 MHz HSI
    EXPECT_EQ(c.vos, 3);             // scale 1
    // The PLL's arithmetic, as the reference manuals give it: f = in / M * N / P.
    EXPECT_EQ(std::uint64_t{w.input_hz} * c.pll_n / c.pll_m / c.pll_p, w.hz);
  }
  // Emulated boards run on the clock they start with.
  for (const char* name : {"netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500"})
    EXPECT_FALSE(reg.get(name, {}).clock.has_value()) << name;
  // The Cortex-M7 boards run with their L1 caches on.
  EXPECT_TRUE(reg.get("nucleo-f767zi", {}).cpu.caches);
  EXPECT_TRUE(reg.get("stm32f746g-disco", {}).cpu.caches);
}

TEST(ClockProfile, TheFirmwareGetsThePllData) {
  Registry reg(kBoards);
  const std::string f446 = generate_board_files(reg.get("nucleo-f446re", {}), "/tmp/x").board_config_h;
  for (const char* line : {"#define AB_CLOCK_PLL 1\n", "#define AB_CLOCK_RESET_HZ 16000000u\n",
                           "#define AB_CLOCK_SOURCE_HSE 1\n", "#define AB_CLOCK_HSE_BYPASS 1\n",
                           "#define AB_CLOCK_PLLM 4u\n", "#define AB_CLOCK_PLLN 180u\n", "#define AB_CLOCK_PLLP 2u\n",
                           "#define AB_CLOCK_PLLQ 8u\n", "#define AB_CLOCK_APB1_DIV 4u\n", "#define AB_CLOCK_APB2_DIV 2u\n",
                           "#define AB_CLOCK_FLASH_LATENCY 5u\n",
                           "#define AB_CLOCK_FLASH_ACR_BITS 0x700u\n",  // PRFTEN | ICEN | DCEN
                           "#define AB_CLOCK_SET_VOS 1\n", "#define AB_CLOCK_VOS 3u\n", "#define AB_CLOCK_OVERDRIVE 1\n",
                           "#define AB_CLOCK_HZ 180000000u\n", "#define AB_UART_CLOCK_HZ 45000000u\n"})
    EXPECT_TRUE(contains(f446, line)) << line << " not in:\n" << f446;
  const std::string disc1 = generate_board_files(reg.get("stm32f429i-disc1", {}), "/tmp/x").board_config_h;
  EXPECT_TRUE(contains(disc1, "#define AB_CLOCK_SOURCE_HSE 0\n")) << disc1;
  EXPECT_TRUE(contains(disc1, "#define AB_CLOCK_HSE_BYPASS 0\n")) << disc1;
  const std::string qemu = generate_board_files(reg.get("netduinoplus2", {}), "/tmp/x").board_config_h;
  EXPECT_TRUE(contains(qemu, "#define AB_CLOCK_PLL 0\n")) << qemu;
  EXPECT_FALSE(contains(qemu, "AB_CLOCK_PLLM")) << qemu;
}

TEST(ClockProfile, TheTestProfileLoads) {
  EXPECT_EQ(test::load_edited_profile(kPll, {}), "(no error)");
  // The same chain from the HSI (16 MHz / 8 = 2 MHz into the VCO) is as good.
  EXPECT_EQ(test::load_edited_profile(kPll, {{"source = \"hse\"", "source = \"hsi\""}, {"pll_m = 25 ", "pll_m = 8  "},
                               {"pll_n = 336", "pll_n = 168"}}),
            "(no error)");
}

TEST(ClockProfile, ThePllMustGiveTheProfilesClock) {
  std::string m = pll_error("pll_n = 336", "pll_n = 335");
  EXPECT_TRUE(contains(m, "netduinoplus2-pll.toml: clock: the PLL gives the core 167.500 MHz (25 MHz / pll_m 25 * pll_n "
                          "335 / pll_p 2 / ahb_div 1), not cpu.clock_hz 168000000 Hz"))
      << m;
  m = pll_error("clock_hz = 168_000_000 ", "clock_hz = 180_000_000 ");
  EXPECT_TRUE(contains(m, "the PLL gives the core 168 MHz")) << m;
  EXPECT_TRUE(contains(m, "not cpu.clock_hz 180000000 Hz")) << m;
}

TEST(ClockProfile, OutOfRangeDividersAreRefused) {
  const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> cases = {
      {{"pll_m = 25 ", "pll_m = 1 "}, "clock.pll_m = 1 is out of range: PLLM is 2..63"},
      {{"pll_m = 25 ", "pll_m = 64 "}, "clock.pll_m = 64 is out of range: PLLM is 2..63"},
      {{"pll_n = 336", "pll_n = 433"}, "clock.pll_n = 433 is out of range: PLLN is 50..432"},
      {{"pll_n = 336", "pll_n = 49"}, "clock.pll_n = 49 is out of range: PLLN is 50..432"},
      {{"pll_p = 2 ", "pll_p = 3 "}, "clock.pll_p = 3 is not one of 2, 4, 6, 8: PLLP"},
      {{"pll_q = 7 ", "pll_q = 16 "}, "clock.pll_q = 16 is out of range: PLLQ is 2..15"},
      {{"pll_q = 7 ", "pll_q = 1 "}, "clock.pll_q = 1 is out of range: PLLQ is 2..15"},
      {{"pll_q = 7 ", "pll_q = 7\npll_r = 8 "}, "clock.pll_r = 8 is out of range: PLLR (F446, F76x) is 2..7"},
      {{"apb2_div = 2 ", "apb2_div = 3 "}, "clock.apb2_div = 3 is not one of 1, 2, 4, 8, 16"},
      {{"apb1_div = 4 ", "apb1_div = 32 "}, "clock.apb1_div = 32 is not one of 1, 2, 4, 8, 16"},
      {{"[clock]\n", "[clock]\nahb_div = 32\n"}, "clock.ahb_div = 32 is not one of 1, 2, 4, 8, 16, 64, 128, 256, 512"},
      {{"flash_latency = 5 ", "flash_latency = 16 "}, "clock.flash_latency = 16 is out of range"},
      {{"vos = 0b01", "vos = 4"}, "clock.vos = 4 is out of range"},
  };
  for (const auto& [edit, said] : cases) {
    const std::string m = pll_error(edit.first, edit.second);
    EXPECT_TRUE(contains(m, said)) << edit.second << ": " << m;
    EXPECT_TRUE(contains(m, "netduinoplus2-pll.toml")) << m;
  }
}

// Dividers in range whose frequencies are not: the VCO's input and output, the 48 MHz domain.
TEST(ClockProfile, TheVcoAndThe48MHzDomainStayInTheirRanges) {
  // 25 MHz / 10 = 2.5 MHz into the VCO.
  std::string m = test::load_edited_profile(kPll, {{"pll_m = 25 ", "pll_m = 10 "}, {"pll_n = 336", "pll_n = 134"}});
  EXPECT_TRUE(contains(m, "the PLL's input 25 MHz / pll_m 10 = 2.500 MHz must be 1..2 MHz")) << m;
  // 1 MHz * 60 = 60 MHz out of the VCO.
  m = test::load_edited_profile(kPll, {{"pll_n = 336", "pll_n = 60"}});
  EXPECT_TRUE(contains(m, "the VCO runs at 60 MHz (the input 1 MHz * pll_n 60), outside 100..432 MHz")) << m;
  // 336 MHz / 6 = 56 MHz for USB, SDIO and RNG.
  m = pll_error("pll_q = 7 ", "pll_q = 6 ");
  EXPECT_TRUE(contains(m, "clock.pll_q = 6 gives 56 MHz for USB, SDIO and RNG, above their 48 MHz; make it at least 7"))
      << m;
}

TEST(ClockProfile, OscillatorsAndSourcesAreChecked) {
  std::string m = pll_error("source = \"hse\"", "source = \"lse\"");
  EXPECT_TRUE(contains(m, "clock.source `lse` is not one of hse, hsi")) << m;
  m = pll_error("hse_hz = 25_000_000", "hse_hz = 30_000_000");
  EXPECT_TRUE(contains(m, "clock.hse_hz = 30000000 is out of range: the HSE crystal is 4000000..26000000")) << m;
  m = pll_error("hse_hz = 25_000_000", "hse_bypass = true\nhse_hz = 60_000_000");
  EXPECT_TRUE(contains(m, "an external clock on OSC_IN (hse_bypass) is 1000000..50000000")) << m;
  m = pll_error("hse_hz = 25_000_000\n", "");
  EXPECT_TRUE(contains(m, "missing key `clock.hse_hz`")) << m;
  m = pll_error("pll_q = 7 ", "");
  EXPECT_TRUE(contains(m, "missing key `clock.pll_q`")) << m;
  m = pll_error("hsi_hz = 16_000_000", "hsi_hz = 0");
  EXPECT_TRUE(contains(m, "clock.hsi_hz (the clock at reset) must be non-zero")) << m;
}

TEST(ClockProfile, FlashWaitStatesFollowTheClock) {
  // 168 MHz needs 5 wait states at 3.3 V; 4 reads wrong instructions.
  std::string m = pll_error("flash_latency = 5 ", "flash_latency = 4 ");
  EXPECT_TRUE(contains(m, "clock.flash_latency = 4 is too few wait states for a 168 MHz HCLK: the flash needs 5")) << m;
  EXPECT_EQ(pll_error("flash_latency = 5 ", "flash_latency = 7 "), "(no error)");  // more is only slower
  m = pll_error("flash_acr_bits = [8, 9, 10]", "flash_acr_bits = [8, 11]");
  EXPECT_TRUE(contains(m, "clock.flash_acr_bits: bit 11 is not 8 (PRFTEN), 9 (ICEN; ARTEN on the F7) or 10 (DCEN)")) << m;
  m = pll_error("flash_acr_bits = [8, 9, 10]", "flash_acr_bits = [8, 8]");
  EXPECT_TRUE(contains(m, "bit 8 is listed twice")) << m;
}

TEST(ClockProfile, TheUartsBusGivesItsClock) {
  std::string m = pll_error("apb2_div = 2 ", "apb2_div = 4 ");
  EXPECT_TRUE(contains(m, "uart.clock_hz 84000000 Hz is not the APB2 clock the [clock] table gives: 42000000 Hz "
                          "(168 MHz / apb2_div 4)"))
      << m;
  m = pll_error("bus = \"apb2\"\n", "");
  EXPECT_TRUE(contains(m, "uart.bus is missing, or is not apb1 or apb2")) << m;
  m = pll_error("bus = \"apb2\"", "bus = \"apb1\"");
  EXPECT_TRUE(contains(m, "is not the APB1 clock the [clock] table gives: 42000000 Hz")) << m;
}

TEST(ClockProfile, OverDriveWhereThePartNeedsIt) {
  const fs::path f767 = kBoards / "nucleo-f767zi.toml";
  std::string m = test::load_edited_profile(f767, {{"overdrive = true", "overdrive = false"}});
  EXPECT_TRUE(contains(m, "a 216 MHz core needs clock.overdrive = true")) << m;
  m = test::load_edited_profile(f767, {{"vos = 0b11", "vos = 0b10"}});
  EXPECT_TRUE(contains(m, "clock.overdrive needs voltage scale 1: clock.vos = 0b11, not 0b10")) << m;
}

}  // namespace
