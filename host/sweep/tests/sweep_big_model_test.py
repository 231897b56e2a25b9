#!/usr/bin/python3
"""sweep.big_model: the 3.8 MB MobileNetV2 1.0 (2.4 MB of activations) runs on a board that has the
memory (MPS2-AN500: 4 MB + 4 MB) and matches the host reference; on the STM32F405 (1 MB flash,
192 KB RAM) it is reported as not fitting, with the linker's figures, and the sweep still ends
cleanly with no winner.

usage: sweep_big_model_test.py AOTBENCH SHARED_DIR WORKDIR
"""
import csv
import pathlib
import shutil
import subprocess
import sys

aotbench, shared, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
model = shared / "models" / "mnv2_100_224_nchw_int8.tflite"


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def sweep(board):
    out = work / board
    p = subprocess.run([aotbench, "--board", board, "--model", str(model), "--variants", "@none;+opt=O2", "--out", str(out),
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

rows = sweep("stm32")
if len(rows) != 1 or rows[0]["status"] != "does_not_fit" or rows[0]["selected"] == "yes":
    fail(f"stm32: {rows}")
for part in ("does not fit netduinoplus2", "region `FLASH' overflowed by", "region `RAM' overflowed by"):
    if part not in rows[0]["message"]:
        fail(f"stm32: '{part}' not in: {rows[0]['message']}")
print("big model test passed")
