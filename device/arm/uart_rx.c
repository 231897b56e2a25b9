/* Receive ring buffer filled by the UART interrupt, and the sleeping wait for it.
 * When the ring is full the driver leaves the byte in the UART and the interrupt is masked until
 * the firmware has made room: under QEMU (which interrupts the firmware for every byte, faster
 * than it parses them) the emulator then holds the rest back, so nothing is lost. At real line
 * rates the firmware parses a byte long before the next arrives and the ring never fills. */
#include "board_config.h"
#include "regs.h"
#include "uart.h"

enum { RING = 256 }; /* a power of two */

#define NVIC_ISER(irq) AB_REG(0xE000E100u + 4u * ((irq) / 32u))
#define NVIC_ICER(irq) AB_REG(0xE000E180u + 4u * ((irq) / 32u))
#define NVIC_ISPR(irq) AB_REG(0xE000E200u + 4u * ((irq) / 32u))
#define NVIC_BIT(irq) (1u << ((irq) % 32u))

static volatile uint8_t ring[RING];
static volatile uint32_t head, tail; /* head: written by the interrupt; tail: by ab_uart_getc */
static volatile int paused, held;

int ab_uart_rx_room(void) { return head - tail < RING; }

int ab_uart_rx_available(void) { return head != tail; }

void ab_uart_rx_push(uint8_t c) { ring[head++ % RING] = c; }

void ab_uart_rx_pause(void) {
  paused = 1;
  NVIC_ICER(AB_UART_IRQ) = NVIC_BIT(AB_UART_IRQ);
}

/* Unmask, and make the interrupt pending so the handler drains what waits in the UART. */
static void resume(void) {
  paused = 0;
  NVIC_ISPR(AB_UART_IRQ) = NVIC_BIT(AB_UART_IRQ);
  NVIC_ISER(AB_UART_IRQ) = NVIC_BIT(AB_UART_IRQ);
}

/* While held the interrupt stays masked: bytes wait in the UART (QEMU holds back the rest; a real
 * UART overruns, and the host's retry covers what is lost). Released, the ring takes them unless
 * it is full, which ab_uart_getc resolves as ever. */
void ab_uart_rx_hold(int hold) {
  held = hold;
  if (hold)
    NVIC_ICER(AB_UART_IRQ) = NVIC_BIT(AB_UART_IRQ);
  else if (!paused)
    resume();
}

/* Interrupts are masked around the empty check and WFI, so a byte arriving in between still
 * wakes the core (WFI wakes on a pending interrupt even when masked); unmasking runs the handler. */
uint8_t ab_uart_getc(void) {
  for (;;) {
    ab_irq_disable();
    if (head != tail) {
      uint8_t c = ring[tail++ % RING];
      if (paused && !held) resume();
      ab_irq_enable();
      return c;
    }
    __asm volatile("wfi" ::: "memory");
    ab_irq_enable();
  }
}

void ab_nvic_enable(uint32_t irq) { NVIC_ISER(irq) = NVIC_BIT(irq); }
