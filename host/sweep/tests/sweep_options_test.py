#!/usr/bin/python3
"""sweep.options: bad options, and options that do not apply to the board, are refused before any work.

Every case runs in an empty working folder with the default --out and --history: it must exit
non-zero within seconds with a message saying what was wrong, and leave no aotbench-results behind
(nothing was built, booted or written). Then -j above the core count is capped with a message, and
the one-variant sweep still runs, its history under --out and its --json output clean.

usage: sweep_options_test.py AOTBENCH WORKDIR
"""
import json
import os
import pathlib
import pty
import shutil
import subprocess
import sys
import time

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
ONE = ["--board", "stm32", "--model", "kws", "--variants", "@corners;opt=Os;cc=gcc;api=packed"]
(work / "short.raw").write_bytes(b"\x01\x02\x03")
(work / "a_folder").mkdir()


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


USAGE = 64  # every bad command line, whatever the mistake (sysexits.h's EX_USAGE)
HARDWARE = ["--board", "nucleo-f446re"]  # ONE's board replaced: real hardware, none attached here
# (options replacing ONE's tail, its board or added to it, the exit code, what the message must say)
CASES = [
    (["--warmup", "-1"], USAGE, "--warmup: -1 is not a whole number from 0 to 100"),
    (["--warmup", "101"], USAGE, "--warmup: 101 is not a whole number from 0 to 100"),
    (["--repeat", "0"], USAGE, "--repeat: 0 is not a whole number from 1 to 32 (timed runs per variant; one device Run "
                             "reports at most 32)"),
    (["--repeat", "-1"], USAGE, "--repeat: -1 is not a whole number from 1 to 32"),
    (["--repeat", "33"], USAGE, "--repeat: 33 is not a whole number from 1 to 32"),
    (["--max-ram", "-5"], USAGE, "--max-ram: -5 is negative; give a size in bytes >= 0"),
    (["--max-flash", "-1K"], USAGE, "--max-flash: -1K is negative"),
    (["--max-stack", "12Q"], USAGE, "--max-stack: 12Q is not a size in bytes"),
    (["-j", "0"], USAGE, "--jobs: 0 is not a whole number of at least 1"),
    (["-j", "-1"], USAGE, "--jobs: -1 is not a whole number of at least 1"),
    (["--variants", ""], USAGE, "--variants: '' has no term; give e.g. api=packed"),
    (["--variants", ";;;"], USAGE, "--variants: ';;;' has no term"),
    (["--variants", "+"], USAGE, "an empty term in --variants"),
    (["--input", str(work / "a_folder")], USAGE, f"--input: {work / 'a_folder'} is a directory; give a file"),
    (["--input", str(work / "missing.raw")], USAGE, "missing.raw does not exist"),
    (["--input", str(work / "short.raw")], USAGE, "short.raw has 3 bytes; input 0 of the model needs exactly"),
    (["--link-faults", "drop=2"], USAGE, "--link-faults: drop=2: '2' is not a probability from 0 to 1; give e.g. drop=0.01"),
    (["--link-faults", "corrupt=-0.1,seed=3"], USAGE, "--link-faults: corrupt=-0.1: '-0.1' is not a probability from 0 to 1"),
    (["--link-faults", "loss=0.01"], USAGE, "--link-faults: unknown fault 'loss'; give drop=P,corrupt=P,dup=P,seed=S"),
    (["--link-faults", "drop=0.1,seed=x"], USAGE, "--link-faults: seed=x: 'x' is not a whole number >= 0"),
    (["--max-flash", "18446744073709551616"], USAGE, "is more than 2^64-1 bytes"),
    (["--max-ram", "99999999999999999999G"], USAGE, "is more than 2^64-1 bytes"),
    # Options that do not apply to an emulated board are refused, not ignored.
    (["--serial", "garbage"], USAGE, "--serial garbage: board netduinoplus2 is emulated"),
    (["--serial", "tcp:nohost"], USAGE, "tcp:nohost is not tcp:HOST:PORT"),
    (["--flasher", "nosuch"], USAGE, "--flasher: nosuch not in {openocd,pyocd}"),
    (["--flasher", "openocd"], USAGE, "--flasher openocd: board netduinoplus2 is emulated"),
    (["--probe", "0670FF"], USAGE, "--probe 0670FF: board netduinoplus2 is emulated"),
    (["--gdb", "start"], USAGE, "--gdb start: board netduinoplus2 is emulated"),
    (["--coordinator", "127.0.0.1:20408"], USAGE, "--coordinator: board stm32 is no labgrid place"),
    (["--places", "2"], USAGE, "--places: board stm32 is no labgrid place"),
    # ... and those that do not apply to real hardware, or name what is not there, before building.
    (HARDWARE + ["--counter", "cycles"], USAGE, "--counter: board nucleo-f446re is real hardware"),
    (HARDWARE + ["--emulators", "per-variant"], USAGE, "--emulators: board nucleo-f446re is real hardware"),
    (HARDWARE + ["--serial", "/dev/no-such-port"], USAGE, "--serial /dev/no-such-port: no such device"),
]

