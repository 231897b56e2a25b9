/* STM32F1/F2/F4 USART: SR 0x00, DR 0x04, BRR 0x08, CR1 0x0C. */
#include "board_config.h"
#ifdef AB_UART_KIND_STM32F4_USART
#include "clock.h"
#include "regs.h"
#include "uart.h"

#define USART_SR AB_REG(AB_UART_BASE + 0x00u)
#define USART_DR AB_REG(AB_UART_BASE + 0x04u)
#define USART_BRR AB_REG(AB_UART_BASE + 0x08u)
#define USART_CR1 AB_REG(AB_UART_BASE + 0x0Cu)
#define SR_ORE (1u << 3)
#define SR_RXNE (1u << 5)
#define SR_TC (1u << 6)
#define SR_TXE (1u << 7)
#define CR1_RE (1u << 2)
#define CR1_TE (1u << 3)
#define CR1_RXNEIE (1u << 5)
#define CR1_UE (1u << 13)

void ab_uart_init(void) {
  USART_CR1 = 0;
  /* 16x oversampling: BRR holds fck/baud as mantissa.fraction(4 bits), i.e. the rounded ratio. */
  USART_BRR = (ab_clock_uart_hz() + AB_UART_BAUD / 2) / AB_UART_BAUD;
  USART_CR1 = CR1_UE | CR1_TE | CR1_RE | CR1_RXNEIE;
  ab_nvic_enable(AB_UART_IRQ);
}

void ab_uart_irq_handler(void) {
  /* One byte per interrupt (the USART holds one). Reading SR then DR takes it and clears RXNE and
   * an overrun alike; SR is read once, as QEMU's model does extra work on every SR read. */
  if (!ab_uart_rx_room()) {
    ab_uart_rx_pause();
    return;
  }
  if (USART_SR & (SR_RXNE | SR_ORE)) ab_uart_rx_push((uint8_t)USART_DR);
  if (!ab_uart_rx_room()) ab_uart_rx_pause();
}

void ab_uart_putc(uint8_t c) {
  while (!(USART_SR & SR_TXE)) {
  }
  USART_DR = c;
}

void ab_uart_flush(void) {
  while (!(USART_SR & SR_TC)) {
  }
}
#endif
