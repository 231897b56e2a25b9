#!/usr/bin/python3
"""sweep.resume: an interrupted sweep loses nothing and --resume finishes it.

A reference sweep of kws (8 variants, one worker) runs uninterrupted. Then the same sweep is
stopped with SIGINT after its first result, and another one killed with SIGKILL; each leaves no
QEMU behind and keeps what it measured; `--resume` completes both. Both end with the reference's
results (same variants, counts, sizes, winner) and the history database holds each of their
variants exactly once.

usage: sweep_resume_test.py AOTBENCH WORKDIR
"""
import json
import os
import pathlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
HISTORY = work / "history.sqlite"
# Eight variants, each run 8 times: slow enough (about a second a variant) to interrupt midway
# even when every firmware is already in the build cache.
ARGS = ["--board", "stm32", "--model", "kws", "--variants", "@corners;cc=gcc", "--repeat", "8", "--jobs", "1",
        "--history", str(HISTORY), "--tune", "off"]
N = 8


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def results(out):
    doc = json.loads((out / "results.json").read_text())
    return doc["context"]["run_id"], {b["name"]: b for b in doc["benchmarks"]}


def comparable(benchmarks):
    keep = ("counts_median", "flash_total", "ram_total", "stack_bytes", "arena_bytes")
    return {k: {f: b.get(f) for f in keep} | {"error": b.get("error_occurred", False)} for k, b in benchmarks.items()}


def qemus_of(tag):
    """QEMU processes started by the sweep tagged `tag`: other tests run QEMU side by side from the
    same build cache, so only the environment QEMU inherits from its aotbench says whose it is."""
    p = subprocess.run(["pgrep", "-f", "qemu-system-arm"], capture_output=True, text=True)
    mine = []
    for pid in p.stdout.split():
        try:
            env = pathlib.Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue  # gone meanwhile
        if f"AOTBENCH_TEST_TAG={tag}".encode() in env:
            mine.append(pid)
    return mine


def interrupted(name, sig):
    out = work / name
    tag = f"sweep_resume_{name}_{os.getpid()}"
    proc = subprocess.Popen([aotbench, *ARGS, "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=os.environ | {"AOTBENCH_TEST_TAG": tag})
    deadline = time.time() + 600
    while time.time() < deadline and proc.poll() is None:
        try:
            if results(out)[1]:
                break
        except (FileNotFoundError, json.JSONDecodeError, KeyError):
            pass
        time.sleep(0.05)
    # Interrupt while a QEMU of the next variant runs; seeing it also proves the leak check below can see one.
    while time.time() < deadline and proc.poll() is None and not qemus_of(tag):
        time.sleep(0.02)
    if proc.poll() is not None:
        fail(f"{name}: the sweep ended before it could be interrupted ({proc.returncode})")
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=120)
    print(name, proc.returncode, stdout[-1500:], stderr[-1500:])
    expected = 130 if sig == signal.SIGINT else -signal.SIGKILL
    if proc.returncode != expected:
        fail(f"{name}: exit code {proc.returncode}, expected {expected}")
    # The emulator must go with its aotbench: give it a few seconds to exit, polling.
    gone_by = time.time() + 5
    while qemus_of(tag) and time.time() < gone_by:
        time.sleep(0.05)
    if qemus_of(tag):
        fail(f"{name}: QEMU left running 5 s after aotbench ended: pids {qemus_of(tag)}")
    kept = results(out)[1]
    if not 1 <= len(kept) < N:
        fail(f"{name}: {len(kept)} results kept after the interruption")
    p = subprocess.run([aotbench, *ARGS, "--out", str(out), "--resume"], capture_output=True, text=True, timeout=900)
    print(p.stdout[-2000:], p.stderr[-1500:])
    if p.returncode != 0:
        fail(f"{name}: --resume exited {p.returncode}")
    if "resuming" not in p.stderr:
        fail(f"{name}: --resume did not say it resumed")
    return out


ref = work / "reference"
p = subprocess.run([aotbench, *ARGS, "--out", str(ref)], capture_output=True, text=True, timeout=900)
if p.returncode != 0:
    fail(f"reference sweep exited {p.returncode}: {p.stderr[-2000:]}")
_, reference = results(ref)
if len(reference) != N:
    fail(f"reference sweep has {len(reference)} variants")

db = sqlite3.connect(HISTORY)
for name, sig in (("sigint", signal.SIGINT), ("sigkill", signal.SIGKILL)):
    out = interrupted(name, sig)
    run_id, got = results(out)
    if comparable(got) != comparable(reference):
        fail(f"{name}: results after --resume differ from the uninterrupted sweep:\n{comparable(got)}\n{comparable(reference)}")
    rows = db.execute("SELECT key, COUNT(*) FROM variants WHERE run_id = ? GROUP BY key", (run_id,)).fetchall()
    if sorted(k for k, _ in rows) != sorted(reference) or any(n != 1 for _, n in rows):
        fail(f"{name}: history rows for run {run_id}: {rows}")
    winners = db.execute("SELECT key FROM variants WHERE run_id = ? AND selected = 1", (run_id,)).fetchall()
    if len(winners) != 1:
        fail(f"{name}: {len(winners)} winners in the history")
print("sweep resume passed")
