/* Board bring-up from the profile's data: peripheral clock enables, then the UART pins' GPIO
 * alternate function. The core clock is clock.c's. */
#include "board_init.h"

#include "board_config.h"
#include "regs.h"

typedef struct {
  uint32_t reg, bit;
} clock_enable;

typedef struct {
  uint32_t gpio, pin, af;
} uart_pin;

#if AB_CLOCK_ENABLE_COUNT
static const clock_enable clocks[AB_CLOCK_ENABLE_COUNT] = {AB_CLOCK_ENABLES};
#endif
#if AB_UART_PIN_COUNT
static const uart_pin pins[AB_UART_PIN_COUNT] = {AB_UART_PINS};
#endif

#if AB_UART_PIN_COUNT
/* STM32 GPIO: MODER 0x00 (2 bits/pin, 0b10 = alternate function), OSPEEDR 0x08, AFRL 0x20,
 * AFRH 0x24 (4 bits/pin). */
static void pin_to_af(const uart_pin* p) {
  uint32_t shift2 = p->pin * 2u, shift4 = (p->pin % 8u) * 4u;
  AB_REG(p->gpio + 0x20u + (p->pin / 8u) * 4u) =
      (AB_REG(p->gpio + 0x20u + (p->pin / 8u) * 4u) & ~(0xFu << shift4)) | (p->af << shift4);
  AB_REG(p->gpio + 0x08u) |= 2u << shift2; /* fast speed */
  AB_REG(p->gpio + 0x00u) = (AB_REG(p->gpio + 0x00u) & ~(3u << shift2)) | (2u << shift2);
}
#endif

void ab_board_init(void) {
#if AB_CLOCK_ENABLE_COUNT
  for (unsigned i = 0; i < AB_CLOCK_ENABLE_COUNT; i++) {
    AB_REG(clocks[i].reg) |= 1u << clocks[i].bit;
    (void)AB_REG(clocks[i].reg); /* read back: the clock is running before its peripheral is used */
  }
#endif
#if AB_UART_PIN_COUNT
  for (unsigned i = 0; i < AB_UART_PIN_COUNT; i++) pin_to_af(&pins[i]);
#endif
}
