#!/usr/bin/python3
"""cli.json: every command accepts --json, and what it prints with it is JSON (README: "Every
command has `--help`, and `--json` for scripts").

The commands are read from the CLI's own help, recursively (a new command without --json fails
here), then each is run with --json and its stdout parsed. Emulated boards boot one QEMU at a time.

The farm commands run against a real labgrid coordinator and exporter on loopback (the setup's
venv), with one place whose UART and GDB server are ports nothing listens on: taking the place and
reading its endpoints does not connect to them.

usage: cli_json_test.py AOTBENCH FIRMWARE_DIR WORKDIR DEPS_DIR
"""
import json
import pathlib
import random
import re
import shutil
import socket
import subprocess
import sys
import time

aotbench, firmware, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
venv = pathlib.Path(sys.argv[4]) / "venv" / "bin"
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def help_of(path):
    p = subprocess.run([aotbench, *path, "--help"], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        fail(f"{path} --help exited {p.returncode}")
    return p.stdout


def commands(path=()):
    """Every command reachable from `path`: itself if it runs, and the subcommands its help lists."""
    text = help_of(path)
    subs = re.findall(r"^  (\w[\w-]*)  ", text.split("Subcommands:")[1], re.M) if "Subcommands:" in text else []
    found = [] if path and subs else [path]  # a group (device) runs nothing itself; the top level sweeps
    for s in subs:
        found += commands((*path, s))
    return found


every = commands()
names = sorted(" ".join(c) or "(sweep)" for c in every)
print("commands:", names)
if len(every) < 9:  # the sweep, boards, report, codegen, variants, infer, device info/selftest/flash
    fail(f"too few commands found in the help: {names}")
for c in every:
    if not re.search(r"^\s+--json\b", help_of(c), re.M):
        fail(f"`aotbench {' '.join(c)}` has no --json")


def as_json(*args):
    p = subprocess.run([aotbench, *args], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        fail(f"{args}: exit {p.returncode}: {p.stderr[-1500:]}")
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError as e:
        fail(f"{args}: stdout is not JSON ({e}): {p.stdout[:500]}")


ran = set()
def check(command, *args):
    ran.add(command)
    return as_json(*args, "--json")


rnd = random.Random(9)
(work / "in.raw").write_bytes(bytes(rnd.randrange(256) for _ in range(490)))  # kws: int8[1x49x10]
check("(sweep)", "--board", "stm32", "--model", "kws", "--variants", "@corners;opt=Os;cc=gcc;api=unpacked",
      "--out", str(work / "run"), "--history", str(work / "h.sqlite"))
check("report", "report", str(work / "run" / "results.json"))
exported = check("tune", "tune", "--export", str(work / "log.jsonl"), "--history", str(work / "h.sqlite"))
if exported["exported"] != len((work / "log.jsonl").read_text().splitlines()) or exported["exported"] == 0:
    fail(f"tune --export --json: {exported}")
check("boards", "boards")
cache = check("cache", "cache", "--info")
if not isinstance(cache, dict) or not cache:
    fail(f"cache --info --json: {cache}")
check("variants", "variants")
if not any(o["operator"] == "CONV_2D" and o["supported"] for o in check("ops", "ops")["operators"]):
    fail("ops --json does not list CONV_2D as supported")
check("codegen", "codegen", "--model", "kws", "--out", str(work / "gen"))
check("infer", "infer", "--board", "host", "--model", "kws", "--input", str(work / "in.raw"), "--output",
      str(work / "out.raw"))
elf = firmware / "mps2-an386" / "selftest.elf"
check("device flash", "device", "flash", "--board", "mps2-an386", "--elf", str(elf), "--dry-run")
check("device info", "device", "info", "--board", "mps2-an386")
check("device selftest", "device", "selftest", "--board", "mps2-an386")
# `device serve` runs until stopped: its one JSON line (the endpoints) comes first.
ran.add("device serve")
serve = subprocess.Popen([aotbench, "device", "serve", "--board", "mps2-an386", "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
try:
    endpoints = json.loads(serve.stdout.readline() or "null")
    if not endpoints or not endpoints.get("gdb") or not endpoints.get("serial", "").startswith("tcp:"):
        fail(f"device serve --json: {endpoints}, {serve.stderr.read() if serve.poll() is not None else ''}")
finally:
    serve.terminate()
    serve.wait(timeout=10)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(log, text, proc):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if text in log.read_text(errors="replace"):
            return
        time.sleep(0.1)
    fail(f"{log.name}: no `{text}`: {log.read_text(errors='replace')[-1500:]}")


lab = work / "lab"
lab.mkdir()
coordinator = f"127.0.0.1:{free_port()}"
(lab / "exporter.yaml").write_text(
    f"cli-1:\n  console:\n    cls: NetworkSerialPort\n    host: 127.0.0.1\n    port: {free_port()}\n"
    f"    protocol: raw\n  gdb:\n    cls: NetworkSerialPort\n    host: 127.0.0.1\n    port: {free_port()}\n"
    f"    protocol: raw\n")
procs = []
try:
    for name, cmd in (("coordinator", [venv / "labgrid-coordinator", "-l", coordinator]),
                      ("exporter", [venv / "labgrid-exporter", "-c", coordinator, "-n", "cli", "--hostname",
                                    "127.0.0.1", "exporter.yaml"])):
        log = lab / f"{name}.log"
        procs.append(subprocess.Popen(cmd, cwd=lab, stdout=log.open("w"), stderr=subprocess.STDOUT))
        wait_for(log, "Coordinator ready" if name == "coordinator" else "connected to coordinator", procs[-1])
    client = [venv / "labgrid-client", "-x", coordinator, "-p", "cli-1"]
    for args in (["create"], ["add-named-match", "cli/cli-1/NetworkSerialPort/console", "console"],
                 ["add-named-match", "cli/cli-1/NetworkSerialPort/gdb", "gdb"],
                 ["set-tags", "aotbench-board=netduinoplus2"]):
        subprocess.run([*client, *args], check=True, capture_output=True, timeout=60)
    places = check("farm places", "farm", "places", "--coordinator", coordinator)
    if [p["name"] for p in places["places"]] != ["cli-1"]:
        fail(f"farm places --json: {places}")
    lease = check("farm lease", "farm", "lease", "labgrid:cli-1", "--coordinator", coordinator)
    if lease.get("board") != "netduinoplus2":
        fail(f"farm lease --json: {lease}")
finally:
    for p in reversed(procs):
        p.terminate()
        p.wait(timeout=10)

if not check("doctor", "doctor", "--board", "mps2-an386")["ok"]:
    fail("doctor --board mps2-an386 --json: not ok on an emulated board")
if ran != set(names):
    fail(f"commands not run with --json here: {set(names) - ran}")
print("cli json passed")
