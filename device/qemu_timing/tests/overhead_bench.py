#!/usr/bin/python3
"""The timing model's wall-time overhead per variant (a benchmark for BENCHMARKS.md, not a test).

The same sweep (kws, @corners: 10 variants, no tuning, one worker, one kept emulator) counting
instructions and then estimated cycles, each twice, its builds cached after the first; prints
the stage seconds and the ratios of the second runs (wall per variant, and the run stage alone),
and the CPU seconds of the sweep and everything it ran (QEMU, gdb, compilers): on a loaded machine
the wall time swings with what else runs, the CPU time much less. The load average is printed.

usage: overhead_bench.py AOTBENCH [BOARD] [MODEL]
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

aotbench = sys.argv[1]
board = sys.argv[2] if len(sys.argv) > 2 else "stm32"
model = sys.argv[3] if len(sys.argv) > 3 else "kws"
work = tempfile.mkdtemp(prefix="ab-timing-bench-")
seconds = {}
cpu = {}
try:
    for counter in ["instructions", "cycles", "instructions", "cycles"]:
        out = f"{work}/{counter}"
        shutil.rmtree(out, ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([aotbench, "--board", board, "--model", model, "--variants", "@corners", "--tune", "off",
                            "--jobs", "1", "--counter", counter, "--out", out, "--history", f"{work}/history.sqlite",
                            "--json"], capture_output=True, text=True, timeout=1800)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[counter] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        if p.returncode != 0:
            sys.exit(f"the {counter} sweep failed ({p.returncode}): {p.stderr[-1500:]}")
        s = json.loads(p.stdout)["stages"]
        seconds[counter] = s["seconds"]
        n = s["variants_measured"]
        print(f"{counter:>12}: {n} variants, " + ", ".join(f"{k} {v:.2f} s" for k, v in s["seconds"].items()) +
              f"; CPU {cpu[counter]:.2f} s (load average {os.getloadavg()[0]:.1f})")
    i, c = seconds["instructions"], seconds["cycles"]
    print(f"cycles / instructions: wall per variant {c['wall'] / i['wall']:.2f}x, run stage {c['run'] / i['run']:.2f}x, "
          f"CPU {cpu['cycles'] / cpu['instructions']:.2f}x")
finally:
    shutil.rmtree(work, ignore_errors=True)
