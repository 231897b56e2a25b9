#!/usr/bin/python3
"""cli.variants: `aotbench variants` names each knob's stage (generate, or build: only the C compiler
reads it), in its text and in --json, and the stage is true: every value of a build knob
generates the same code (`aotbench codegen`, the Variant comment line aside) as the defaults,
while a generation knob changes it.

usage: cli_variants_test.py AOTBENCH WORKDIR
"""
import json
import pathlib
import shutil
import subprocess
import sys

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(*args):
    p = subprocess.run([aotbench, *args], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        fail(f"aotbench {' '.join(args)}: exit {p.returncode}: {p.stderr[-1500:]}")
    return p.stdout


knobs = json.loads(run("variants", "--json"))["knobs"]
stages = {k["name"]: k.get("stage") for k in knobs}
print("stages:", stages)
if any(s not in ("generate", "build") for s in stages.values()):
    fail(f"variants --json: a knob without a stage of generate or build: {stages}")
# Only the compiler's knobs are build knobs: the optimization level, the compiler, loop alignment.
if sorted(n for n, s in stages.items() if s == "build") != ["align", "cc", "opt"]:
    fail(f"the build knobs are {[n for n, s in stages.items() if s == 'build']}, not align, cc and opt")

text = run("variants").splitlines()
if text[0].split()[:2] != ["knob", "stage"]:
    fail(f"the text's header does not name the stage: {text[0]!r}")
for name, stage in stages.items():
    row = next((line.split() for line in text if line.split()[:1] == [name]), None)
    if row is None or row[1] != stage:
        fail(f"the text's row of {name} says {row[1] if row else 'nothing'}, --json says {stage}")


def model_code(variant):
    """kws's generated model sources for a variant, the line naming the variant left out."""
    out = work / variant.replace(",", "_").replace("=", "-")
    run("codegen", "--model", "kws", "--variant", variant, "--out", str(out))
    code = {}
    for f in sorted([*(out / "src").iterdir(), *(out / "include").iterdir()]):
        code[f.name] = [line for line in f.read_text().splitlines() if "Variant:" not in line]
    return code


default = model_code("api=unpacked")
for k in knobs:
    if k["stage"] != "build":
        continue
    for value in k["values"]:
        # gcc aligns loops only when optimizing for speed: align= is refused at the default -Os
        spec = f"{k['name']}={value}" + (",opt=O2" if k["name"] == "align" and value != "off" else "")
        if model_code(spec) != default:
            fail(f"{k['name']}={value} (a build knob) changes the generated code")
for generation in ("api=packed", "index=i64"):
    if model_code(generation) == default:
        fail(f"{generation} (a generation knob) generates the defaults' code: the comparison sees nothing")
print("cli variants passed")
