#ifndef AOTBENCH_CLOCK_H
#define AOTBENCH_CLOCK_H
/* The core clock: set up at start from the profile's [clock] table (board_config.h), or left as
 * the board starts when the profile has none. */
#include <stdint.h>

void ab_clock_init(void);        /* before the UART: its baud divider follows the clock */
uint32_t ab_clock_hz(void);      /* the core clock it runs at */
uint32_t ab_clock_setup(void);   /* aotbench_ClockSetup: DONE, NONE, or the step that failed */
uint32_t ab_clock_uart_hz(void); /* the UART's clock (its APB bus) */

#endif
