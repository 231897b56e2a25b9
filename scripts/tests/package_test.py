#!/usr/bin/python3
"""standalone.deb: `cpack -G DEB` builds a Debian package of aotbench that works unpacked.

The .deb has the metadata apt needs (name, version, maintainer, the run-time Depends: the Arm
cross toolchain with newlib, QEMU, gdb-multiarch, clang) and lists usr/bin/aotbench,
usr/share/aotbench (scenarios, kernels, runtime, firmware of every board), the copyright file, the
README and the man page. Unpacked with dpkg-deb, its aotbench finds the
profiles and sweep spaces inside the package tree, not in the source tree, and runs a sweep of one
variant in QEMU with the source tree's data and the build's firmware hidden (standalone.py).

usage: package_test.py BUILD_DIR SOURCE_DIR VERSION WORKDIR FIRMWARE_DIR
"""
import json
import pathlib
import shutil
import sys

from standalone import fail, hidden_folders, run, sweep_alone

build, source, version, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3], pathlib.Path(sys.argv[4])
firmware = pathlib.Path(sys.argv[5])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)


def output(cmd, **kw):
    p = run(cmd, **kw)
    if p.returncode != 0:
        fail(f"{cmd[0]} exited {p.returncode}")
    return p.stdout


output(["cpack", "-G", "DEB", "--config", build / "CPackConfig.cmake", "-B", work], cwd=work, timeout=600)
debs = list(work.glob("*.deb"))
if len(debs) != 1:
    fail(f"expected one .deb in {work}, found {debs}")
deb = debs[0]

fields = {k: output(["dpkg-deb", "-f", deb, k]).strip() for k in ("Package", "Version", "Maintainer", "Depends", "Description")}
if fields["Package"] != "aotbench" or fields["Version"] != version or not fields["Maintainer"] or not fields["Description"]:
    fail(f"package metadata: {fields}")
depends = {d.split()[0] for d in fields["Depends"].split(", ")}
for need in ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "qemu-system-arm", "gdb-multiarch", "clang", "libdlpack-dev",
             "libfmt9"):
    if need not in depends:
        fail(f"Depends lacks {need}: {fields['Depends']}")

listed = {line.split()[-1].removeprefix("./") for line in output(["dpkg-deb", "-c", deb]).splitlines()}
boards = sorted(f.stem for f in (source / "scenarios" / "boards").glob("*.toml") if f.stem != "aliases")
wanted = ["usr/bin/aotbench", "usr/share/aotbench/scenarios/boards/aliases.toml",
          "usr/share/aotbench/scenarios/models/mnv2.toml", "usr/share/aotbench/scenarios/sweeps/default.toml",
          "usr/share/aotbench/codegen/runtime/ab_aot_runtime.h", "usr/share/aotbench/codegen/kernels/dsp/ab_dsp_conv2d.h",
          "usr/share/aotbench/device/include/aotbench/model_iface.h", "usr/share/aotbench/host/infer/host_main.c",
          "usr/share/doc/aotbench/copyright", "usr/share/doc/aotbench/README.md", "usr/share/man/man1/aotbench.1"]
wanted += [f"usr/share/aotbench/firmware/{b}/libabdevice.a" for b in boards]
wanted += [f"usr/share/aotbench/firmware/gen/{b}/link.ld" for b in boards]
missing = [w for w in wanted if w not in listed]
if missing:
    fail(f"the .deb does not list {missing}")
ours = ("usr/bin/", "usr/share/aotbench/", "usr/share/doc/aotbench/", "usr/share/man/man1/aotbench.1")
strays = [f for f in listed if f and not (f.startswith(ours) or f.endswith("/"))]
if strays:
    fail(f"the .deb installs files outside usr/bin, usr/share/aotbench and its doc and man page: {strays}")

# Unpacked, the packaged aotbench (stripped by CPack) runs and reads its own data.
root = work / "root"
output(["dpkg-deb", "-x", deb, root])
share = root / "usr/share/aotbench"
profiles = [b["profile"] for b in json.loads(output([root / "usr/bin/aotbench", "boards", "--json"], cwd=work))["boards"]]
if len(profiles) != len(boards) or not all(pathlib.Path(f).is_relative_to(share) for f in profiles):
    fail(f"the packaged aotbench reads profiles {profiles}, expected {len(boards)} under {share}")

# Unpacked, it sweeps alone: profiles, kernels, runtime, firmware and timing model all from the package.
elsewhere, empty = work / "elsewhere", work / "empty"
for d in (elsewhere, empty):
    d.mkdir()
sweep_alone(root / "usr/bin/aotbench", "@none;+opt=O2,kernels=dsp", 1, hidden_folders(source, firmware), empty, elsewhere)
print(f"{deb.name}: {len(listed)} entries, Depends: {fields['Depends']}; its aotbench swept kws alone")
