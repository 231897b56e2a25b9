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
import json
import pathlib
import shutil
import subprocess
import sys

from standalone import fail, hidden_folders, run, sweep_alone

build, source, firmware, work = (pathlib.Path(a) for a in sys.argv[1:5])
shutil.rmtree(work, ignore_errors=True)
elsewhere, empty = work / "elsewhere", work / "empty"
for d in (elsewhere, empty):
    d.mkdir(parents=True)
prefix = work / "prefix"
share = prefix / "share" / "aotbench"
aotbench = prefix / "bin" / "aotbench"

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

run_folder = sweep_alone(aotbench, "@corners", 10, hidden_folders(source, firmware), empty, elsewhere)
print(f"installed aotbench ran the kws @corners sweep alone: 10 variants, results in {run_folder}")
