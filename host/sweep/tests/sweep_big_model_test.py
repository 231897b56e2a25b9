#!/usr/bin/python3
"""sweep.big_model: the 3.8 MB MobileNetV2 1.0 (2.4 MB of activations) runs on a board that has the
memory (MPS2-AN500: 4 MB + 4 MB) and matches the host reference; on the STM32F405 (1 MB flash,
192 KB RAM) nothing can fit: found before building, in about a second, with the overshoot of its
parameters, exit 3 (no winner) and no results folder.

usage: sweep_big_model_test.py AOTBENCH SHARED_DIR WORKDIR
"""
import csv
import pathlib
import re
import shutil
import subprocess
import sys
import time

import needs_shared

aotbench, shared, work = sys.argv[1], needs_shared.shared_dir(sys.argv[2]), pathlib.Path(sys.argv[3])
needs_shared.need(shared, "models/mnv2_100_224_nchw_int8.tflite")
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
model = shared / "models" / "mnv2_100_224_nchw_int8.tflite"


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def sweep(board):
    out = work / board
    p = subprocess.run([aotbench, "--board", board, "--model", str(model), "--variants", "@none;+opt=O2", "--tune", "off", "--out", str(out),
                        "--history", str(work / "history.sqlite")], capture_output=True, text=True, timeout=900)
    print(p.stdout[-2500:], p.stderr[-1500:])
    if p.returncode != 0:
        fail(f"{board}: exit {p.returncode}")
    return list(csv.DictReader((out / "results.csv").open()))


rows = sweep("mps2-an500")
if len(rows) != 1 or rows[0]["status"] != "ok" or rows[0]["outputs_match"] != "yes" or rows[0]["selected"] != "yes":
    fail(f"mps2-an500: {rows}")
# 300.8 M MACs on the reference kernels: several instructions per MAC, and more than 2^32 in all
# (a 32-bit or overflowing counter would show far less).
if not 3 * 300774272 < int(rows[0]["counts_median"]) < 30 * 300774272:
    fail(f"mps2-an500: {rows[0]['counts_median']} instructions for 300.8 M MACs")

t0 = time.time()
p = subprocess.run([aotbench, "--board", "stm32", "--model", str(model), "--out", str(work / "stm32"),
                    "--history", str(work / "history.sqlite")], capture_output=True, text=True, timeout=900)
seconds = time.time() - t0
print(p.stdout[-1500:], p.stderr[-1500:])
if p.returncode != 3 or seconds > 5 or (work / "stm32").exists():
    fail(f"stm32: exit {p.returncode} after {seconds:.1f} s (expected 3 within seconds, and no results folder)")
# The default space's 44 variants; the parameters alone (SOURCES.md: 3542592 bytes of constant buffers, at
# least 3487968 elements) overflow the F405's 1 MB of flash.
m = re.search(r"nothing can fit netduinoplus2 \(flash <= 1048576 B, RAM <= 196608 B\), found before building: all 44 "
              r"variants.* needs at least (\d+) B of flash for its parameters \((\d+) B over the 1048576 B limit\)",
              p.stderr)
if not m or not 3487968 <= int(m.group(1)) <= 3542592 or int(m.group(2)) != int(m.group(1)) - 1048576:
    fail(f"stm32: the overshoot is not reported: {p.stderr}")
print("big model test passed")