for extra, code, said in CASES:
    cwd = work / f"case{CASES.index((extra, code, said))}"
    cwd.mkdir()
    args = ONE[:-2] + extra if extra[0] == "--variants" else ONE + extra
    if extra[:2] == HARDWARE:
        args = HARDWARE + ONE[2:] + extra[2:]
    t0 = time.time()
    try:
        p = subprocess.run([aotbench, *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        fail(f"{extra}: still running after 60 s (it started measuring)")
    seconds = time.time() - t0
    print(f"{extra}: exit {p.returncode} in {seconds:.1f} s: {p.stderr.strip()[:300]}")
    if p.returncode != code or said not in p.stderr:
        fail(f"{extra}: exit {p.returncode} (expected {code}), message does not say {said!r}:\n{p.stdout[-500:]}{p.stderr[-800:]}")
    if seconds > 10:
        fail(f"{extra}: took {seconds:.1f} s to refuse")
    if any(cwd.iterdir()):
        fail(f"{extra}: left {[f.name for f in cwd.iterdir()]} behind")

# Too many workers are capped at the core count, and the sweep runs. With --out and no --history,
# the history goes under --out, never into the working folder. With --json, stdout is the JSON
# alone (integers as integers, the run folder named) and a terminal's stderr still shows progress.
cores = os.cpu_count()
cwd = work / "capped_cwd"
cwd.mkdir()
leader, follower = pty.openpty()
p = subprocess.Popen([aotbench, *ONE, "-j", "1000", "--out", str(work / "capped"), "--json"], cwd=cwd,
                     stdout=subprocess.PIPE, stderr=follower, text=True)
os.close(follower)
tty = b""
while True:
    try:
        chunk = os.read(leader, 4096)
    except OSError:  # the sweep closed the terminal
        break
    if not chunk:
        break
    tty += chunk
stdout = p.communicate(timeout=600)[0]
tty = tty.decode(errors="replace")
print(tty[-800:])
if p.returncode != 0 or f"-j 1000 capped to {min(cores, 16)}" not in tty:
    fail(f"-j 1000: exit {p.returncode}, no message that it was capped to {min(cores, 16)}")
if "[1/1] ok" not in tty:
    fail(f"--json on a terminal: no progress on stderr: {tty[-500:]!r}")
j = json.loads(stdout)
if j.get("run_folder") != str((work / "capped").resolve()):
    fail(f"--json does not name the run folder: {j.get('run_folder')}")
for v in j["variants"]:
    for name in ("counts_median", "flash_total", "ram_total", "stack_bytes", "arena_bytes"):
        if not isinstance(v[name], int):
            fail(f"--json: {name} = {v[name]!r} is not an integer")
if not (work / "capped" / "history.sqlite").is_file() or any(cwd.iterdir()):
    fail(f"--out without --history: no capped/history.sqlite, or {[f.name for f in cwd.iterdir()]} in the working folder")
print("sweep options passed")
