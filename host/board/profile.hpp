#pragma once
// A board profile: everything aotbench knows about a board, read from scenarios/boards/<name>.toml.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aotbench::board {

// A bad or missing profile: the message names the file and what is wrong with it.
struct BoardError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct MemoryRegion {
  std::uint64_t origin = 0, size = 0;
};

struct ClockEnable {  // set bit `bit` of register `reg`
  std::uint32_t reg = 0, bit = 0;
};

struct UartPin {  // GPIO port base, pin number, alternate function
  std::uint32_t gpio = 0, pin = 0, af = 0;
};

enum class UartKind { stm32f4_usart, stm32f7_usart, cmsdk };

struct Profile {
  std::string name, description;
  bool emulated = false;  // target = "emulated" | "hardware"
  std::filesystem::path file;

  struct Cpu {
    std::string core;       // -mcpu value: cortex-m4, cortex-m7, ...
    std::string fpu;        // -mfpu value, "" when the core has none
    std::string float_abi;  // hard | softfp | soft
    std::uint32_t clock_hz = 0;
    std::uint32_t irqs = 0;
    bool caches = false;    // enable the Cortex-M7 L1 caches at boot
    // ISA extensions code generation may use ("dsp", "mve"; see board/cores.hpp): what this
    // chip has, a subset of what its core may have.
    std::vector<std::string> features;
    bool has_feature(std::string_view feature) const;
  } cpu;

  // [clock]: the STM32F2/F4/F7 main PLL the firmware sets up at start (device/arm/clock.c), from
  // the reference manual's fields; cpu.clock_hz is what it gives (validated). Without the table
  // the core runs on the clock it starts with (emulated boards).
  struct Clock {
    std::string source;          // hse | hsi: the PLL's input
    std::uint32_t hsi_hz = 0;    // the HSI: the clock at reset, and after a set-up that failed
    std::uint32_t hse_hz = 0;    // the HSE: a crystal, or a clock driving OSC_IN (hse_bypass)
    bool hse_bypass = false;
    std::uint32_t pll_m = 0, pll_n = 0, pll_p = 0, pll_q = 0;
    std::uint32_t pll_r = 0;     // F446/F76x only; 0 keeps the reset value
    std::uint32_t ahb_div = 1, apb1_div = 1, apb2_div = 1;
    std::uint32_t flash_latency = 0;            // wait states
    std::vector<std::uint32_t> flash_acr_bits;  // FLASH_ACR bits set after the switch: 8 prefetch, 9/10 caches
    int vos = -1;                // PWR_CR.VOS (bits 15:14) before the PLL starts; -1 leaves the reset value
    bool overdrive = false;      // the regulator's over-drive (F42x, F446, F7 above 168/180 MHz)
    std::uint32_t pll_input_hz() const { return source == "hse" ? hse_hz : hsi_hz; }
  };
  std::optional<Clock> clock;

  // [timing]: what the timing model under QEMU needs (device/qemu_timing): the core whose
  // published timings it applies and the memory system the chip puts in front of its flash. A
  // board with this table measures estimated cycles under emulation (`--counter cycles`).
  struct Timing {
    struct Cache {
      std::uint32_t lines = 0, line_bytes = 0, ways = 0;  // lines 0: none
    };
    std::string model;                 // what the estimate stands for, said beside every figure
    std::string core;                  // cortex-m3 | cortex-m4 | cortex-m7
    std::vector<MemoryRegion> flash;   // behind wait states (an alias too); the rest answers at once
    std::uint32_t flash_wait_states = 0;
    std::uint32_t flash_read_bytes = 16;  // bytes one flash read gives
    bool prefetch = false;
    Cache icache, dcache;
  };
  std::optional<Timing> timing;

  struct Memory {
    MemoryRegion flash, ram;
    std::uint32_t stack_min = 0x2000;
  } memory;

  struct Uart {
    UartKind kind = UartKind::stm32f4_usart;
    std::uint32_t base = 0, baud = 115200, clock_hz = 0;
    std::uint32_t irq = 0;  // the UART's receive interrupt (NVIC number)
    std::string bus;        // apb1 | apb2: the bus whose clock it runs on (needed with [clock])
    std::vector<ClockEnable> clock_enable;
    std::vector<UartPin> pins;
  } uart;

  struct Counter {
    bool dwt_unlock = false;
    std::uint32_t systick_hz = 0;
  } counter;

  struct Probe {  // what loads the firmware: the debug probe on the board, or QEMU's gdbstub
    std::string name;                  // e.g. ST-LINK/V2-1
    std::vector<std::string> usb_ids;  // "vvvv:pppp" it enumerates as (hardware boards)
  } probe;

  std::string flasher;  // flasher.tool: the name of a flash tool of host/flash/tools/

  struct Qemu {
    std::string machine;
    bool semihosting = false;
    int icount_shift = -1;  // -1: pick the smallest giving >= 2 SysTick ticks per instruction
  } qemu;

  // The flash tools' own tables, as "table.key" -> string ("openocd.config" ->
  // "board/stm32f746g-disco.cfg", "pyocd.target" -> "stm32f746nghx"): each tool reads and checks
  // its keys itself (host/flash/tools/), so a new tool needs nothing here.
  std::map<std::string, std::string> tool_settings;
  std::string tool_setting(const std::string& key) const;  // "" when the profile has none

  struct Serial {
    std::string device;
    std::uint32_t baud = 115200;
  } serial;
};

// Reads and validates one profile; throws BoardError naming the file and the problem.
Profile load_profile(const std::filesystem::path& file);

std::string to_string(UartKind kind);

// The -icount shift for an emulated board: the profile's, else the smallest S for which the
// SysTick advances at least twice per instruction (systick_hz * 2^S ns >= 2e9), so rounding
// ticks back to instructions is exact.
int icount_shift(const Profile& p);

}  // namespace aotbench::board
