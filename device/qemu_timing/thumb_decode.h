#ifndef AB_TIMING_THUMB_DECODE_H
#define AB_TIMING_THUMB_DECODE_H
/* Classifies one Thumb-2 instruction (ARMv7-M / ARMv7E-M) into what a Cortex-M pipeline cares
 * about: its timing class and the registers that decide pipelining (destinations, the address's
 * registers). Written from the ARMv7-M Architecture Reference Manual's encoding tables; only the
 * fields timing needs are decoded. */
#include <stdint.h>

typedef enum {
  AB_I_ALU,         /* data processing, shifts, extends, bit fields, saturation, DSP SIMD: 1 */
  AB_I_MUL,         /* MUL: 32-bit result */
  AB_I_MAC,         /* MLA, MLS */
  AB_I_DSP_MUL,     /* SMULxy, SMLAxy, SMLAD, SMUAD, SMMUL, SMMLA ... (ARMv7E-M) */
  AB_I_LONG_MUL,    /* SMULL, UMULL */
  AB_I_LONG_MAC,    /* SMLAL, UMLAL, SMLALxy, SMLALD, UMAAL ... */
  AB_I_DIV,         /* SDIV, UDIV */
  AB_I_LOAD,        /* LDR, LDRB, LDRH, LDRSB, LDRSH, LDREX*, literal loads */
  AB_I_STORE,       /* STR, STRB, STRH, STREX* */
  AB_I_LOAD_DUAL,   /* LDRD */
  AB_I_STORE_DUAL,  /* STRD */
  AB_I_LOAD_MULTI,  /* LDM, POP */
  AB_I_STORE_MULTI, /* STM, PUSH */
  AB_I_BRANCH,      /* B, BL, BX, BLX, CBZ/CBNZ: 1, plus a refill when taken */
  AB_I_TABLE_BRANCH,/* TBB, TBH */
  AB_I_IT,          /* IT: may fold onto the previous 16-bit instruction */
  AB_I_BARRIER,     /* DSB, DMB, ISB */
  AB_I_FP,          /* single-cycle FPU data operations and moves */
  AB_I_FP_MAC,      /* VMLA, VMLS, VNMLA, VNMLS, VFMA ... */
  AB_I_FP_DIV,      /* VDIV, VSQRT */
  AB_I_FP_LOAD,     /* VLDR */
  AB_I_FP_STORE,    /* VSTR */
  AB_I_FP_MULTI,    /* VLDM, VSTM, VPUSH, VPOP */
  AB_I_OTHER        /* MSR, MRS, CPS, hints, SVC, BKPT, UDF: 1 */
} ab_insn_class;

typedef struct {
  uint8_t size;        /* 2 or 4 bytes */
  uint8_t cls;         /* ab_insn_class */
  uint8_t nregs;       /* registers (words) a multiple transfer moves */
  uint8_t writes_pc;   /* the instruction may write the PC (a branch of any kind) */
  uint8_t conditional; /* B<cond>, CBZ/CBNZ: taken or not decides the cost */
  uint8_t reg_offset;  /* load/store with a register offset */
  uint8_t literal;     /* load addressed from the PC */
  uint16_t dst;        /* core registers written (bit n = Rn) */
  uint16_t addr;       /* core registers a load/store's address is made of */
  /* What a dual-issue core (the Cortex-M7 approximation) also needs: the registers read, by when
   * the pipeline reads them, and what limits pairing. */
  uint16_t src;        /* core registers read as ordinary operands */
  uint16_t src_shifted;/* read through the shifter (a shifted register operand, an extend's input) */
  uint16_t src_late;   /* read late: a multiply-accumulate's accumulator, a store's data */
  uint8_t slow_result; /* result later than an ALU's: byte/halfword loads, saturating arithmetic */
  uint8_t shifter;     /* uses the shifter: shifted register, shift, extend, bit field, wide immediate */
  uint8_t simd;        /* a DSP/SIMD data operation (parallel add, SEL, REV, extend, saturate, CLZ) */
} ab_insn;

/* Decodes the instruction whose first halfword is hw1 (hw2: the next one, used when 32-bit). */
ab_insn ab_thumb_decode(uint16_t hw1, uint16_t hw2);

/* 1 when hw1 starts a 32-bit instruction. */
static inline int ab_thumb_is_32bit(uint16_t hw1) { return (hw1 >> 11) >= 0x1D; }

#endif
