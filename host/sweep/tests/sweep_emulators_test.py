#!/usr/bin/python3
"""sweep.emulators: where a sweep's firmware runs does not change what it measures.

The same sweep of kws (@corners) on the emulated STM32 three ways:
- per-worker (the default): one QEMU per worker kept up, each variant loaded into it through the
  gdbstub; one emulator starts for 10 variants (one worker: tests run one QEMU at a time);
- per-variant: a new QEMU for every variant (10 start);
- served: an emulator left running by `aotbench device serve`, reached only through its gdbstub
  and its serial port on TCP (--gdb HOST:PORT --serial tcp:HOST:PORT), as a farm's board is;
  aotbench starts no emulator, and the emulator outlives the sweep until it is stopped.
Every variant's status, counts, stack and sizes must be identical across the three. The wall
times are printed for BENCHMARKS.md.

usage: sweep_emulators_test.py AOTBENCH WORKDIR
"""
import json
import pathlib
import shutil
import signal
import subprocess
import sys
import time

from sweep_cli import fail, run_sweep

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
# Instructions: an emulator served elsewhere runs no timing model (its counts file would be on its
# host), and exact counts are what must agree.
SWEEP = ["--board", "netduinoplus2", "--model", "kws", "--variants", "@corners", "--tune", "off", "--jobs", "1",
         "--counter", "instructions", "--json"]
SAME = ["status", "message", "counter", "counts_min", "counts_median", "counts_max", "stack_bytes", "flash_total",
        "ram_total", "arena_bytes", "fits", "outputs_match", "selected"]


def sweep(name, *extra):
    rows, summary, wall = run_sweep(aotbench, work, name, [*SWEEP, *extra], timeout=900)
    return rows, summary["stages"], wall


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return ") Z " not in f.read()  # a zombie has exited
    except FileNotFoundError:
        return False


def compare(name, rows, base):
    if set(rows) != set(base):
        fail(f"{name} measured other variants: {sorted(set(rows) ^ set(base))}")
    for key, b in base.items():
        for field in SAME:
            if rows[key][field] != b[field]:
                fail(f"{name}: {key}: {field} is {rows[key][field]!r}, per-worker said {b[field]!r}")


sweep("warm")  # builds every image into the test cache, so no timed sweep compiles
kept, kept_stages, kept_wall = sweep("per-worker")
if len(kept) != 10 or any(r["status"] != "ok" for r in kept.values()):
    fail(f"expected 10 variants measured ok: {[(k, r['status'], r['message']) for k, r in kept.items()]}")
if kept_stages["boots"] != 10 or kept_stages["emulators_started"] != 1:
    fail(f"per-worker: 10 firmwares into one emulator, got {kept_stages}")

fresh, fresh_stages, fresh_wall = sweep("per-variant", "--emulators", "per-variant")
compare("per-variant", fresh, kept)
if fresh_stages["emulators_started"] != 10:
    fail(f"per-variant: one emulator per variant, got {fresh_stages}")

serve = subprocess.Popen([aotbench, "device", "serve", "--board", "netduinoplus2", "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    endpoints = json.loads(serve.stdout.readline())
    served, served_stages, served_wall = sweep("served", "--gdb", endpoints["gdb"], "--serial", endpoints["serial"])
    compare("served", served, kept)
    if served_stages["emulators_started"] != 0 or served_stages["boots"] != 10:
        fail(f"served: 10 loads into the served emulator and no emulator of our own, got {served_stages}")
    if not alive(endpoints["pid"]):
        fail("the served emulator did not outlive the sweep")
finally:
    serve.send_signal(signal.SIGTERM)
    serve.wait(timeout=10)
deadline = time.monotonic() + 5
while alive(endpoints["pid"]) and time.monotonic() < deadline:
    time.sleep(0.05)
if alive(endpoints["pid"]):
    fail(f"QEMU pid {endpoints['pid']} outlived `device serve`")

print(f"wall (10 variants, cached images, -j1): per-worker {kept_wall:.2f} s, per-variant {fresh_wall:.2f} s, "
      f"served {served_wall:.2f} s")
print(f"flash stage: per-worker {kept_stages['seconds']['flash']:.2f} s, per-variant "
      f"{fresh_stages['seconds']['flash']:.2f} s, served {served_stages['seconds']['flash']:.2f} s")
print("PASS")
