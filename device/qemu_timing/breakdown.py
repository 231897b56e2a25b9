#!/usr/bin/env python3
"""Where the estimated cycles of a per-operator profile went, by effect.

Run one variant with the per-operator profile on one emulator, the plugin tracing its readings:

    AOTBENCH_TIMING_TRACE=/tmp/trace aotbench --board B --model M --variants '...' --tune off \\
        --per-op best --jobs 1 --out OUT
    python3 device/qemu_timing/breakdown.py /tmp/trace OUT/ops.csv [--csv]

The profiled inference is the emulator's last: its readings are the trace's last lines (a pair
around every operator, then the end of the timed window). Each operator's pair gives its cycles,
instructions and the plugin's breakdown of the cycles beyond one an instruction: memory (loads
and stores beyond their first cycle), refill (taken branches), fetch (code from flash), data
(flash data reads the cache misses), other (the rest: multi-cycle instructions less folded ITs).
The hooks' own cost (the profile's empty operator, the pair before the timed window) is taken
off each, as the firmware does; each operator's cycles are checked against ops.csv."""
import argparse
import csv
import sys

FIELDS = ("cycles", "instructions", "memory", "refill", "fetch", "data")


def readings(path):
    rows = []
    with open(path) as f:
        for line in f:
            values = [int(v) for v in line.split()]
            if len(values) != len(FIELDS):
                sys.exit(f"{path}: a line without six counts ('{line.strip()}'): a trace of an older plugin?")
            rows.append(values)
    return rows


def delta(a, b):
    return [y - x for x, y in zip(a, b)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace")
    ap.add_argument("ops_csv")
    ap.add_argument("--csv", action="store_true", help="CSV on stdout instead of a table")
    a = ap.parse_args()
    with open(a.ops_csv) as f:
        ops = list(csv.DictReader(f))
    r = readings(a.trace)
    n = len(ops)
    # hook pair, window start, n pairs, window end
    need = 2 + 1 + 2 * n + 1
    if len(r) < need:
        sys.exit(f"{a.trace}: {len(r)} readings, the profile of {n} operators needs {need}")
    base = len(r) - need
    hook = delta(r[base], r[base + 1])
    out = []
    for k, op in enumerate(ops):
        begin, end = r[base + 3 + 2 * k], r[base + 4 + 2 * k]
        d = [x - h for x, h in zip(delta(begin, end), hook)]
        if d[0] != int(op["counts"]):
            sys.exit(f"operator {op['op_index']}: {d[0]} cycles in the trace, {op['counts']} in {a.ops_csv}: "
                     "not the same run (one emulator, --jobs 1, the profiled variant last)")
        row = dict(zip(FIELDS, d))
        row["other"] = d[0] - d[1] - sum(d[2:])
        out.append((op, row))
    window = delta(r[base + 2], r[-1])
    cols = ("cycles", "instructions", "cpi", "memory", "refill", "fetch", "data", "other")
    if a.csv:
        w = csv.writer(sys.stdout)
        w.writerow(("op_index", "op_type", "schedule", "macs") + cols)
        for op, row in out:
            w.writerow((op["op_index"], op["op_type"], op["schedule"], op["macs"]) +
                       tuple(f"{row['cycles'] / max(row['instructions'], 1):.3f}" if c == "cpi" else row[c] for c in cols))
        return
    print(f"{'op':>3} {'type':<18} {'schedule':<15} {'cycles':>10} {'insns':>10} {'CPI':>5} "
          f"{'memory':>9} {'refill':>9} {'fetch':>8} {'data':>9} {'other':>8}")
    tot = dict.fromkeys(FIELDS + ("other",), 0)
    for op, row in out:
        for c in tot:
            tot[c] += row[c]
        print(f"{op['op_index']:>3} {op['op_type']:<18} {op['schedule']:<15} {row['cycles']:>10} "
              f"{row['instructions']:>10} {row['cycles'] / max(row['instructions'], 1):>5.2f} {row['memory']:>9} "
              f"{row['refill']:>9} {row['fetch']:>8} {row['data']:>9} {row['other']:>8}")
    print(f"{'':>3} {'operators':<34} {tot['cycles']:>10} {tot['instructions']:>10} "
          f"{tot['cycles'] / max(tot['instructions'], 1):>5.2f} {tot['memory']:>9} {tot['refill']:>9} "
          f"{tot['fetch']:>8} {tot['data']:>9} {tot['other']:>8}")
    print(f"the timed window (hooks included): {window[0]} cycles, {window[1]} instructions")


if __name__ == "__main__":
    main()
