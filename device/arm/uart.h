#ifndef AOTBENCH_UART_H
#define AOTBENCH_UART_H
/* UART of the board's kind (board_config.h picks one driver; the others compile empty).
 * Reception is interrupt-driven into a ring buffer and the core sleeps (WFI) while it waits:
 * no byte is lost while the firmware is busy, and under QEMU a sleeping core lets the emulator's
 * I/O thread deliver the next byte at once (a core spinning on the status register starves it). */
#include <stdint.h>

void ab_uart_init(void);          /* the driver: baud, enable, receive interrupt, NVIC */
void ab_uart_putc(uint8_t c);     /* the driver: polled transmit */
void ab_uart_flush(void);         /* the driver: returns once the last byte has left the pin */
void ab_uart_irq_handler(void);   /* the driver: drains received bytes into ab_uart_rx_push */

/* uart_rx.c, for the drivers' interrupt handlers: take bytes while there is room, else leave
 * the byte in the UART and pause (the interrupt stays masked until the ring has room again). */
int ab_uart_rx_room(void);
void ab_uart_rx_push(uint8_t c);
void ab_uart_rx_pause(void);
uint8_t ab_uart_getc(void);       /* uart_rx.c: next received byte, sleeping until there is one */
int ab_uart_rx_available(void);   /* uart_rx.c: a byte is waiting */
void ab_uart_rx_hold(int hold);   /* uart_rx.c: 1 masks the receive interrupt until 0 */
void ab_nvic_enable(uint32_t irq);

#endif
