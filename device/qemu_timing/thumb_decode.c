/* See thumb_decode.h. Encodings: ARMv7-M ARM, chapter A5 (16-bit and 32-bit Thumb encodings). */
#include "thumb_decode.h"

#define BIT(n) ((uint16_t)(1u << (n)))

static int popcount16(uint16_t v) {
  int n = 0;
  for (; v; v &= (uint16_t)(v - 1)) n++;
  return n;
}

static ab_insn make(int size, ab_insn_class cls) {
  ab_insn i = {0};
  i.size = (uint8_t)size;
  i.cls = (uint8_t)cls;
  return i;
}

/* A data-processing result in rd; writing the PC makes it a branch. */
static ab_insn alu(int size, unsigned rd) {
  ab_insn i = make(size, AB_I_ALU);
  i.dst = BIT(rd);
  i.writes_pc = rd == 15;
  return i;
}

/* A data-processing result in rd from the registers in src. */
static ab_insn alu_from(int size, unsigned rd, uint16_t src) {
  ab_insn i = alu(size, rd);
  i.src = src;
  return i;
}

/* No result (compares and tests), reading src. */
static ab_insn test_of(int size, uint16_t src) {
  ab_insn i = make(size, AB_I_ALU);
  i.src = src;
  return i;
}

/* A DSP/SIMD data operation; through the shifter when shifted (extends, REV, bit fields). */
static ab_insn simd_op(int size, unsigned rd, uint16_t src, int shifted) {
  ab_insn i = alu_from(size, rd, src);
  i.simd = 1;
  i.shifter = (uint8_t)shifted;
  return i;
}

static ab_insn single(int size, int load, unsigned rt, unsigned rn, int rm) {
  ab_insn i = make(size, load ? AB_I_LOAD : AB_I_STORE);
  i.addr = BIT(rn) | (rm >= 0 ? BIT(rm) : 0);
  i.reg_offset = rm >= 0;
  i.literal = rn == 15;
  if (load) {
    i.dst = BIT(rt);
    i.writes_pc = rt == 15;
  } else {
    i.src_late = BIT(rt);
  }
  return i;
}

/* A byte or halfword load returns its data a cycle after a word (it is aligned and extended). */
static ab_insn narrow(ab_insn i) {
  if (i.cls == AB_I_LOAD) i.slow_result = 1;
  return i;
}

static ab_insn multi(int size, int load, unsigned rn, uint16_t list) {
  ab_insn i = make(size, load ? AB_I_LOAD_MULTI : AB_I_STORE_MULTI);
  i.nregs = (uint8_t)popcount16(list);
  i.addr = BIT(rn);
  if (load) {
    i.dst = list;
    i.writes_pc = (list & BIT(15)) != 0;
  } else {
    i.src_late = list;
  }
  return i;
}

