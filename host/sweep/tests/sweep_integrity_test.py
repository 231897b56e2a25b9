#!/usr/bin/python3
"""sweep.integrity: --resume never mixes runs (issue 9).

A finished kws sweep (2 variants) is copied. Resuming the copy with another model (ic), another
board (mps2-an386), another sweep space or other repeats is refused: exit 1, a message naming what
differs with both values, and the folder and the history database left byte for byte as they
were. Resuming the copy unchanged reuses both results and measures nothing; a result whose
fingerprint (what it was measured with) does not match is measured again.

usage: sweep_integrity_test.py AOTBENCH WORKDIR
"""
import json
import pathlib
import shutil
import subprocess
import sys

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
HISTORY = work / "history.sqlite"
SPACE = "@corners;opt=Os;cc=gcc"  # the packed and unpacked corners at -Os: 2 variants
COMMON = ["--jobs", "1", "--history", str(HISTORY), "--tune", "off"]  # the space only: tuning has its own test


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(*args, timeout=600):
    p = subprocess.run([aotbench, *args, *COMMON], capture_output=True, text=True, timeout=timeout)
    print("$ aotbench", " ".join(args), "->", p.returncode, "\n", p.stdout[-1500:], p.stderr[-1500:])
    return p


def snapshot(folder):
    files = {str(f.relative_to(folder)): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}
    return files, HISTORY.read_bytes()


def context(folder):
    return json.loads((folder / "results.json").read_text())["context"]


ref = work / "kws"
p = run("--board", "stm32", "--model", "kws", "--variants", SPACE, "--out", str(ref))
if p.returncode != 0:
    fail(f"the reference sweep exited {p.returncode}")
kws = context(ref)
copy = work / "copy"
shutil.copytree(ref, copy)
before = snapshot(copy)

# Each case: the options that differ, and what the refusal must say.
cases = [
    ("another model", ["--board", "stm32", "--model", "ic", "--variants", SPACE],
     ["model kws (sha256 " + kws["model_sha256"][:12], "this run's model is ic (sha256 "]),
    ("the issue's model and space", ["--board", "stm32", "--model", "ic", "--variants", "@planners"],
     ["model kws", "model is ic", "sweep space", "'@planners'"]),
    ("another board", ["--board", "mps2-an386", "--model", "kws", "--variants", SPACE],
     ["board netduinoplus2 (profile sha256 ", "this run's board is mps2-an386"]),
    ("another space", ["--board", "stm32", "--model", "kws", "--variants", "@corners;opt=O2;cc=gcc"],
     [f"sweep space is --variants '{SPACE}' (2 variants)", "'@corners;opt=O2;cc=gcc' (2 variants)"]),
    ("other repeats", ["--board", "stm32", "--model", "kws", "--variants", SPACE, "--repeat", "3"],
     ["--repeat 1 --warmup 0, this run asks --repeat 3 --warmup 0"]),
]
for name, args, said in cases:
    p = run(*args, "--out", str(copy), "--resume")
    if p.returncode != 1:
        fail(f"{name}: --resume exited {p.returncode}, expected 1 (an error)")
    for text in said + ["--resume: " + str(copy) + " holds another sweep"]:
        if text not in p.stderr:
            fail(f"{name}: the error does not say {text!r}: {p.stderr}")
    if "resuming" in p.stderr or p.stdout:
        fail(f"{name}: it resumed anyway")
    if snapshot(copy) != before:
        fail(f"{name}: the refused --resume changed the run folder or the history database")

# The unchanged command resumes: both results are reused, nothing is measured again.
p = run("--board", "stm32", "--model", "kws", "--variants", SPACE, "--out", str(copy), "--resume")
if p.returncode != 0 or "2 variants measured before, 0 to go" not in p.stderr or "measured 0 variants now (2 from before)" not in p.stdout:
    fail(f"an unchanged --resume: exit {p.returncode}, did not reuse both results")
if [b["counts_median"] for b in json.loads((copy / "results.json").read_text())["benchmarks"]] != \
        [b["counts_median"] for b in json.loads((ref / "results.json").read_text())["benchmarks"]]:
    fail("an unchanged --resume changed the counts")

# A result measured with other inputs (its fingerprint differs) is measured again, the other kept.
doc = json.loads((copy / "results.json").read_text())
doc["benchmarks"][0]["aotbench"]["fingerprint"] = "0" * 64
(copy / "results.json").write_text(json.dumps(doc))
p = run("--board", "stm32", "--model", "kws", "--variants", SPACE, "--out", str(copy), "--resume")
if p.returncode != 0 or "1 variants measured before, 1 to go" not in p.stderr or "measured with other inputs" not in p.stderr:
    fail(f"a result with another fingerprint: exit {p.returncode}; it was not measured again")
after = json.loads((copy / "results.json").read_text())["benchmarks"]
if after[0]["aotbench"]["fingerprint"] != json.loads((ref / "results.json").read_text())["benchmarks"][0]["aotbench"]["fingerprint"]:
    fail("the result measured again has another fingerprint than the reference's")
print("sweep integrity passed")
