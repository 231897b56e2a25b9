/* STM32F7/L4/H7-style USART: CR1 0x00, BRR 0x0C, ISR 0x1C, ICR 0x20, RDR 0x24, TDR 0x28. */
#include "board_config.h"
#ifdef AB_UART_KIND_STM32F7_USART
#include "clock.h"
#include "regs.h"
#include "uart.h"

#define USART_CR1 AB_REG(AB_UART_BASE + 0x00u)
#define USART_BRR AB_REG(AB_UART_BASE + 0x0Cu)
#define USART_ISR AB_REG(AB_UART_BASE + 0x1Cu)
#define USART_ICR AB_REG(AB_UART_BASE + 0x20u)
#define USART_RDR AB_REG(AB_UART_BASE + 0x24u)
#define USART_TDR AB_REG(AB_UART_BASE + 0x28u)
#define CR1_UE (1u << 0)
#define CR1_RE (1u << 2)
#define CR1_TE (1u << 3)
#define CR1_RXNEIE (1u << 5)
#define ISR_ORE (1u << 3)
#define ISR_RXNE (1u << 5)
#define ISR_TC (1u << 6)
#define ISR_TXE (1u << 7)
#define ICR_ORECF (1u << 3)

void ab_uart_init(void) {
  USART_CR1 = 0;
  USART_BRR = (ab_clock_uart_hz() + AB_UART_BAUD / 2) / AB_UART_BAUD; /* 16x oversampling */
  USART_CR1 = CR1_UE | CR1_TE | CR1_RE | CR1_RXNEIE;
  ab_nvic_enable(AB_UART_IRQ);
}

void ab_uart_irq_handler(void) {
  uint32_t isr;
  while (ab_uart_rx_room() && ((isr = USART_ISR) & (ISR_RXNE | ISR_ORE))) {
    if (isr & ISR_ORE) USART_ICR = ICR_ORECF; /* an overrun stops reception until cleared */
    if (isr & ISR_RXNE) ab_uart_rx_push((uint8_t)USART_RDR);
  }
  if (!ab_uart_rx_room()) ab_uart_rx_pause();
}

void ab_uart_putc(uint8_t c) {
  while (!(USART_ISR & ISR_TXE)) {
  }
  USART_TDR = c;
}

void ab_uart_flush(void) {
  while (!(USART_ISR & ISR_TC)) {
  }
}
#endif