static ab_insn decode16(uint16_t hw) {
  const unsigned top5 = hw >> 11, lo3 = hw & 7;
  const uint16_t rm3 = BIT((hw >> 3) & 7), rdn8 = BIT((hw >> 8) & 7);
  if (top5 == 0x05) return test_of(2, rdn8);          /* CMP #imm: no result */
  if (top5 <= 0x02) {                                  /* shift by an immediate */
    ab_insn i = alu_from(2, lo3, rm3);
    i.shifter = 1;
    return i;
  }
  if (top5 == 0x03)                                    /* ADD/SUB register or 3-bit immediate */
    return alu_from(2, lo3, rm3 | ((hw & BIT(10)) ? 0 : BIT((hw >> 6) & 7)));
  if (top5 <= 0x07) return alu_from(2, (hw >> 8) & 7, top5 == 0x04 ? 0 : rdn8); /* MOV/ADD/SUB #imm8 */
  if ((hw >> 10) == 0x10) {                            /* data processing on registers */
    const unsigned op = (hw >> 6) & 0xF;
    const uint16_t both = (uint16_t)(BIT(lo3) | rm3);
    if (op == 0x8 || op == 0xA || op == 0xB) return test_of(2, both); /* TST, CMP, CMN */
    ab_insn i = alu_from(2, lo3, op == 0x9 || op == 0xF ? rm3 : both); /* RSB, MVN: Rm only */
    if (op == 0xD) i.cls = AB_I_MUL;
    if (op == 0x2 || op == 0x3 || op == 0x4 || op == 0x7) i.shifter = 1; /* shifts by a register */
    return i;
  }
  if ((hw >> 10) == 0x11) {                            /* special data, BX/BLX */
    const unsigned op = (hw >> 8) & 3, rd = lo3 | ((hw >> 4) & 8);
    const uint16_t rm = BIT((hw >> 3) & 0xF);
    if (op == 3) {
      ab_insn i = make(2, AB_I_BRANCH);
      i.writes_pc = 1;
      i.src = rm;
      if (hw & BIT(7)) i.dst = BIT(14);                /* BLX */
      return i;
    }
    if (op == 1) return test_of(2, (uint16_t)(BIT(rd) | rm)); /* CMP: no result */
    return alu_from(2, rd, (uint16_t)(op == 0 ? BIT(rd) | rm : rm)); /* ADD, MOV */
  }
  if (top5 == 0x09) return single(2, 1, (hw >> 8) & 7, 15, -1);   /* LDR literal */
  if ((hw >> 12) == 0x5) {                                        /* register offset */
    const unsigned op = (hw >> 9) & 7;
    ab_insn i = single(2, op >= 3, lo3, (hw >> 3) & 7, (hw >> 6) & 7);
    return op == 4 ? i : narrow(i);                               /* LDRSB, LDRH, LDRB, LDRSH */
  }
  if ((hw >> 13) == 0x3 || (hw >> 12) == 0x8) {                   /* immediate offset */
    ab_insn i = single(2, (hw >> 11) & 1, lo3, (hw >> 3) & 7, -1);
    return (hw >> 12) == 0x6 ? i : narrow(i);                     /* LDRB, LDRH */
  }
  if ((hw >> 12) == 0x9) return single(2, (hw >> 11) & 1, (hw >> 8) & 7, 13, -1); /* SP-relative */
  if ((hw >> 12) == 0xA)                                          /* ADR, ADD Rd, SP, #imm */
    return alu_from(2, (hw >> 8) & 7, (hw & BIT(11)) ? BIT(13) : 0);
  if ((hw >> 12) == 0xB) {                                        /* miscellaneous */
    if ((hw & 0xF500) == 0xB100) {                                /* CBZ, CBNZ */
      ab_insn i = make(2, AB_I_BRANCH);
      i.writes_pc = 1;
      i.conditional = 1;
      i.src = BIT(lo3);
      return i;
    }
    if ((hw & 0xFE00) == 0xB400) {                                /* PUSH */
      ab_insn i = multi(2, 0, 13, (uint16_t)((hw & 0xFF) | ((hw & BIT(8)) ? BIT(14) : 0)));
      i.dst = BIT(13);
      return i;
    }
    if ((hw & 0xFE00) == 0xBC00) {                                /* POP */
      ab_insn i = multi(2, 1, 13, (uint16_t)((hw & 0xFF) | ((hw & BIT(8)) ? BIT(15) : 0)));
      i.dst |= BIT(13);
      return i;
    }
    if ((hw & 0xFF00) == 0xBF00) return make(2, (hw & 0xF) ? AB_I_IT : AB_I_OTHER); /* IT, hints */
    if ((hw & 0xFF00) == 0xBE00 || (hw & 0xFFE0) == 0xB660) return make(2, AB_I_OTHER); /* BKPT, CPS */
    if ((hw & 0xFF00) == 0xB000) return alu_from(2, 13, BIT(13)); /* ADD/SUB SP, #imm */
    return simd_op(2, lo3, rm3, 1);                               /* extends, REV* */
  }
  if ((hw >> 12) == 0xC) return multi(2, (hw >> 11) & 1, (hw >> 8) & 7, hw & 0xFF); /* LDM, STM */
  if ((hw >> 12) == 0xD) {
    const unsigned cond = (hw >> 8) & 0xF;
    if (cond >= 0xE) return make(2, AB_I_OTHER);                  /* UDF, SVC */
    ab_insn i = make(2, AB_I_BRANCH);
    i.writes_pc = 1;
    i.conditional = 1;
    return i;
  }
  if (top5 == 0x1C) {                                             /* B */
    ab_insn i = make(2, AB_I_BRANCH);
    i.writes_pc = 1;
    return i;
  }
  return make(2, AB_I_OTHER);
}

