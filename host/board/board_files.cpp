// Generation of startup.c, link.ld, board_config.h and board.cmake from a board profile.
#include "host/board/board_files.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <fstream>
#include <sstream>

#include "host/board/flags.hpp"

namespace aotbench::board {
namespace {

namespace fs = std::filesystem;

std::string banner(const Profile& p, const char* open, const char* close) {
  return fmt::format("{} Generated from scenarios/boards/{} by aotbench-boardgen: do not edit. {}\n",
                     open, p.file.filename().string(), close);
}

std::string startup(const Profile& p) {
  std::ostringstream s;
  s << banner(p, "/*", "*/");
  s << R"(#include <stdint.h>

typedef union {
  uint32_t* stack_top;
  void (*handler)(void);
} ab_vector;

extern uint32_t ab_stack_top[], ab_data_load[], ab_data_start[], ab_data_end[], ab_bss_start[],
    ab_bss_end[];
void ab_main(void);
void ab_reset_handler(void);
void ab_fault_handler(void);
void ab_systick_handler(void);
void ab_uart_irq_handler(void);

)";
  s << fmt::format("__attribute__((section(\".isr_vector\"), used)) const ab_vector ab_vectors[{}] = {{\n",
                   16 + p.cpu.irqs);
  s << "    {.stack_top = ab_stack_top},\n    {.handler = ab_reset_handler},\n";
  const char* system[14] = {"ab_fault_handler", "ab_fault_handler", "ab_fault_handler",
                            "ab_fault_handler", "ab_fault_handler", "0", "0", "0", "0",
                            "ab_fault_handler", "ab_fault_handler", "0", "ab_fault_handler",
                            "ab_systick_handler"};
  for (const char* h : system) s << "    {.handler = " << h << "},\n";
  for (std::uint32_t i = 0; i < p.cpu.irqs; ++i)
    s << "    {.handler = " << (i == p.uart.irq ? "ab_uart_irq_handler" : "ab_fault_handler") << "}, /* IRQ " << i
      << " */\n";
  s << "};\n\nvoid ab_reset_handler(void) {\n";
  s << "  for (uint32_t *src = ab_data_load, *dst = ab_data_start; dst < ab_data_end;) *dst++ = *src++;\n";
  s << "  for (uint32_t* dst = ab_bss_start; dst < ab_bss_end;) *dst++ = 0;\n";
  if (!p.cpu.fpu.empty())
    s << "  *(volatile uint32_t*)0xE000ED88u |= 0xFu << 20; /* CPACR: CP10, CP11 full access */\n"
         "  __asm volatile(\"dsb\\n\\tisb\" ::: \"memory\");\n";
  s << "  *(volatile uint32_t*)0xE000ED08u = (uint32_t)(uintptr_t)ab_vectors; /* VTOR */\n";
  s << "  ab_main();\n  for (;;) {\n  }\n}\n";
  return s.str();
}

std::string linker_script(const Profile& p) {
  std::string s = banner(p, "/*", "*/");
  s += fmt::format(R"(MEMORY
{{
  FLASH (rx)  : ORIGIN = {:#010x}, LENGTH = {:#x}
  RAM   (rwx) : ORIGIN = {:#010x}, LENGTH = {:#x}
}}

ENTRY(ab_reset_handler)
ab_stack_top = ORIGIN(RAM) + LENGTH(RAM);

SECTIONS
{{
  .isr_vector : {{ KEEP(*(.isr_vector)) }} > FLASH
  .text : {{
    *(.text .text.*)
    *(.rodata .rodata.*)
    KEEP(*(.init)) KEEP(*(.fini))
    . = ALIGN(4);
    KEEP(*(.preinit_array*)) KEEP(*(.init_array*)) KEEP(*(.fini_array*))
    . = ALIGN(4);
  }} > FLASH
  .ARM.extab : {{ *(.ARM.extab* .gnu.linkonce.armextab.*) }} > FLASH
  .ARM.exidx : {{ *(.ARM.exidx* .gnu.linkonce.armexidx.*) }} > FLASH
  .note.gnu.build-id : {{ ab_build_id_note = .; KEEP(*(.note.gnu.build-id)) }} > FLASH
  .data : {{
    . = ALIGN(4);
    ab_data_start = .;
    *(.data .data.*)
    . = ALIGN(4);
    ab_data_end = .;
  }} > RAM AT > FLASH
  ab_data_load = LOADADDR(.data);
  .bss (NOLOAD) : {{
    . = ALIGN(4);
    ab_bss_start = .;
    *(.bss .bss.* COMMON)
    . = ALIGN(4);
    ab_bss_end = .;
  }} > RAM
  /* The stack grows down from the top of RAM to the end of .bss; stack painting uses it all. */
  ab_stack_limit = ALIGN(ab_bss_end, 8);
  PROVIDE(end = ab_stack_limit);
  ASSERT(ab_stack_top - ab_stack_limit >= {:#x},
         "{}: static RAM leaves less stack than memory.stack_min")
}}
)",
                   p.memory.flash.origin, p.memory.flash.size, p.memory.ram.origin, p.memory.ram.size,
                   p.memory.stack_min, p.name);
  return s;
}

std::string uart_kind_macro(UartKind k) {
  switch (k) {
    case UartKind::stm32f4_usart: return "AB_UART_KIND_STM32F4_USART";
    case UartKind::stm32f7_usart: return "AB_UART_KIND_STM32F7_USART";
    case UartKind::cmsdk: return "AB_UART_KIND_CMSDK";
  }
  return "";
}

// The [clock] table for device/arm/clock.c; AB_CLOCK_PLL 0 leaves the clock the board starts with.
std::string clock_config(const Profile& p) {
  if (!p.clock) return "#define AB_CLOCK_PLL 0\n";
  const Profile::Clock& c = *p.clock;
  std::uint32_t acr = 0;
  for (std::uint32_t bit : c.flash_acr_bits) acr |= 1u << bit;
  std::string s = "#define AB_CLOCK_PLL 1\n";
  s += fmt::format("#define AB_CLOCK_RESET_HZ {}u\n", c.hsi_hz);
  s += fmt::format("#define AB_CLOCK_SOURCE_HSE {}\n", c.source == "hse" ? 1 : 0);
  s += fmt::format("#define AB_CLOCK_HSE_BYPASS {}\n", c.source == "hse" && c.hse_bypass ? 1 : 0);
  s += fmt::format("#define AB_CLOCK_PLLM {}u\n#define AB_CLOCK_PLLN {}u\n#define AB_CLOCK_PLLP {}u\n", c.pll_m, c.pll_n,
                   c.pll_p);
  s += fmt::format("#define AB_CLOCK_PLLQ {}u\n#define AB_CLOCK_PLLR {}u\n", c.pll_q, c.pll_r);
  s += fmt::format("#define AB_CLOCK_AHB_DIV {}u\n#define AB_CLOCK_APB1_DIV {}u\n#define AB_CLOCK_APB2_DIV {}u\n",
                   c.ahb_div, c.apb1_div, c.apb2_div);
  s += fmt::format("#define AB_CLOCK_FLASH_LATENCY {}u\n", c.flash_latency);
  s += fmt::format("#define AB_CLOCK_FLASH_ACR_BITS {:#x}u\n", acr);
  s += fmt::format("#define AB_CLOCK_SET_VOS {}\n#define AB_CLOCK_VOS {}u\n", c.vos >= 0 ? 1 : 0, c.vos >= 0 ? c.vos : 0);
  s += fmt::format("#define AB_CLOCK_OVERDRIVE {}\n", c.overdrive ? 1 : 0);
  return s;
}

std::string board_config(const Profile& p) {
  std::vector<std::string> clocks, pins;
  for (auto& c : p.uart.clock_enable) clocks.push_back(fmt::format("{{{:#010x}u, {}u}}", c.reg, c.bit));
  for (auto& g : p.uart.pins) pins.push_back(fmt::format("{{{:#010x}u, {}u, {}u}}", g.gpio, g.pin, g.af));
  std::string s = banner(p, "/*", "*/");
  s += "#ifndef AOTBENCH_BOARD_CONFIG_H\n#define AOTBENCH_BOARD_CONFIG_H\n";
  s += fmt::format("#define AB_BOARD_NAME \"{}\"\n", p.name);
  s += fmt::format("#define AB_CPU_NAME \"{}\"\n", p.cpu.core);
  s += fmt::format("#define AB_CLOCK_HZ {}u\n", p.cpu.clock_hz);
  s += fmt::format("#define AB_SYSTICK_HZ {}u\n", p.counter.systick_hz);
  s += fmt::format("#define {} 1\n", uart_kind_macro(p.uart.kind));
  s += fmt::format("#define AB_UART_BASE {:#010x}u\n", p.uart.base);
  s += fmt::format("#define AB_UART_BAUD {}u\n", p.uart.baud);
  s += fmt::format("#define AB_UART_CLOCK_HZ {}u\n", p.uart.clock_hz);
  s += fmt::format("#define AB_UART_IRQ {}u\n", p.uart.irq);
  s += fmt::format("#define AB_CLOCK_ENABLE_COUNT {}\n", clocks.size());
  s += fmt::format("#define AB_CLOCK_ENABLES {}\n", fmt::join(clocks, ", "));
  s += fmt::format("#define AB_UART_PIN_COUNT {}\n", pins.size());
  s += fmt::format("#define AB_UART_PINS {}\n", fmt::join(pins, ", "));
  s += fmt::format("#define AB_DWT_UNLOCK {}\n", p.counter.dwt_unlock ? 1 : 0);
  s += fmt::format("#define AB_SEMIHOSTING {}\n", p.qemu.semihosting ? 1 : 0);
  s += fmt::format("#define AB_CACHES {}\n", p.cpu.caches ? 1 : 0);
  s += clock_config(p);
  s += "#endif\n";
  return s;
}

std::string cmake_list(const std::vector<std::string>& v) {
  std::vector<std::string> quoted;
  for (auto& s : v) quoted.push_back("\"" + s + "\"");
  return fmt::format("{}", fmt::join(quoted, " "));
}

std::string board_cmake(const Profile& p, const fs::path& dir) {
  FirmwareFlags f = firmware_flags(p, dir / kLinkerScriptFile);
  std::string s = banner(p, "#", "");
  s += fmt::format("set(AB_BOARD_COMPILE_FLAGS {})\n", cmake_list(f.compile));
  s += fmt::format("set(AB_BOARD_LINK_FLAGS {})\n", cmake_list(f.link));
  s += fmt::format("set(AB_BOARD_EMULATED {})\n", p.emulated ? "ON" : "OFF");
  return s;
}

bool write_if_changed(const fs::path& file, const std::string& content) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream old;
  old << in.rdbuf();
  if (in && old.str() == content) return false;
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out) throw BoardError(fmt::format("cannot write {}", file.string()));
  return true;
}

}  // namespace

BoardFiles generate_board_files(const Profile& p, const fs::path& dir) {
  return {startup(p), linker_script(p), board_config(p), board_cmake(p, dir)};
}

bool write_board_files(const Profile& p, const fs::path& dir) {
  fs::create_directories(dir);
  BoardFiles f = generate_board_files(p, dir);
  bool changed = write_if_changed(dir / kStartupFile, f.startup_c);
  changed |= write_if_changed(dir / kLinkerScriptFile, f.linker_script);
  changed |= write_if_changed(dir / kBoardConfigFile, f.board_config_h);
  changed |= write_if_changed(dir / kBoardCmakeFile, f.board_cmake);
  return changed;
}

}  // namespace aotbench::board
