#!/usr/bin/python3
"""sweep.counter: a sweep on estimated cycles (--counter cycles), end to end, against the same
sweep on exact instructions.

kws on the emulated STM32F405 (its [timing] table: the timing model), two variants (reference and
dsp kernels, -O2), per-operator profiles on:
- the default counter of a board with a timing model is cycles_model; results.json, results.csv,
  --json and report.html say so, and name the model ("cycles (estimated: ...)");
- every variant's executed instructions, recorded beside its cycles, equal the counts of the same
  sweep with --counter instructions; the cycles are more than the instructions (the flash's wait
  states, the loads' second cycle, branch refills);
- the per-operator cycles (ops.csv) add up to the variant's, less what runs between operators;
- --counter cycles on a board without a [timing] table is refused, saying what to do.

usage: sweep_counter_test.py AOTBENCH WORKDIR
"""
import csv
import json
import os
import pathlib
import shutil
import subprocess
import sys

from sweep_cli import fail, run_sweep

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
SWEEP = ["--board", "stm32", "--model", "kws", "--variants", "@none;+opt=O2,kernels=ref|dsp", "--tune", "off",
         "--jobs", "1", "--per-op", "--json"]

cycles, summary, _ = run_sweep(aotbench, work, "cycles", SWEEP)
exact, exact_summary, _ = run_sweep(aotbench, work, "instructions", [*SWEEP, "--counter", "instructions"])

if summary["run"]["counter"] != "cycles_model" or exact_summary["run"]["counter"] != "instructions":
    fail(f"counters: {summary['run']['counter']} by default, {exact_summary['run']['counter']} when asked")
results = json.loads((work / "cycles" / "results.json").read_text())
model = results["context"].get("timing_model", "")
if "STM32F405" not in model or "Cortex-M4" not in model.replace("cortex-m4", "Cortex-M4"):
    fail(f"results.json names no timing model: '{model}'")
if "cycles (estimated: " not in (work / "cycles" / "report.html").read_text():
    fail("report.html does not say the cycles are estimated")

for key, row in cycles.items():
    if row["status"] != "ok" or row["counter"] != "cycles_model":
        fail(f"{key}: {row['status']} {row['counter']} {row['message']}")
    bench = next(b for b in results["benchmarks"] if b["name"] == key)
    beside = bench.get("instructions_median")
    if beside != float(exact[key]["counts_median"]):
        fail(f"{key}: {beside} instructions beside the cycles, {exact[key]['counts_median']} counted exactly")
    if not float(row["counts_median"]) > beside:
        fail(f"{key}: {row['counts_median']} estimated cycles for {beside} instructions")
    print(f"{key}: {row['counts_median']} cycles, {beside:.0f} instructions "
          f"({float(row['counts_median']) / beside:.3f} cycles per instruction)")

ops = list(csv.DictReader((work / "cycles" / "ops.csv").open()))
profiled = {o["key"] for o in ops}
if not profiled:
    fail("ops.csv has no per-operator cycles")
for key in profiled:
    row = cycles[key]
    total = sum(int(o["counts"]) for o in ops if o["key"] == key)
    if not 0.9 * float(row["counts_median"]) <= total <= float(row["counts_median"]):
        fail(f"{key}: its operators' cycles add up to {total} of {row['counts_median']}")

# $AOTBENCH_COUNTER replaces the default (not a given --counter); a value it cannot be is refused,
# on a board with a timing model and on one without.
env = dict(os.environ, AOTBENCH_COUNTER="bogus")
for board in ("stm32", "mps2-an385"):
    p = subprocess.run([aotbench, "--board", board, "--model", "kws", "--out", str(work / f"bogus_{board}"), "--json"],
                       capture_output=True, text=True, timeout=300, env=env)
    if p.returncode == 0 or "AOTBENCH_COUNTER=bogus: instructions or cycles" not in p.stderr:
        fail(f"AOTBENCH_COUNTER=bogus on {board}: exit {p.returncode}: {p.stderr[-500:]}")
_, from_env, _ = run_sweep(aotbench, work, "from_env", SWEEP, env=dict(os.environ, AOTBENCH_COUNTER="instructions"))
if from_env["run"]["counter"] != "instructions":
    fail(f"AOTBENCH_COUNTER=instructions: the sweep counted {from_env['run']['counter']}")

p = subprocess.run([aotbench, "--board", "mps2-an385", "--model", "kws", "--counter", "cycles", "--out",
                    str(work / "refused"), "--json"], capture_output=True, text=True, timeout=300)
if p.returncode == 0 or "no timing model" not in p.stderr or "--counter instructions" not in p.stderr:
    fail(f"--counter cycles without [timing]: exit {p.returncode}: {p.stderr[-500:]}")
print("ok")
