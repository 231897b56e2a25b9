#ifndef AOTBENCH_UART_H
#define AOTBENCH_UART_H
/* Polled UART of the board's kind (board_config.h picks one driver; the others compile empty). */
#include <stdint.h>

void ab_uart_init(void);
uint8_t ab_uart_getc(void);
void ab_uart_putc(uint8_t c);

#endif
