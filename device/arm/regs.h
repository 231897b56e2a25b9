#ifndef AOTBENCH_REGS_H
#define AOTBENCH_REGS_H
/* The few Cortex-M system registers the firmware touches (ARMv7-M architecture manual). */
#include <stdint.h>

#define AB_REG(addr) (*(volatile uint32_t*)(uintptr_t)(addr))

#define SCB_ICSR AB_REG(0xE000ED04u)
#define SCB_ICSR_PENDSTSET (1u << 26)
#define SCB_VTOR AB_REG(0xE000ED08u)
#define SCB_AIRCR AB_REG(0xE000ED0Cu)
#define SCB_AIRCR_SYSRESETREQ 0x05FA0004u
#define SCB_CCR AB_REG(0xE000ED14u)
#define SCB_CCR_DC (1u << 16)
#define SCB_CCR_IC (1u << 17)
#define SCB_CCSIDR AB_REG(0xE000ED80u)
#define SCB_CSSELR AB_REG(0xE000ED84u)
#define SCB_CPACR AB_REG(0xE000ED88u)
#define SCB_ICIALLU AB_REG(0xE000EF50u)
#define SCB_DCISW AB_REG(0xE000EF60u)

#define SYST_CSR AB_REG(0xE000E010u)
#define SYST_RVR AB_REG(0xE000E014u)
#define SYST_CVR AB_REG(0xE000E018u)
#define SYST_CSR_ENABLE (1u << 0)
#define SYST_CSR_TICKINT (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2) /* the processor clock */

#define DEMCR AB_REG(0xE000EDFCu)
#define DEMCR_TRCENA (1u << 24)
#define DWT_CTRL AB_REG(0xE0001000u)
#define DWT_CTRL_CYCCNTENA (1u << 0)
#define DWT_CYCCNT AB_REG(0xE0001004u)
#define DWT_LAR AB_REG(0xE0001FB0u)
#define DWT_LAR_KEY 0xC5ACCE55u

static inline void ab_dsb_isb(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }
static inline void ab_irq_disable(void) { __asm volatile("cpsid i" ::: "memory"); }
static inline void ab_irq_enable(void) { __asm volatile("cpsie i" ::: "memory"); }

#endif
