/* Arm CMSDK APB UART (MPS2/MPS3): DATA 0x00, STATE 0x04, CTRL 0x08, BAUDDIV 0x10. */
#include "board_config.h"
#ifdef AB_UART_KIND_CMSDK
#include "regs.h"
#include "uart.h"

#define UART_DATA AB_REG(AB_UART_BASE + 0x00u)
#define UART_STATE AB_REG(AB_UART_BASE + 0x04u)
#define UART_CTRL AB_REG(AB_UART_BASE + 0x08u)
#define UART_BAUDDIV AB_REG(AB_UART_BASE + 0x10u)
#define STATE_TX_FULL (1u << 0)
#define STATE_RX_FULL (1u << 1)
#define CTRL_TX_EN (1u << 0)
#define CTRL_RX_EN (1u << 1)

void ab_uart_init(void) {
  uint32_t div = AB_UART_CLOCK_HZ / AB_UART_BAUD;
  UART_BAUDDIV = div < 16 ? 16 : div; /* the UART's minimum */
  UART_CTRL = CTRL_TX_EN | CTRL_RX_EN;
}

uint8_t ab_uart_getc(void) {
  while (!(UART_STATE & STATE_RX_FULL)) {
  }
  return (uint8_t)UART_DATA;
}

void ab_uart_putc(uint8_t c) {
  while (UART_STATE & STATE_TX_FULL) {
  }
  UART_DATA = c;
}
#endif
