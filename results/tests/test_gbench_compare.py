#!/usr/bin/python3
"""results.gbench_compare: Google Benchmark's own compare.py reads our results.json.

usage: test_gbench_compare.py WRITE_SAMPLE WORKDIR
Writes the base and changed sample runs, runs /usr/share/benchmark/compare.py on them and checks
that it succeeds, lists every variant the two runs share, and reports the known time changes
(computed here from the JSON files' real_time fields).
"""
import json
import pathlib
import shutil
import subprocess
import sys

COMPARE = "/usr/share/benchmark/compare.py"


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        fail(f"{' '.join(map(str, cmd))} exited {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p.stdout


def main():
    writer, work = sys.argv[1], pathlib.Path(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    run([writer, work / "a", "base"])
    run([writer, work / "b", "changed"])
    a = json.loads((work / "a/results.json").read_text())
    b = json.loads((work / "b/results.json").read_text())

    # Comparing a run with itself lists every one of its variants.
    out = run([sys.executable, COMPARE, "--no-color", "benchmarks", work / "a/results.json", work / "a/results.json"])
    lines = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.strip()}
    for bench in a["benchmarks"]:
        if bench["name"] not in lines:
            fail(f"compare.py did not list {bench['name']}:\n{out}")
    print(f"compare.py listed all {len(a['benchmarks'])} variants of one run")

    # Two runs: every shared variant is listed with the change compare.py computes from real_time.
    out = run([sys.executable, COMPARE, "--no-color", "benchmarks", work / "a/results.json", work / "b/results.json"])
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.strip()}
    old = {x["name"]: x["real_time"] for x in a["benchmarks"]}
    new = {x["name"]: x["real_time"] for x in b["benchmarks"]}
    shared = [n for n in old if n in new]
    if len(shared) != len(old) - 1:
        fail(f"expected exactly one variant dropped between the sample runs, got {len(old) - len(shared)}")
    changed = 0
    for name in shared:
        if name not in rows:
            fail(f"compare.py did not list {name}:\n{out}")
        expected = 0.0 if old[name] == new[name] else (new[name] - old[name]) / abs(old[name]) if old[name] else 0.0
        got = float(rows[name][1])
        if abs(got - expected) > 0.00006:
            fail(f"{name}: compare.py says {got:+.4f}, the files say {expected:+.4f}")
        changed += expected != 0
    if changed != 2:
        fail(f"expected the two known time changes (+10%, -5%), found {changed}")
    print(f"compare.py listed all {len(shared)} shared variants with the expected changes")


if __name__ == "__main__":
    main()
