/* Arm CMSDK APB UART (MPS2/MPS3): DATA 0x00, STATE 0x04, CTRL 0x08, INTSTATUS/INTCLEAR 0x0C,
 * BAUDDIV 0x10. The receive interrupt stays asserted until INTCLEAR is written. */
#include "board_config.h"
#ifdef AB_UART_KIND_CMSDK
#include "clock.h"
#include "regs.h"
#include "uart.h"

#define UART_DATA AB_REG(AB_UART_BASE + 0x00u)
#define UART_STATE AB_REG(AB_UART_BASE + 0x04u)
#define UART_CTRL AB_REG(AB_UART_BASE + 0x08u)
#define UART_INTCLEAR AB_REG(AB_UART_BASE + 0x0Cu)
#define UART_BAUDDIV AB_REG(AB_UART_BASE + 0x10u)
#define STATE_TX_FULL (1u << 0)
#define STATE_RX_FULL (1u << 1)
#define STATE_RX_OVERRUN (1u << 3)
#define CTRL_TX_EN (1u << 0)
#define CTRL_RX_EN (1u << 1)
#define CTRL_RX_INTEN (1u << 3)
#define INT_RX (1u << 1)

void ab_uart_init(void) {
  uint32_t div = ab_clock_uart_hz() / AB_UART_BAUD;
  UART_BAUDDIV = div < 16 ? 16 : div; /* the UART's minimum */
  UART_CTRL = CTRL_TX_EN | CTRL_RX_EN | CTRL_RX_INTEN;
  ab_nvic_enable(AB_UART_IRQ);
}

void ab_uart_irq_handler(void) {
  UART_INTCLEAR = INT_RX; /* first: a byte arriving while we drain raises it again */
  while (ab_uart_rx_room() && (UART_STATE & STATE_RX_FULL)) ab_uart_rx_push((uint8_t)UART_DATA);
  UART_STATE = STATE_RX_OVERRUN; /* write 1 to clear */
  if (!ab_uart_rx_room()) ab_uart_rx_pause();
}

void ab_uart_putc(uint8_t c) {
  while (UART_STATE & STATE_TX_FULL) {
  }
  UART_DATA = c;
}

/* The CMSDK UART says when its one-byte buffer is free, not when the shifter is done: a byte's
 * time more covers that (10 bits of clock/baud cycles each; an iteration takes a cycle at least). */
void ab_uart_flush(void) {
  while (UART_STATE & STATE_TX_FULL) {
  }
  for (volatile uint32_t i = 0; i < 10u * (ab_clock_uart_hz() / AB_UART_BAUD); i++) {
  }
}
#endif
