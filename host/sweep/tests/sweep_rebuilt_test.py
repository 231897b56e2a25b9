#!/usr/bin/python3
"""sweep.rebuilt: a sweep whose build changes under it (its aotbench replaced, as a rebuild does)
stops within seconds, says which file changed and what to do, keeps what it measured, and
--resume finishes it.

Two variants of kws on the emulated STM32, one worker, each run 40 + 32 times so that the second
one keeps the emulator busy for about eight seconds: that wait stands for one that never ends (an
emulator or firmware of one build that does not answer the other). The sweep runs from a link to
the built aotbench; once the first result is in results.json a new file takes the link's place.
Before, the sweep went on with the old build until the end (or, with a device gone quiet, for
its whole silence limit per variant and again at the end: about 50 minutes for 10 variants).

usage: sweep_rebuilt_test.py AOTBENCH WORKDIR
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

from sweep_cli import fail

aotbench, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
exe = work / "aotbench"
try:
    os.link(aotbench, exe)  # the same file under another name: the one the sweep runs from
except OSError:
    shutil.copy2(aotbench, exe)
run = work / "run"
ARGS = ["--board", "stm32", "--model", "kws", "--variants", "@none;+opt=Os|O0", "--repeat", "32", "--warmup", "40",
        "--jobs", "1", "--tune", "off", "--out", str(run), "--history", str(work / "history.sqlite")]


def measured():
    try:
        bench = json.loads((run / "results.json").read_text())["benchmarks"]
    except (OSError, ValueError, KeyError):
        return []
    return [b["aotbench"] for b in bench if "aotbench" in b]


sweep = subprocess.Popen([str(exe), *ARGS], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 300
while not measured() and sweep.poll() is None and time.monotonic() < deadline:
    time.sleep(0.1)
if sweep.poll() is not None or not measured():
    out, err = sweep.communicate(timeout=60) if sweep.poll() is None else sweep.communicate()
    fail(f"the sweep ended (exit {sweep.returncode}) or measured nothing before the rebuild: {err[-2000:]}")

# "Rebuilt": a new file at the path, as a linker writes it (the running process keeps the old one).
fresh = work / "aotbench.new"
fresh.write_text("#!/bin/sh\necho a newer aotbench\n")
fresh.chmod(0o755)
os.replace(fresh, exe)
changed = time.monotonic()
try:
    out, err = sweep.communicate(timeout=60)
except subprocess.TimeoutExpired:
    sweep.kill()
    out, err = sweep.communicate()
    fail(f"the sweep was still running 60 s after its aotbench was replaced: {err[-2000:]}")
stopped_after = time.monotonic() - changed
print(f"--- rebuilt under the sweep: exit {sweep.returncode}, {stopped_after:.1f} s after the change\n{err[-3000:]}")
if sweep.returncode != 1:
    fail(f"a sweep whose aotbench was replaced exited {sweep.returncode}, not 1 (an error)")
for said in (f"{exe} was replaced (rebuilt?)", "The sweep stopped", "1 results are kept", "--resume"):
    if said not in err:
        fail(f"the sweep does not say {said!r}")
# The second variant's runs take about 8 s: the sweep must not have waited for them.
if stopped_after > 5:
    fail(f"the sweep took {stopped_after:.1f} s to stop after its aotbench was replaced (at most 5)")
kept = measured()
if len(kept) != 1 or kept[0]["status"] != "ok":
    fail(f"results.json after the stop: {[(v['key'], v['status']) for v in kept]}, not the one variant measured before")

resumed = subprocess.run([str(aotbench), *ARGS, "--resume"], capture_output=True, text=True, timeout=300)
print(f"--- resumed with the rebuilt aotbench: exit {resumed.returncode}\n{resumed.stderr[-2000:]}")
if resumed.returncode != 0 or "1 variants measured before, 1 to go" not in resumed.stderr:
    fail(f"--resume exited {resumed.returncode} or did not measure only the variant left")
if sorted(v["status"] for v in measured()) != ["ok", "ok"]:
    fail(f"after --resume: {[(v['key'], v['status']) for v in measured()]}")
print("sweep rebuilt passed")
