#!/usr/bin/python3
"""sweep.concurrent: sweeps running at the same time never share a folder or a run (issue 9).

1. Two sweeps of kws on stm32 started in the same second with the default --out (one measures the
   packed corner, the other the unpacked one) write two folders; both complete, and the history
   holds two runs with one row each, its own.
2. While a sweep runs, `--resume` of its folder, and a new sweep with the same --out, are refused
   with exit 1 naming the holder (its pid and command line); the running sweep completes
   undisturbed.

Every QEMU goes through one_qemu/qemu-system-arm, so the sweeps take turns on one emulator.

usage: sweep_concurrent_test.py AOTBENCH WORKDIR
"""
import fcntl
import json
import os
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import time

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
ENV = os.environ | {"PATH": f"{pathlib.Path(__file__).parent / 'one_qemu'}:{os.environ['PATH']}",
                    "AOTBENCH_TEST_QEMU_LOCK": str(work / "qemu.lock")}
SPACE = "@corners;opt=Os;cc=gcc"


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def start(*args, cwd):
    return subprocess.Popen([aotbench, "--board", "stm32", "--model", "kws", "--jobs", "1", "--tune", "off", *args], cwd=cwd, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(name, proc):
    out, err = proc.communicate(timeout=600)
    print(f"{name}: exit {proc.returncode}\n{out[-1200:]}{err[-1200:]}")
    if proc.returncode != 0:
        fail(f"{name} exited {proc.returncode}")


# 1. The same second, the default --out.
for attempt in range(3):
    cwd = work / f"same_second{attempt}"
    cwd.mkdir()
    while time.time() % 1 > 0.3:  # start both early in one second
        time.sleep(0.01)
    a = start("--variants", SPACE + ";api=packed", cwd=cwd)
    b = start("--variants", SPACE + ";api=unpacked", cwd=cwd)
    finish("packed", a)
    finish("unpacked", b)
    folders = sorted(d for d in (cwd / "aotbench-results").iterdir() if d.is_dir())
    runs = [json.loads((d / "results.json").read_text()) for d in folders if (d / "results.json").exists()]
    if len({r["context"]["date"] for r in runs}) == 1:
        break
    print("the two sweeps did not start in the same second; again")  # the race needs one second
else:
    fail("could not start two sweeps in the same second")
if len(folders) != 2 or len(runs) != 2:
    fail(f"two sweeps wrote {len(folders)} folder(s): {[f.name for f in folders]}")
ids = {r["context"]["run_id"] for r in runs}
if len(ids) != 2:
    fail(f"two sweeps share the run id {ids}")
db = sqlite3.connect(cwd / "aotbench-results" / "history.sqlite")
if sorted(r for (r,) in db.execute("SELECT run_id FROM runs")) != sorted(ids):
    fail(f"history runs {db.execute('SELECT run_id FROM runs').fetchall()}, expected {ids}")
for r in runs:
    keys = [b["name"] for b in r["benchmarks"]]
    rows = [k for (k,) in db.execute("SELECT key FROM variants WHERE run_id = ?", (r["context"]["run_id"],))]
    api = "api=packed" if "api=packed" in r["context"]["command_line"] else "api=unpacked"
    if len(keys) != 1 or not keys[0].startswith(api) or rows != keys:
        fail(f"run {r['context']['run_id']} ({api}): results.json {keys}, history rows {rows}")

# 2. A folder held by a live sweep. While the checks run, the test holds the emulator lock, so
# the holder waits for its next QEMU (within its 5 s boot timeout) and cannot finish meanwhile:
# one emulator per variant, as a kept one would let it run its second variant without a new QEMU.
held = work / "held"
args = ["--variants", SPACE, "--history", str(work / "held.sqlite"), "--emulators", "per-variant"]
a = start(*args, "--out", str(held), cwd=work)
deadline = time.time() + 120
while a.poll() is None and time.time() < deadline and not (held / "run.json").exists() \
        and not (held / "results.json").exists():
    time.sleep(0.02)
emulator = os.open(ENV["AOTBENCH_TEST_QEMU_LOCK"], os.O_RDWR | os.O_CREAT)
fcntl.flock(emulator, fcntl.LOCK_EX)
if a.poll() is not None:
    fail(f"the first sweep ended (exit {a.returncode}) before the folder could be tried")
for name, extra in (("--resume", ["--resume"]), ("a new sweep", [])):
    p = subprocess.run([aotbench, "--board", "stm32", "--model", "kws", "--jobs", "1", *args, "--out", str(held),
                        *extra], env=ENV, capture_output=True, text=True, timeout=600)
    print(f"{name}: exit {p.returncode}\n{p.stdout[-800:]}{p.stderr[-800:]}")
    if p.returncode != 1 or f"is in use by another aotbench (pid {a.pid} on host " not in p.stderr \
            or "--out " + str(held) not in p.stderr:
        fail(f"{name} of a folder held by pid {a.pid}: exit {p.returncode}, not refused with the holder named")
os.close(emulator)
finish("the holder", a)
results = json.loads((held / "results.json").read_text())["benchmarks"]
if len(results) != 2 or any(b.get("error_occurred") for b in results):
    fail(f"the holder's results: {[(b['name'], b.get('error_message')) for b in results]}")
print("sweep concurrent passed")