/* Floating-point and coprocessor space (hw1 = 1110 11xx or 1111 11xx). */
static ab_insn decode_fp(uint16_t hw1, uint16_t hw2) {
  const unsigned coproc = (hw2 >> 8) & 0xF;
  if (coproc != 10 && coproc != 11) return make(4, AB_I_OTHER);
  if ((hw1 & 0x0E00) == 0x0C00) {                                 /* extension register load/store */
    const int load = (hw1 >> 4) & 1, p = (hw1 >> 8) & 1, w = (hw1 >> 5) & 1;
    if ((hw1 & 0x01E0) == 0x0040 || (hw1 & 0x01E0) == 0x0000) {  /* VMOV of two core registers */
      ab_insn i = make(4, AB_I_FP);
      const uint16_t pair = (uint16_t)(BIT((hw2 >> 12) & 0xF) | BIT(hw1 & 0xF));
      if (load) i.dst = pair;
      else i.src = pair;
      return i;
    }
    if (p && !w) {
      ab_insn i = make(4, load ? AB_I_FP_LOAD : AB_I_FP_STORE);
      i.addr = BIT(hw1 & 0xF);
      return i;
    }
    ab_insn i = make(4, AB_I_FP_MULTI);
    i.nregs = (uint8_t)(hw2 & 0xFF);                               /* words moved */
    i.addr = BIT(hw1 & 0xF);
    return i;
  }
  if ((hw1 & 0x0F00) == 0x0E00 && !(hw2 & BIT(4))) {              /* VFP data processing */
    const unsigned opc1 = ((hw1 >> 4) & 0xB);
    if (opc1 == 0x8 || (opc1 == 0xB && (hw1 & 0xF) == 1 && (hw2 & 0xC0) == 0xC0))
      return make(4, AB_I_FP_DIV);                                 /* VDIV, VSQRT */
    if (opc1 == 0x0 || opc1 == 0x1 || opc1 == 0x9 || opc1 == 0xA) return make(4, AB_I_FP_MAC);
    return make(4, AB_I_FP);
  }
  ab_insn i = make(4, AB_I_FP);                                    /* VMOV core<->FP, VMRS, VMSR */
  if ((hw1 & 0x0010) && (hw2 & BIT(4))) i.dst = BIT((hw2 >> 12) & 0xF);
  else if (hw2 & BIT(4)) i.src = BIT((hw2 >> 12) & 0xF);
  return i;
}

/* Load/store single with 32-bit encodings (hw1 = 1111 100x xxxx). */
static ab_insn decode_ls32(uint16_t hw1, uint16_t hw2) {
  const unsigned rn = hw1 & 0xF, rt = (hw2 >> 12) & 0xF, size = (hw1 >> 5) & 3;
  const int load = (hw1 >> 4) & 1;
  int rm = -1;
  if (rn != 15 && !(hw1 & BIT(7)) && !(hw2 & BIT(11))) rm = hw2 & 0xF; /* register offset */
  if (load && rt == 15 && size != 2) return make(4, AB_I_OTHER);       /* PLD, PLI */
  ab_insn i = single(4, load, rt, rn, rm);
  return size == 2 ? i : narrow(i);
}

