/* Core clock set-up from the profile's [clock] table: the STM32F2/F4/F7 main PLL, regulator
 * voltage scale and over-drive, flash wait states and accelerators, bus prescalers. Registers and
 * sequences as the reference manuals describe them (RM0090 for the F405/F429, RM0390 for the
 * F446, RM0385 for the F746, RM0410 for the F767): the bits used here sit at the same places on all
 * of them. Every wait on a ready bit is bounded: where one never sets (QEMU models no RCC, PWR or
 * flash interface and reads them as 0; a board whose crystal does not start) the set-up is undone,
 * the core stays on its reset clock (the HSI) and says so, with the step that failed. Without a
 * [clock] table the board runs on the clock it starts with (emulated boards). */
#include "clock.h"

#include "aotbench.pb.h"
#include "board_config.h"
#include "regs.h"

#if AB_CLOCK_PLL

#define RCC_CR AB_REG(0x40023800u)
#define RCC_PLLCFGR AB_REG(0x40023804u)
#define RCC_CFGR AB_REG(0x40023808u)
#define RCC_APB1ENR AB_REG(0x40023840u)
#define PWR_CR AB_REG(0x40007000u)  /* PWR_CR1 on the F7 */
#define PWR_CSR AB_REG(0x40007004u) /* PWR_CSR1 on the F7 */
#define FLASH_ACR AB_REG(0x40023C00u)

#define CR_HSIRDY (1u << 1)
#define CR_HSEON (1u << 16)
#define CR_HSERDY (1u << 17)
#define CR_HSEBYP (1u << 18)
#define CR_PLLON (1u << 24)
#define CR_PLLRDY (1u << 25)
#define PLLCFGR_PLLSRC_HSE (1u << 22)
#define PLLCFGR_TOP (0xFu << 28) /* reserved, or PLLR (F446, F76x): kept unless the profile sets R */
#define CFGR_SW (3u << 0)
#define CFGR_SW_PLL (2u << 0)
#define CFGR_SWS (3u << 2)
#define CFGR_SWS_PLL (2u << 2)
#define CFGR_SWS_HSI (0u << 2)
#define CFGR_PRESCALERS ((0xFu << 4) | (7u << 10) | (7u << 13)) /* HPRE, PPRE1, PPRE2 */
#define APB1ENR_PWREN (1u << 28)
#define PWR_CR_VOS (3u << 14) /* bit 14 alone on the F405/F407 */
#define PWR_CR_ODEN (1u << 16)
#define PWR_CR_ODSWEN (1u << 17)
#define PWR_CSR_ODRDY (1u << 16)
#define PWR_CSR_ODSWRDY (1u << 17)
#define ACR_LATENCY 0xFu
/* The flash's caches (F4: ICEN 9, DCEN 10; F7: ARTEN 9) have their reset bit two places above
 * (ICRST 11, DCRST 12; ARTRST 11), which acts only while the cache is off. */
#define ACR_CACHES ((1u << 9) | (1u << 10))

/* Bound of every wait: at two cycles or more an iteration, over 100 ms on the reset clock, far
 * beyond an HSE start-up (a few ms), a PLL lock (~0.1 ms) or an over-drive switch. */
#define WAIT_LOOPS (AB_CLOCK_RESET_HZ / 20u)

static uint32_t setup = aotbench_ClockSetup_CLOCK_SETUP_NONE;

static int wait_for(volatile uint32_t* reg, uint32_t mask, uint32_t value) {
  for (uint32_t i = 0; i < WAIT_LOOPS; i++)
    if ((*reg & mask) == value) return 1;
  return 0;
}

static uint32_t log2u(uint32_t v) {
  uint32_t n = 0;
  for (; v > 1u; v >>= 1) n++;
  return n;
}

/* RCC_CFGR.HPRE: 0 = /1, 0b1000.. = /2, /4, /8, /16, then /64 .. /512 (there is no /32). */
static uint32_t hpre(uint32_t div) {
  uint32_t k = log2u(div);
  return k == 0 ? 0u : k <= 4u ? 7u + k : 6u + k;
}

/* RCC_CFGR.PPRE1/PPRE2: 0 = /1, 0b100.. = /2, /4, /8, /16. */
static uint32_t ppre(uint32_t div) {
  uint32_t k = log2u(div);
  return k == 0 ? 0u : 3u + k;
}

static uint32_t pllcfgr(void) {
  uint32_t top = RCC_PLLCFGR & PLLCFGR_TOP;
#if AB_CLOCK_PLLR
  top = (top & ~(7u << 28)) | (AB_CLOCK_PLLR << 28);
#endif
  return top | AB_CLOCK_PLLM | (AB_CLOCK_PLLN << 6) | ((AB_CLOCK_PLLP / 2u - 1u) << 16) |
         (AB_CLOCK_SOURCE_HSE ? PLLCFGR_PLLSRC_HSE : 0u) | (AB_CLOCK_PLLQ << 24);
}

/* The "increasing the CPU frequency" sequence of the manuals, with the over-drive steps where the
 * part needs them: source, PLL on, over-drive, wait states (read back), prescalers, PLL lock, switch.
 * Returns the ClockSetup outcome. */
