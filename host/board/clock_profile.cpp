// The [clock] table of a board profile. Limits from the reference manuals of the parts the
// profiles use (RM0090 F405/F429, RM0390 F446, RM0385 F746, RM0410 F767), taken where they agree:
// PLLM 2..63 with a VCO input of 1..2 MHz, PLLN 50..432 with a VCO output of 100..432 MHz,
// PLLP 2/4/6/8, PLLQ 2..15 with its 48 MHz domain at most 48 MHz, PLLR 2..7; one flash wait state
// per 30 MHz of HCLK at 2.7-3.6 V; the HSE 4..26 MHz from a crystal, 1..50 MHz as an external clock.
#include "host/board/clock_profile.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

namespace aotbench::board {
namespace {

constexpr std::uint64_t MHz = 1000000;

std::string mhz(std::uint64_t hz) {
  return hz % MHz == 0 ? fmt::format("{} MHz", hz / MHz) : fmt::format("{:.3f} MHz", static_cast<double>(hz) / MHz);
}

void check_range(const Reader& r, const char* key, std::uint64_t v, std::uint64_t lo, std::uint64_t hi, const char* field) {
  if (v < lo || v > hi) r.fail(fmt::format("clock.{} = {} is out of range: {} is {}..{}", key, v, field, lo, hi));
}

void check_oneof(const Reader& r, const char* key, std::uint64_t v, const std::set<std::uint64_t>& allowed, const char* field) {
  if (!allowed.count(v)) r.fail(fmt::format("clock.{} = {} is not one of {}: {}", key, v, fmt::join(allowed, ", "), field));
}

void validate_pll(const Reader& r, const Profile::Clock& c) {
  if (c.source != "hse" && c.source != "hsi") r.fail(fmt::format("clock.source `{}` is not one of hse, hsi", c.source));
  if (c.hsi_hz == 0) r.fail("clock.hsi_hz (the clock at reset) must be non-zero");
  if (c.source == "hse") {
    if (c.hse_bypass)
      check_range(r, "hse_hz", c.hse_hz, 1 * MHz, 50 * MHz, "an external clock on OSC_IN (hse_bypass)");
    else
      check_range(r, "hse_hz", c.hse_hz, 4 * MHz, 26 * MHz, "the HSE crystal");
  }
  check_range(r, "pll_m", c.pll_m, 2, 63, "PLLM");
  check_range(r, "pll_n", c.pll_n, 50, 432, "PLLN");
  check_oneof(r, "pll_p", c.pll_p, {2, 4, 6, 8}, "PLLP");
  check_range(r, "pll_q", c.pll_q, 2, 15, "PLLQ");
  if (c.pll_r != 0) check_range(r, "pll_r", c.pll_r, 2, 7, "PLLR (F446, F76x)");
  const ClockTree t = clock_tree(c);
  const std::uint64_t in = c.pll_input_hz();
  if (in < 1 * MHz * c.pll_m || in > 2 * MHz * c.pll_m)
    r.fail(fmt::format("clock: the PLL's input {} / pll_m {} = {} must be 1..2 MHz (the VCO input; 2 MHz has the least "
                       "jitter)",
                       mhz(in), c.pll_m, mhz(t.vco_in)));
  if (in * c.pll_n < 100 * MHz * c.pll_m || in * c.pll_n > 432 * MHz * c.pll_m)
    r.fail(fmt::format("clock: the VCO runs at {} (the input {} * pll_n {}), outside 100..432 MHz", mhz(t.vco_out),
                       mhz(t.vco_in), c.pll_n));
  if (t.pll_q > 48 * MHz)
    r.fail(fmt::format("clock.pll_q = {} gives {} for USB, SDIO and RNG, above their 48 MHz; make it at least {}", c.pll_q,
                       mhz(t.pll_q), (t.vco_out + 48 * MHz - 1) / (48 * MHz)));
}

void validate_buses(const Reader& r, const Profile& p, const ClockTree& t) {
  const Profile::Clock& c = *p.clock;
  check_oneof(r, "ahb_div", c.ahb_div, {1, 2, 4, 8, 16, 64, 128, 256, 512}, "the AHB prescaler (HPRE)");
  check_oneof(r, "apb1_div", c.apb1_div, {1, 2, 4, 8, 16}, "the APB1 prescaler (PPRE1)");
  check_oneof(r, "apb2_div", c.apb2_div, {1, 2, 4, 8, 16}, "the APB2 prescaler (PPRE2)");
  const std::uint64_t in = c.pll_input_hz();
  if (in * c.pll_n != std::uint64_t{p.cpu.clock_hz} * c.pll_m * c.pll_p * c.ahb_div)
    r.fail(fmt::format("clock: the PLL gives the core {} ({} / pll_m {} * pll_n {} / pll_p {} / ahb_div {}), not "
                       "cpu.clock_hz {} Hz",
                       mhz(t.hclk), mhz(in), c.pll_m, c.pll_n, c.pll_p, c.ahb_div, p.cpu.clock_hz));
  if (p.uart.bus != "apb1" && p.uart.bus != "apb2")
    r.fail(fmt::format("uart.bus {} is not apb1 or apb2: with a [clock] table the UART's bus gives its clock",
                       p.uart.bus.empty() ? "is missing, or" : "`" + p.uart.bus + "`"));
  const std::uint64_t bus_hz = p.uart.bus == "apb1" ? t.apb1 : t.apb2;
  if (bus_hz != p.uart.clock_hz)
    r.fail(fmt::format("uart.clock_hz {} Hz is not the {} clock the [clock] table gives: {} Hz ({} / {}_div {})",
                       p.uart.clock_hz, p.uart.bus == "apb1" ? "APB1" : "APB2", bus_hz, mhz(t.hclk), p.uart.bus,
                       p.uart.bus == "apb1" ? c.apb1_div : c.apb2_div));
}

void validate_flash_power(const Reader& r, const Profile::Clock& c, const ClockTree& t) {
  check_range(r, "flash_latency", c.flash_latency, 0, 15, "FLASH_ACR.LATENCY");
  const std::uint64_t need = (t.hclk - 1) / (30 * MHz);
  if (c.flash_latency < need)
    r.fail(fmt::format("clock.flash_latency = {} is too few wait states for a {} HCLK: the flash needs {} (one per "
                       "30 MHz at 2.7-3.6 V)",
                       c.flash_latency, mhz(t.hclk), need));
  std::set<std::uint32_t> seen;
  for (std::uint32_t bit : c.flash_acr_bits) {
    if (bit < 8 || bit > 10)
      r.fail(fmt::format("clock.flash_acr_bits: bit {} is not 8 (PRFTEN), 9 (ICEN; ARTEN on the F7) or 10 (DCEN)", bit));
    if (!seen.insert(bit).second) r.fail(fmt::format("clock.flash_acr_bits: bit {} is listed twice", bit));
  }
  if (c.vos != -1) check_range(r, "vos", static_cast<std::uint64_t>(c.vos), 0, 3, "the PWR_CR.VOS field");
  if (t.hclk > 180 * MHz && !c.overdrive)
    r.fail(fmt::format("clock: a {} core needs clock.overdrive = true (above 180 MHz on every F4 and F7)", mhz(t.hclk)));
  if (c.overdrive && c.vos != -1 && c.vos != 3)
    r.fail(fmt::format("clock.overdrive needs voltage scale 1: clock.vos = 0b11, not {:#04b}", c.vos));
}

}  // namespace

ClockTree clock_tree(const Profile::Clock& c) {
  ClockTree t;
  if (c.pll_m == 0 || c.pll_p == 0 || c.pll_q == 0 || c.ahb_div == 0 || c.apb1_div == 0 || c.apb2_div == 0) return t;
  const std::uint64_t in = c.pll_input_hz();
  t.vco_in = in / c.pll_m;
  t.vco_out = in * c.pll_n / c.pll_m;
  t.sysclk = t.vco_out / c.pll_p;
  t.hclk = t.sysclk / c.ahb_div;
  t.apb1 = t.hclk / c.apb1_div;
  t.apb2 = t.hclk / c.apb2_div;
  t.pll_q = t.vco_out / c.pll_q;
  return t;
}

std::optional<Profile::Clock> read_clock(const Reader& r) {
  if (!r.node("clock")) return std::nullopt;
  Profile::Clock c;
  c.source = r.str("clock.source");
  c.hsi_hz = r.u32("clock.hsi_hz");
  c.hse_hz = r.u32("clock.hse_hz", c.source == "hse");
  c.hse_bypass = r.flag("clock.hse_bypass", false);
  c.pll_m = r.u32("clock.pll_m");
  c.pll_n = r.u32("clock.pll_n");
  c.pll_p = r.u32("clock.pll_p");
  c.pll_q = r.u32("clock.pll_q");
  c.pll_r = r.u32("clock.pll_r", false, 0);
  c.ahb_div = r.u32("clock.ahb_div", false, 1);
  c.apb1_div = r.u32("clock.apb1_div", false, 1);
  c.apb2_div = r.u32("clock.apb2_div", false, 1);
  c.flash_latency = r.u32("clock.flash_latency");
  for (std::uint64_t bit : r.numbers("clock.flash_acr_bits"))
    c.flash_acr_bits.push_back(static_cast<std::uint32_t>(std::min<std::uint64_t>(bit, 0xFFFFFFFFu)));
  if (r.node("clock.vos")) c.vos = static_cast<int>(std::min<std::uint64_t>(r.num("clock.vos"), 0xFF));
  c.overdrive = r.flag("clock.overdrive", false);
  return c;
}

void validate_clock(const Reader& r, const Profile& p) {
  if (!p.clock) {
    if (!p.uart.bus.empty() && p.uart.bus != "apb1" && p.uart.bus != "apb2")
      r.fail(fmt::format("uart.bus `{}` is not apb1 or apb2", p.uart.bus));
    return;
  }
  validate_pll(r, *p.clock);
  const ClockTree t = clock_tree(*p.clock);
  validate_buses(r, p, t);
  validate_flash_power(r, *p.clock, t);
}

}  // namespace aotbench::board
