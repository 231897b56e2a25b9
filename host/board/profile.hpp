#pragma once
// A board profile: everything aotbench knows about a board, read from scenarios/boards/<name>.toml.
#include <cstdint>
#include <filesystem>
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

  struct Memory {
    MemoryRegion flash, ram;
    std::uint32_t stack_min = 0x2000;
  } memory;

  struct Uart {
    UartKind kind = UartKind::stm32f4_usart;
    std::uint32_t base = 0, baud = 115200, clock_hz = 0;
    std::uint32_t irq = 0;  // the UART's receive interrupt (NVIC number)
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

  std::string flasher;  // qemu | openocd | pyocd

  struct Qemu {
    std::string machine;
    bool semihosting = false;
    int icount_shift = -1;  // -1: pick the smallest giving >= 2 SysTick ticks per instruction
  } qemu;

  struct OpenOcd {
    std::string config;  // e.g. board/stm32f746g-disco.cfg
  } openocd;

  struct PyOcd {
    std::string target;  // e.g. stm32f746nghx
  } pyocd;

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