static ab_insn decode_mul(uint16_t hw1, uint16_t hw2) {
  const unsigned op1 = (hw1 >> 4) & 7, ra = (hw2 >> 12) & 0xF, rd = (hw2 >> 8) & 0xF;
  ab_insn i = make(4, AB_I_DSP_MUL);
  i.dst = BIT(rd);
  i.src = (uint16_t)(BIT(hw1 & 0xF) | BIT(hw2 & 0xF));
  if (ra != 15) i.src_late = BIT(ra);                                            /* the accumulator */
  if (op1 == 0 && ((hw2 >> 4) & 3) == 0) i.cls = ra == 15 ? AB_I_MUL : AB_I_MAC; /* MUL, MLA */
  else if (op1 == 0) i.cls = AB_I_MAC;                                           /* MLS */
  return i;
}

static ab_insn decode_long_mul(uint16_t hw1, uint16_t hw2) {
  const unsigned op1 = (hw1 >> 4) & 7;
  ab_insn i = make(4, AB_I_LONG_MAC);
  i.dst = BIT((hw2 >> 12) & 0xF) | BIT((hw2 >> 8) & 0xF);
  i.src = (uint16_t)(BIT(hw1 & 0xF) | BIT(hw2 & 0xF));
  i.src_late = i.dst;                                             /* the 64-bit accumulator */
  if (op1 == 1 || op1 == 3) {
    i.cls = AB_I_DIV;
    i.dst = BIT((hw2 >> 8) & 0xF);
  } else if (op1 == 0 || op1 == 2) {
    i.cls = AB_I_LONG_MUL;
  }
  if (i.cls != AB_I_LONG_MAC) i.src_late = 0;
  return i;
}

/* What a data-processing instruction with a shifted register or a modified immediate writes:
 * nothing where Rd is the PC and it sets the flags (TST, TEQ, CMP, CMN). */
static ab_insn dp_result(uint16_t hw1, uint16_t hw2) {
  const unsigned rd = (hw2 >> 8) & 0xF;
  return rd == 15 && (hw1 & BIT(4)) ? make(4, AB_I_ALU) : alu(4, rd);
}

/* MOV and MVN are ORR and ORN with the PC as Rn: they read no Rn. */
static int dp_is_move(uint16_t hw1) {
  const unsigned op = (hw1 >> 5) & 0xF;
  return (op == 0x2 || op == 0x3) && (hw1 & 0xF) == 15;
}

/* Data processing with a shifted register (ARMv7-M A5.3.11): the shifted operand passes the
 * shifter unless it is LSL #0; MOV with a shift is a plain shift (read at the usual time). */
static ab_insn decode_dp_shifted(uint16_t hw1, uint16_t hw2) {
  const unsigned amount = ((hw2 >> 10) & 0x1C) | ((hw2 >> 6) & 3), type = (hw2 >> 4) & 3;
  const uint16_t rm = BIT(hw2 & 0xF);
  const int move = dp_is_move(hw1), shifted = amount != 0 || type != 0;
  ab_insn i = dp_result(hw1, hw2);
  if (!move) i.src = BIT(hw1 & 0xF);
  if (shifted && !move) i.src_shifted = rm;
  else i.src |= rm;
  i.shifter = (uint8_t)shifted;
  if (((hw1 >> 5) & 0xF) == 0x6) i.simd = 1;                      /* PKHBT, PKHTB */
  return i;
}

/* Data processing with a modified immediate (A5.3.1): a constant wider than its low byte is made
 * by the shifter. */
static ab_insn decode_dp_modified_imm(uint16_t hw1, uint16_t hw2) {
  ab_insn i = dp_result(hw1, hw2);
  if (!dp_is_move(hw1)) i.src = BIT(hw1 & 0xF);
  i.shifter = (hw1 & BIT(10)) || (hw2 & 0x7000);                  /* i:imm3 != 0 */
  return i;
}

/* Data processing with a plain binary immediate (A5.3.3): ADDW/SUBW, MOVW/MOVT, saturation, bit
 * fields. */
