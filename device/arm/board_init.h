#ifndef AOTBENCH_BOARD_INIT_H
#define AOTBENCH_BOARD_INIT_H
/* Clocks and pins the UART needs, from the board profile (board_config.h). */
void ab_board_init(void);
/* Enables the Cortex-M7 instruction and data caches when the profile asks for them. */
void ab_cache_init(void);
#endif
