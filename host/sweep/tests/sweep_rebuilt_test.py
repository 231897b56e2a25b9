"""sweep.rebuilt: a sweep whose build changes under it stops within seconds, says which file
changed and what to do, keeps what it measured, and --resume finishes it. Two rebuilds: its
aotbench replaced (as a link writes it), and only the kernels changed (the build's staged copy of
the sources compiled into every variant gets a new stamp).

Two variants of kws on the emulated STM32, one worker, each run 40 + 32 times so that the second
one keeps the emulator busy for about eight seconds: that wait stands for one that never ends (an
emulator or firmware of one build that does not answer the other). The stop must come in less than
two thirds of the time the resumed sweep then takes to measure that variant (waiting for it would
take about all of it): a bound that scales with the machine's load, as both times do. The sweep
runs from a link to the built aotbench; once the first result is in results.json the build is
changed under it.
Before, the sweep went on with the old build until the end (or, with a device gone quiet, for
its whole silence limit per variant and again at the end: about 50 minutes for 10 variants).

usage: sweep_rebuilt_test.py AOTBENCH WORKDIR   (AOTBENCH's folder holds the build's share/aotbench)
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

from sweep_cli import fail

aotbench, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
exe = work / "aotbench"


def link_aotbench():
    """The built aotbench under another name: the one the sweep runs from."""
    exe.unlink(missing_ok=True)
    try:
        os.link(aotbench, exe)
    except OSError:
        shutil.copy2(aotbench, exe)


link_aotbench()


def args(run):
    return ["--board", "stm32", "--model", "kws", "--variants", "@none;+opt=Os|O0", "--repeat", "32", "--warmup", "40",
            "--jobs", "1", "--tune", "off", "--out", str(run), "--history", str(run) + ".sqlite"]


def measured(run):
    try:
        bench = json.loads((run / "results.json").read_text())["benchmarks"]
    except (OSError, ValueError, KeyError):
        return []
    return [b["aotbench"] for b in bench if "aotbench" in b]


def stops_on(rebuild, run, said, env=None):
    """Starts the sweep into `run`, calls rebuild() once a result is in, and checks the stop.
    Returns the seconds from the change to the sweep's exit."""
    sweep = subprocess.Popen([str(exe), *args(run)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 300
    while not measured(run) and sweep.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    if sweep.poll() is not None or not measured(run):
        out, err = sweep.communicate(timeout=60) if sweep.poll() is None else sweep.communicate()
        fail(f"the sweep ended (exit {sweep.returncode}) or measured nothing before the rebuild: {err[-2000:]}")
    rebuild()
    changed = time.monotonic()
    try:
        out, err = sweep.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        sweep.kill()
        out, err = sweep.communicate()
        fail(f"the sweep was still running 60 s after the rebuild ({said}): {err[-2000:]}")
    stopped_after = time.monotonic() - changed
    print(f"--- rebuilt under the sweep: exit {sweep.returncode}, {stopped_after:.1f} s after the change\n{err[-3000:]}")
    if sweep.returncode != 1:
        fail(f"a sweep whose build changed exited {sweep.returncode}, not 1 (an error)")
    for words in (said, "The sweep stopped", "1 results are kept", "--resume"):
        if words not in err:
            fail(f"the sweep does not say {words!r}")
    kept = measured(run)
    if len(kept) != 1 or kept[0]["status"] != "ok":
        fail(f"results.json after the stop: {[(v['key'], v['status']) for v in kept]}, not the one variant measured before")
    return stopped_after


def did_not_wait(stopped_after, what):
    """The sweep stopped well before the variant it was measuring could have finished."""
    if stopped_after > resume_seconds * 2 / 3:
        fail(f"{what}: the sweep took {stopped_after:.1f} s to stop; measuring the variant it was on takes "
             f"{resume_seconds:.1f} s (the resumed sweep): it waited for the device instead of stopping")


def replace_aotbench():
    """A new file at the path, as a linker writes it (the running process keeps the old one)."""
    fresh = work / "aotbench.new"
    fresh.write_text("#!/bin/sh\necho a newer aotbench\n")
    fresh.chmod(0o755)
    os.replace(fresh, exe)


run = work / "run"
replaced_after = stops_on(replace_aotbench, run, f"{exe} was replaced (rebuilt?)")
started = time.monotonic()
resumed = subprocess.run([str(aotbench), *args(run), "--resume"], capture_output=True, text=True, timeout=300)
resume_seconds = time.monotonic() - started
print(f"--- resumed with the rebuilt aotbench in {resume_seconds:.1f} s: exit {resumed.returncode}\n{resumed.stderr[-2000:]}")
if resumed.returncode != 0 or "1 variants measured before, 1 to go" not in resumed.stderr:
    fail(f"--resume exited {resumed.returncode} or did not measure only the variant left")
if sorted(v["status"] for v in measured(run)) != ["ok", "ok"]:
    fail(f"after --resume: {[(v['key'], v['status']) for v in measured(run)]}")
did_not_wait(replaced_after, "aotbench replaced")

# Only the kernels rebuilt, on a copy of the build's staged sources (the build's own copy is shared
# with every other test): the stamp is written last by every build that changed the copy.
link_aotbench()
stage = work / "stage"
shutil.copytree(aotbench.parent / "share" / "aotbench", stage)
stamp = stage / "stamp"
did_not_wait(stops_on(lambda: stamp.write_text("staged again\n"), work / "run_kernels", f"{stamp} was rewritten",
                      env=dict(os.environ, AOTBENCH_STAGE_DIR=str(stage))), "the kernels restaged")
print("sweep rebuilt passed")