static ab_insn decode_dp_plain_imm(uint16_t hw1, uint16_t hw2) {
  const unsigned op = (hw1 >> 4) & 0x1F, rn = hw1 & 0xF, rd = (hw2 >> 8) & 0xF;
  const unsigned imm12 = ((hw1 >> 10) & 1) << 11 | ((hw2 >> 12) & 7) << 8 | (hw2 & 0xFF);
  if (op == 0x00 || op == 0x0A) {                                 /* ADDW, SUBW */
    ab_insn i = alu_from(4, rd, BIT(rn));
    i.shifter = imm12 > 0xFF;
    return i;
  }
  if (op == 0x04 || op == 0x0C) {                                 /* MOVW, MOVT (keeps the low half) */
    ab_insn i = alu_from(4, rd, op == 0x0C ? BIT(rd) : 0);
    i.shifter = op == 0x0C || ((hw1 & 0xF) << 12 | imm12) > 0xFF;
    return i;
  }
  if (op == 0x14 || op == 0x1C) return simd_op(4, rd, BIT(rn), 1); /* SBFX, UBFX */
  if (op == 0x16) return simd_op(4, rd, (uint16_t)(BIT(rd) | (rn == 15 ? 0 : BIT(rn))), 1); /* BFI, BFC */
  ab_insn i = simd_op(4, rd, BIT(rn), 1);                         /* SSAT, USAT (16) */
  i.slow_result = 1;
  return i;
}

/* Data processing on registers (A5.3.12): shifts by a register, extends, parallel add/subtract,
 * miscellaneous (saturating add, REV, SEL, CLZ). */
static ab_insn decode_dp_register(uint16_t hw1, uint16_t hw2) {
  const unsigned op1 = (hw1 >> 4) & 0xF, op2 = (hw2 >> 4) & 0xF, rn = hw1 & 0xF, rd = (hw2 >> 8) & 0xF;
  const uint16_t both = (uint16_t)(BIT(rn) | BIT(hw2 & 0xF));
  if (!(op1 & 8) && op2 == 0) {                                   /* LSL, LSR, ASR, ROR by a register */
    ab_insn i = alu_from(4, rd, both);
    i.shifter = 1;
    return i;
  }
  if (!(op1 & 8)) {                                               /* SXTAH ... UXTB: the input rotated */
    if (rn == 15) return simd_op(4, rd, BIT(hw2 & 0xF), 1);
    ab_insn i = simd_op(4, rd, BIT(rn), 1);
    i.src_shifted = BIT(hw2 & 0xF);
    return i;
  }
  if (!(op2 & 8)) {                                               /* parallel add/subtract */
    ab_insn i = simd_op(4, rd, both, 0);
    i.slow_result = (op2 & 3) == 1;                               /* QADD8, UQSUB16 ...: saturating */
    return i;
  }
  switch (op1 & 3) {                                              /* miscellaneous */
    case 0: {                                                     /* QADD, QDADD, QSUB, QDSUB */
      ab_insn i = simd_op(4, rd, both, (op2 & 1) != 0);
      i.slow_result = 1;
      return i;
    }
    case 1: return simd_op(4, rd, BIT(hw2 & 0xF), 1);             /* REV, REV16, RBIT, REVSH */
    case 2: return simd_op(4, rd, both, 0);                       /* SEL */
    default: return simd_op(4, rd, BIT(hw2 & 0xF), 0);            /* CLZ */
  }
}