static uint32_t pll_start(void) {
  RCC_APB1ENR |= APB1ENR_PWREN;
  (void)RCC_APB1ENR; /* the PWR interface is clocked before PWR_CR is written */
#if AB_CLOCK_SET_VOS
  PWR_CR = (PWR_CR & ~PWR_CR_VOS) | (AB_CLOCK_VOS << 14); /* only while the PLL is off */
#endif
#if AB_CLOCK_SOURCE_HSE
#if AB_CLOCK_HSE_BYPASS
  RCC_CR |= CR_HSEBYP; /* an external clock drives OSC_IN; writable only while the HSE is off */
#endif
  RCC_CR |= CR_HSEON;
  if (!wait_for(&RCC_CR, CR_HSERDY, CR_HSERDY)) return aotbench_ClockSetup_CLOCK_SETUP_OSCILLATOR;
#else
  if (!wait_for(&RCC_CR, CR_HSIRDY, CR_HSIRDY)) return aotbench_ClockSetup_CLOCK_SETUP_OSCILLATOR;
#endif
  RCC_PLLCFGR = pllcfgr(); /* writable only while the PLL is off */
  RCC_CR |= CR_PLLON;
#if AB_CLOCK_OVERDRIVE
  PWR_CR |= PWR_CR_ODEN;
  if (!wait_for(&PWR_CSR, PWR_CSR_ODRDY, PWR_CSR_ODRDY)) return aotbench_ClockSetup_CLOCK_SETUP_OVERDRIVE;
  PWR_CR |= PWR_CR_ODSWEN;
  if (!wait_for(&PWR_CSR, PWR_CSR_ODSWRDY, PWR_CSR_ODSWRDY)) return aotbench_ClockSetup_CLOCK_SETUP_OVERDRIVE;
#endif
  FLASH_ACR = (FLASH_ACR & ~ACR_LATENCY) | AB_CLOCK_FLASH_LATENCY;
  if ((FLASH_ACR & ACR_LATENCY) != AB_CLOCK_FLASH_LATENCY) return aotbench_ClockSetup_CLOCK_SETUP_FLASH_LATENCY;
  RCC_CFGR = (RCC_CFGR & ~CFGR_PRESCALERS) | (hpre(AB_CLOCK_AHB_DIV) << 4) | (ppre(AB_CLOCK_APB1_DIV) << 10) |
             (ppre(AB_CLOCK_APB2_DIV) << 13);
  if (!wait_for(&RCC_CR, CR_PLLRDY, CR_PLLRDY)) return aotbench_ClockSetup_CLOCK_SETUP_PLL_LOCK;
  RCC_CFGR = (RCC_CFGR & ~CFGR_SW) | CFGR_SW_PLL;
  if (!wait_for(&RCC_CFGR, CFGR_SWS, CFGR_SWS_PLL)) return aotbench_ClockSetup_CLOCK_SETUP_SWITCH;
  return aotbench_ClockSetup_CLOCK_SETUP_DONE;
}

/* Back to the reset clock: the HSI as SYSCLK, then (only once it is) no prescalers and the wait
 * states the flash had; PLL (until PLLRDY clears), over-drive and HSE off. */
static void to_reset_clock(uint32_t flash_acr) {
  RCC_CFGR &= ~CFGR_SW;
  if (wait_for(&RCC_CFGR, CFGR_SWS, CFGR_SWS_HSI)) {
    RCC_CFGR &= ~CFGR_PRESCALERS;
    FLASH_ACR = flash_acr;
  }
  RCC_CR &= ~CR_PLLON;
  (void)wait_for(&RCC_CR, CR_PLLRDY, 0); /* PLLCFGR may be written again once the PLL has stopped */
#if AB_CLOCK_OVERDRIVE
  PWR_CR &= ~PWR_CR_ODSWEN;
  (void)wait_for(&PWR_CSR, PWR_CSR_ODSWRDY, 0);
  PWR_CR &= ~PWR_CR_ODEN;
#endif
#if AB_CLOCK_SOURCE_HSE
  RCC_CR &= ~CR_HSEON;
  RCC_CR &= ~CR_HSEBYP;
#endif
}

/* Prefetch and the flash's caches as the profile lists them, each cache reset before it is enabled. */
static void flash_accelerators(void) {
  uint32_t caches = AB_CLOCK_FLASH_ACR_BITS & ACR_CACHES;
  FLASH_ACR &= ~caches;
  FLASH_ACR |= caches << 2;
  FLASH_ACR &= ~(caches << 2);
  FLASH_ACR |= AB_CLOCK_FLASH_ACR_BITS;
}

void ab_clock_init(void) {
  uint32_t flash_acr = FLASH_ACR;
  if (RCC_CR & CR_PLLON) to_reset_clock(flash_acr); /* a boot loader ran it: start from reset */
  setup = pll_start();
  if (setup == aotbench_ClockSetup_CLOCK_SETUP_DONE)
    flash_accelerators();
  else
    to_reset_clock(flash_acr);
}

uint32_t ab_clock_hz(void) { return setup == aotbench_ClockSetup_CLOCK_SETUP_DONE ? AB_CLOCK_HZ : AB_CLOCK_RESET_HZ; }

uint32_t ab_clock_uart_hz(void) {
  /* On the reset clock every prescaler is /1: the UART's bus runs at the HSI. */
  return setup == aotbench_ClockSetup_CLOCK_SETUP_DONE ? AB_UART_CLOCK_HZ : AB_CLOCK_RESET_HZ;
}

uint32_t ab_clock_setup(void) { return setup; }

#else

void ab_clock_init(void) {}
uint32_t ab_clock_hz(void) { return AB_CLOCK_HZ; }
uint32_t ab_clock_uart_hz(void) { return AB_UART_CLOCK_HZ; }
uint32_t ab_clock_setup(void) { return aotbench_ClockSetup_CLOCK_SETUP_NONE; }

#endif
