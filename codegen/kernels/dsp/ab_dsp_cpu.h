/* Which core the dsp kernels are compiled for, where an instruction order suits one core and not
 * another. The Cortex-M7 issues two instructions a cycle, a load only behind a multiply (or other
 * non-memory operation): runs of loads, which the Cortex-M4 pipelines, leave it unpaired. GCC
 * defines no macro naming the core; aotbench's firmware build defines the board profile's
 * (AB_CPU_CORTEX_M7, AB_CPU_CORTEX_M4, ...: host/board/flags.cpp). A build that names none (a
 * package compiled in another project) falls back to the FPU: double precision only on an M7,
 * though an M7 with a single-precision FPU then passes for an M4. */
#ifndef AB_DSP_CPU_H
#define AB_DSP_CPU_H

#if defined(AB_CPU_CORTEX_M7)
#define AB_DSP_DUAL_ISSUE 1
#elif defined(AB_CPU_CORTEX_M4)
#define AB_DSP_DUAL_ISSUE 0
#elif defined(__ARM_FP) && (__ARM_FP & 8)
#define AB_DSP_DUAL_ISSUE 1
#else
#define AB_DSP_DUAL_ISSUE 0
#endif

#endif /* AB_DSP_CPU_H */