static ab_insn decode32(uint16_t hw1, uint16_t hw2) {
  const unsigned op1 = (hw1 >> 11) & 3;
  if (op1 == 1) {
    if ((hw1 & 0x0600) == 0x0000) {                               /* load/store multiple */
      if ((hw1 & 0x0040) == 0) {
        const unsigned op = (hw1 >> 7) & 3;
        if (op == 0 || op == 3) return make(4, AB_I_OTHER);       /* SRS, RFE */
        return multi(4, (hw1 >> 4) & 1, hw1 & 0xF, hw2);
      }
      /* load/store dual, exclusive, table branch */
      const unsigned rn = hw1 & 0xF;
      const int load = (hw1 >> 4) & 1;
      if (hw1 & 0x0120) {                                         /* LDRD, STRD (P or W) */
        ab_insn i = make(4, load ? AB_I_LOAD_DUAL : AB_I_STORE_DUAL);
        i.addr = BIT(rn);
        i.nregs = 2;
        if (load) i.dst = BIT((hw2 >> 12) & 0xF) | BIT((hw2 >> 8) & 0xF);
        else i.src_late = BIT((hw2 >> 12) & 0xF) | BIT((hw2 >> 8) & 0xF);
        i.literal = rn == 15;
        return i;
      }
      if ((hw1 & 0x0080) && load && (hw2 & 0xFFE0) == 0xF000) {  /* TBB, TBH */
        ab_insn i = make(4, AB_I_TABLE_BRANCH);
        i.writes_pc = 1;
        i.addr = BIT(rn) | BIT(hw2 & 0xF);
        return i;
      }
      ab_insn i = single(4, load, (hw2 >> 12) & 0xF, rn, -1);     /* LDREX*, STREX* */
      if (!load) i.dst = BIT((hw1 & 0x0080) ? (hw2 & 0xF) : ((hw2 >> 8) & 0xF)); /* status */
      return i;
    }
    if ((hw1 & 0x0600) == 0x0200) return decode_dp_shifted(hw1, hw2);
    return decode_fp(hw1, hw2);
  }
  if (op1 == 2) {
    if (!(hw2 & BIT(15))) return (hw1 & BIT(9)) ? decode_dp_plain_imm(hw1, hw2) : decode_dp_modified_imm(hw1, hw2);
    const unsigned op = (hw2 >> 12) & 7;
    if ((op & 5) == 0) {                                          /* B<cond>.W or misc control */
      if (((hw1 >> 7) & 7) != 7) {
        ab_insn i = make(4, AB_I_BRANCH);
        i.writes_pc = 1;
        i.conditional = 1;
        return i;
      }
      if ((hw1 & 0xFFF0) == 0xF3B0 && ((hw2 >> 4) & 0xF) >= 4 && ((hw2 >> 4) & 0xF) <= 6)
        return make(4, AB_I_BARRIER);                             /* DSB, DMB, ISB */
      ab_insn i = make(4, AB_I_OTHER);                            /* MSR, MRS, hints */
      if ((hw1 & 0xFFE0) == 0xF3E0) i.dst = BIT((hw2 >> 8) & 0xF); /* MRS */
      return i;
    }
    ab_insn i = make(4, AB_I_BRANCH);                             /* B.W, BL */
    i.writes_pc = 1;
    if (op & 4) i.dst = BIT(14);
    return i;
  }
  /* op1 == 3 */
  if ((hw1 & 0x0600) == 0x0600) return decode_fp(hw1, hw2);       /* coprocessor, FP */
  if ((hw1 & 0x0600) == 0x0000) {                                 /* load/store single */
    const int load = (hw1 >> 4) & 1;
    if ((!load && (hw1 & BIT(8))) || (load && ((hw1 >> 5) & 3) == 3)) return make(4, AB_I_OTHER);
    return decode_ls32(hw1, hw2);
  }
  if ((hw1 & 0x0F00) == 0x0A00) return decode_dp_register(hw1, hw2);
  if ((hw1 & 0x0F80) == 0x0B00) return decode_mul(hw1, hw2);
  if ((hw1 & 0x0F80) == 0x0B80) return decode_long_mul(hw1, hw2);
  return make(4, AB_I_OTHER);
}

ab_insn ab_thumb_decode(uint16_t hw1, uint16_t hw2) {
  return ab_thumb_is_32bit(hw1) ? decode32(hw1, hw2) : decode16(hw1);
}
