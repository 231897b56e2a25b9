#!/usr/bin/python3
"""scripts.nightly: the nightly hardware-in-loop script on a farm of emulated boards.

Night 1 has no baseline; night 2 compares with night 1 and passes; with night 2's kws counts made
10% better on disk, night 3 reports a regression (exit 2) in status.json, junit.xml and the
summary, and trend.html marks it; a farm with an unreachable real board retries it, reports it failed (exit 1) and keeps the
emulated board's results.

usage: nightly_test.py NIGHTLY AOTBENCH FARM WORKDIR
"""
import json
import pathlib
import shutil
import subprocess
import sys

nightly, aotbench, farm, work = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
out = work / "nightly"


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def night(date, farm_file, expect_rc):
    p = subprocess.run([nightly, "--farm", str(farm_file), "--out", str(out), "--date", date, "--aotbench", aotbench],
                       capture_output=True, text=True, timeout=900)
    print(date, p.returncode, p.stdout, p.stderr[-2000:])
    if p.returncode != expect_rc:
        fail(f"night {date} exited {p.returncode}, expected {expect_rc}")
    return p.stdout


def status(date, board, model):
    return json.loads((out / date / board / model / "status.json").read_text())


night("2026-01-01", farm, 0)
if status("2026-01-01", "netduinoplus2", "kws")["baseline"] is not None:
    fail("the first night has a baseline")
night("2026-01-02", farm, 0)
s = status("2026-01-02", "netduinoplus2", "kws")
if not s["good"] or not s["baseline"].endswith("2026-01-01/netduinoplus2/kws/results.json"):
    fail(f"night 2: {s}")

# Make night 2 look 10% faster: tonight's identical counts are then a regression against it.
results = out / "2026-01-02" / "netduinoplus2" / "kws" / "results.json"
doc = json.loads(results.read_text())
for b in doc["benchmarks"]:
    if "aotbench" not in b:  # a tuned layer's benchmark, not a variant
        continue
    for field in ("counts_min", "counts_median", "counts_max"):
        b[field] = int(b[field] * 0.9)
    for field in ("real_time", "cpu_time", "time_us"):
        b[field] = b[field] * 0.9
    b["aotbench"]["repeats"] = [int(r * 0.9) for r in b["aotbench"]["repeats"]]
results.write_text(json.dumps(doc))
summary = night("2026-01-03", farm, 2)
s = status("2026-01-03", "netduinoplus2", "kws")
if not s["regression"] or s["good"] or "2026-01-02" not in s["baseline"]:
    fail(f"night 3 kws: {s}")
if "<failure" not in (out / "2026-01-03" / "netduinoplus2" / "kws" / "junit.xml").read_text():
    fail("junit.xml of night 3 has no failure")
if not status("2026-01-03", "mps2-an500", "ic")["good"]:
    fail("night 3: the other board regressed too")
if "REGRESSION" not in summary:
    fail("the summary does not say REGRESSION")

# The trend page: a series per board x model, every night a point linked to its report, night 3's
# kws regression marked as the gate found it; it loads in Chromium without a console error.
trend = (out / "trend.html").read_text()
for night_date in ("2026-01-01", "2026-01-02", "2026-01-03"):
    if f'href="{night_date}/netduinoplus2/kws/report.html"' not in trend:
        fail(f"trend.html does not link {night_date}'s kws report")
night3 = '<a href="2026-01-03/netduinoplus2/kws/report.html"><circle class="pt up"'
if trend.count("<h2>") != 2 or trend.count(night3) != 4 or trend.count('class="pt up"') != 4:
    fail("trend.html lacks a series, or night 3 of kws is not the one night marked in its 4 charts")
p = subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--enable-logging=stderr", "--v=0", f"--user-data-dir={work / 'profile'}",
                    f"--screenshot={work / 'trend.png'}", "--window-size=1280,1600", (out / "trend.html").as_uri()],
                   capture_output=True, text=True, timeout=90, cwd=work)
if p.returncode != 0 or [ln for ln in p.stderr.splitlines() if ":CONSOLE" in ln or "Uncaught" in ln]:
    fail(f"chromium on trend.html: rc {p.returncode}: {p.stderr[-1500:]}")

# A farm with a real board and no probe attached: retried, reported failed, the others carry on.
broken = work / "broken.toml"
broken.write_text(farm.read_text() + '\n[[board]]\nname = "disco"\nprofile = "stm32f746g-disco"\nmodels = ["kws"]\n'
                  'variants = "@corners;opt=Os"\n'
                  # a probe behind a GDB server that is not there (nothing listens on port 1)
                  '\n[[board]]\nname = "remote"\nprofile = "nucleo-f767zi"\ngdb = "127.0.0.1:1"\nmodels = ["kws"]\n'
                  'variants = "@corners;opt=Os"\n')
summary = night("2026-01-04", broken, 1)
s = status("2026-01-04", "disco", "kws")
if s["ok"] or "flash_failed" not in s["message"]:
    fail(f"disco: {s}")
log = (out / "2026-01-04" / "disco" / "kws.aotbench.log").read_text()
if log.count("# attempt") != 2:
    fail("the failed board was not retried once")
s = status("2026-01-04", "remote", "kws")
if s["ok"] or "flash_failed" not in s["message"]:
    fail(f"remote: {s}")
log = (out / "2026-01-04" / "remote" / "kws.aotbench.log").read_text()
if "--gdb 127.0.0.1:1" not in log or "through the GDB server at 127.0.0.1:1 failed after 2 attempt(s): nothing was " \
        "loaded: tcp 127.0.0.1:1: cannot connect: Connection refused" not in log:
    fail(f"the remote board was not loaded through --gdb 127.0.0.1:1: {log[-2000:]}")
if not status("2026-01-04", "mps2-an500", "ic")["good"]:
    fail("the emulated board did not carry on")
print("nightly test passed")
