"""Running a sweep as the Python tests do: aotbench with --json, into WORK/NAME, one history per
test folder; the results.csv rows by key, the --json output and the wall time come back."""
import csv
import json
import subprocess
import sys
import time


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run_sweep(aotbench, work, name, args, timeout=1200, env=None):
    """`args` must include --json. Fails the test when the sweep exits non-zero."""
    out = work / name
    t0 = time.monotonic()
    p = subprocess.run([aotbench, *args, "--out", str(out), "--history", str(work / "history.sqlite")],
                       capture_output=True, text=True, timeout=timeout, env=env)
    wall = time.monotonic() - t0
    print(f"--- {name}: exit {p.returncode} in {wall:.2f} s\n{p.stderr[-3000:]}")
    if p.returncode != 0:
        fail(f"sweep {name} exited {p.returncode}: {p.stdout[-2000:]}")
    rows = {r["key"]: r for r in csv.DictReader((out / "results.csv").open())}
    return rows, json.loads(p.stdout), wall
