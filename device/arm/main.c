/* Firmware entry (called by the generated startup code) and the platform port of the runtime. */
#include <stdint.h>

#include "ab_port.h"
#include "board_config.h"
#include "board_init.h"
#include "clock.h"
#include "regs.h"
#include "semihost.h"
#include "server.h"
#include "uart.h"

extern const uint8_t ab_build_id_note[]; /* linker script: the .note.gnu.build-id section */
static char build_id[41];

/* The GNU build-id note: namesz, descsz, type (4 bytes each), "GNU\0", then descsz bytes. */
static void read_build_id(void) {
  static const char hex[] = "0123456789abcdef";
  uint32_t descsz = ab_build_id_note[4] | (uint32_t)ab_build_id_note[5] << 8;
  const uint8_t* desc = ab_build_id_note + 16;
  unsigned n = 0;
  for (uint32_t i = 0; i < descsz && n + 2 < sizeof build_id; i++) {
    build_id[n++] = hex[desc[i] >> 4];
    build_id[n++] = hex[desc[i] & 0xF];
  }
  build_id[n] = 0;
}

const ab_platform_info* ab_port_info(void) {
  static ab_platform_info info = {AB_BOARD_NAME, AB_CPU_NAME, 0, build_id, 0};
  info.clock_hz = ab_clock_hz();
  info.clock_setup = ab_clock_setup();
  return &info;
}

/* While it waits for the host the core sleeps with the SysTick stopped: under QEMU -icount with
 * sleep=off an idle core's virtual time jumps to the next timer, so a running SysTick would keep
 * the emulator busy. Measurements restart the counter anyway. */
uint8_t ab_port_getc(void) {
  if (ab_uart_rx_available()) return ab_uart_getc();
  ab_counter_idle(1);
  uint8_t c = ab_uart_getc();
  ab_counter_idle(0);
  return c;
}

void ab_port_write(const uint8_t* data, size_t len) {
  for (size_t i = 0; i < len; i++) ab_uart_putc(data[i]);
}

void ab_port_rx_hold(int hold) { ab_uart_rx_hold(hold); }

void ab_port_reset(int exit_emulator) {
#if AB_SEMIHOSTING
  if (exit_emulator) ab_semihost_exit(0);
#else
  (void)exit_emulator;
#endif
  ab_uart_flush(); /* the answer leaves before the reset cuts it off, at any clock */
  SCB_AIRCR = SCB_AIRCR_SYSRESETREQ;
  for (;;) {
  }
}

/* The clock comes first (the UART's baud divider follows it); the banner is the first thing the
 * host hears, once the counter it names is running, and before any request is read. */
void ab_main(void) {
  ab_cache_init();
  ab_clock_init();
  ab_board_init();
  ab_uart_init();
  read_build_id();
  ab_counter_init();
  ab_server_init();
  ab_server_banner();
  for (;;) ab_server_feed(ab_port_getc());
}
