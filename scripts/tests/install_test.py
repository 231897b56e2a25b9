#!/usr/bin/python3
"""standalone.install: `cmake --install` into a temporary prefix gives an aotbench that runs alone.

The installed tree has bin/aotbench and share/aotbench (scenarios, kernels, runtime, device
headers, prebuilt firmware of every board). From an unrelated working directory, the installed
aotbench names its board profiles from the prefix and runs the kws @corners sweep in QEMU (one
emulator), exit 0, every variant ok and matching the reference, results written there. The
sweep runs with the source tree's data folders and the build tree's firmware hidden behind empty
mounts (a private mount namespace), so a fallback to the compiled-in paths would fail it.

usage: install_test.py BUILD_DIR SOURCE_DIR FIRMWARE_DIR WORKDIR
"""
import csv
import json
import pathlib
import shutil
import subprocess
import sys

build, source, firmware, work = (pathlib.Path(a) for a in sys.argv[1:5])
shutil.rmtree(work, ignore_errors=True)
elsewhere, empty = work / "elsewhere", work / "empty"
for d in (elsewhere, empty):
    d.mkdir(parents=True)
prefix = work / "prefix"
share = prefix / "share" / "aotbench"
aotbench = prefix / "bin" / "aotbench"
# What the compiled-in fallbacks point at (codegen/data/data_dir.hpp's callers).
HIDDEN = [source / "scenarios", source / "codegen", source / "device", source / "host", firmware]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    print(f"$ {' '.join(map(str, cmd))[:300]} -> {p.returncode}\n{p.stdout[-2500:]}{p.stderr[-2500:]}")
    return p


p = run(["cmake", "--install", build, "--prefix", prefix], timeout=300)
if p.returncode != 0:
    fail("cmake --install failed")
boards = sorted(f.stem for f in (source / "scenarios" / "boards").glob("*.toml") if f.stem != "aliases")
wanted = [aotbench, share / "scenarios/boards/aliases.toml", share / "scenarios/models/kws.toml",
          share / "scenarios/sweeps/corners.toml", share / "codegen/runtime/ab_aot_runtime.c",
          share / "codegen/kernels/include/ab_params.h", share / "codegen/kernels/reference/ab_ref_conv2d.c",
          share / "device/include/aotbench/model_iface.h", share / "host/infer/host_main.c",
          share / "timing/libab_timing.so"]  # the timing model: stm32's sweep below counts cycles with it
for b in boards:
    wanted += [share / "firmware" / b / f for f in ("libabdevice.a", "selftest.elf", "calibration.su")]
    wanted += [share / "firmware/gen" / b / f for f in ("board_config.h", "link.ld", "startup.c")]
wanted += [prefix / "share/man/man1/aotbench.1", prefix / "share/doc/aotbench/README.md",
           prefix / "share/doc/aotbench/copyright"]
missing = [str(w.relative_to(prefix)) for w in wanted if not w.is_file()]
if missing:
    fail(f"not installed: {missing}")
# Stripped by default; the man page documents every command.
sections = subprocess.run(["readelf", "-S", str(aotbench)], capture_output=True, text=True).stdout
if ".symtab" in sections or ".debug_info" in sections:
    fail(f"bin/aotbench is not stripped ({aotbench.stat().st_size} bytes)")
man = (prefix / "share/man/man1/aotbench.1").read_text()
if any(f'.SH "aotbench {c}"' not in man for c in ("codegen", "report", "cache", "variants")):
    fail("the man page lacks a command's section")

# The installed aotbench reads its board profiles from the prefix, not from the source tree.
p = run([aotbench, "boards", "--json"], cwd=elsewhere, timeout=60)
profiles = [b["profile"] for b in json.loads(p.stdout)["boards"]] if p.returncode == 0 else []
if sorted(pathlib.Path(f).stem for f in profiles) != boards:
    fail(f"aotbench boards lists {profiles}, expected the profiles of {boards}")
outside = [f for f in profiles if not pathlib.Path(f).is_relative_to(share)]
if outside:
    fail(f"the installed aotbench reads profiles outside {share}: {outside}")

# Hide the compiled-in data folders, where this machine lets a test make a private mount namespace.
sweep = [aotbench, "--board", "stm32", "--model", "kws", "--variants", "@corners", "--tune", "off", "--jobs", "1"]
if run(["unshare", "-m", "true"]).returncode == 0:
    mounts = " && ".join(f'mount --bind "{empty}" "{d}"' for d in HIDDEN if d.is_dir())
    sweep = ["unshare", "-m", "sh", "-c", mounts + ' && exec "$@"', "sh", *sweep]
else:
    print("note: unshare -m is not permitted here; the source tree stays visible (the profile check above holds)")
p = run(sweep, cwd=elsewhere, timeout=1200)
if p.returncode != 0:
    fail(f"the installed aotbench's sweep exited {p.returncode}")
runs = [d for d in (elsewhere / "aotbench-results").iterdir() if d.is_dir()]
if len(runs) != 1:
    fail(f"expected one run folder in {elsewhere / 'aotbench-results'}, found {runs}")
results = json.loads((runs[0] / "results.json").read_text())["benchmarks"]
if len(results) != 10:
    fail(f"results.json has {len(results)} variants, expected the 10 of @corners")
rows = list(csv.DictReader((runs[0] / "results.csv").open()))
bad = [r["key"] for r in rows if r["status"] != "ok" or r["outputs_match"] != "yes"]
if len(rows) != 10 or bad:
    fail(f"results.csv: {len(rows)} rows, not ok or not matching the reference: {bad}")
if not (runs[0] / "best.toml").is_file() or not (elsewhere / "aotbench-results/history.sqlite").is_file():
    fail("no best.toml or history.sqlite")
print(f"installed aotbench ran the kws @corners sweep alone: {len(results)} variants, results in {runs[0]}")
