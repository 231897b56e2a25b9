#!/usr/bin/python3
"""sweep.e2e: real sweeps in QEMU, end to end.

Two identical sweeps of the kws model on the emulated STM32 (5 variants: 4 with the reference
kernels, 1 with the dsp kernels): every output matches the host reference; results.csv,
results.json, report.html and the SQLite history agree with each other; the counts are identical
run to run (QEMU -icount); Google Benchmark's compare.py reads the two results.json and lists every
variant; `aotbench report --baseline` sees no regression; best.toml regenerates the winner's
sources byte for byte, and an edited layer of its [layers] table changes that layer's schedule;
the report opens in headless Chromium without console errors.

usage: sweep_e2e_test.py AOTBENCH WORKDIR
"""
import csv
import json
import pathlib
import shutil
import sqlite3
import subprocess
import sys

import report_viewport

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
VARIANTS = "@corners;opt=Os|O2;cc=gcc;+kernels=dsp,opt=O2"
N = 5
CHROMIUM = ["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--enable-logging=stderr", "--v=0"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


CONSOLE = {}


def sweep(name, *extra):
    out = work / name
    p = subprocess.run([aotbench, "--board", "stm32", "--model", "kws", "--variants", VARIANTS, "--jobs", "2", "--tune", "off",
                        "--out", str(out), "--history", str(work / "history.sqlite"), *extra],
                       capture_output=True, text=True, timeout=900)
    print(p.stdout[-3000:], p.stderr[-3000:])
    if p.returncode != 0:
        fail(f"sweep {name} exited {p.returncode}")
    CONSOLE[name] = p.stdout
    return out


a, b = sweep("a", "--per-op"), sweep("b")
ja = json.loads((a / "results.json").read_text())
jb = json.loads((b / "results.json").read_text())
benchmarks = {x["name"]: x for x in ja["benchmarks"]}
if len(benchmarks) != N:
    fail(f"results.json has {len(benchmarks)} variants, expected {N}")

# Every variant ran and matched the host reference.
rows = {r["key"]: r for r in csv.DictReader((a / "results.csv").open())}
if set(rows) != set(benchmarks):
    fail(f"results.csv and results.json list different variants: {set(rows) ^ set(benchmarks)}")
for key, r in rows.items():
    if r["status"] != "ok" or r["outputs_match"] != "yes":
        fail(f"{key}: status {r['status']}, outputs_match {r['outputs_match']}: {r['message']}")

# CSV, JSON and SQLite carry the same numbers.
db = sqlite3.connect(work / "history.sqlite")
run_id = ja["context"]["run_id"]
if db.execute("SELECT COUNT(*) FROM variants WHERE run_id = ?", (run_id,)).fetchone()[0] != N:
    fail(f"the history database does not hold exactly the {N} variants of the first sweep")
for key, r in rows.items():
    counts_json = benchmarks[key]["counts_median"]
    if int(r["counts_median"]) != int(counts_json):
        fail(f"{key}: CSV {r['counts_median']} vs JSON {counts_json}")
    q = db.execute("SELECT counts_median, flash_total, selected FROM variants WHERE run_id = ? AND key = ?",
                   (run_id, key)).fetchall()
    if not q or q[0][0] != int(counts_json) or q[0][1] != int(r["flash_total"]):
        fail(f"{key}: SQLite {q} vs CSV counts {r['counts_median']} flash {r['flash_total']}")
    if bool(q[0][2]) != (r["selected"] == "yes"):
        fail(f"{key}: selected differs between SQLite and CSV")
    if int(r["flash_model_code"]) <= 0 or int(r["flash_parameters"]) <= 0 or int(r["flash_kernels"]) <= 0:
        fail(f"{key}: the flash split has an empty part: {r}")
winner_csv = [k for k, r in rows.items() if r["selected"] == "yes"]
if len(winner_csv) != 1:
    fail(f"expected one winner in results.csv, got {winner_csv}")

# --per-op: the winner's operators, with their MACs (kws: 2 656 768 in all, SOURCES.md).
ops = list(csv.DictReader((a / "ops.csv").open()))
if {o["key"] for o in ops} != set(winner_csv):
    fail(f"ops.csv profiles {set(o['key'] for o in ops)}, expected the winner {winner_csv}")
if sum(int(o["macs"]) for o in ops) != 2656768 or len(ops) != 12 or min(int(o["counts"]) for o in ops) <= 0:
    fail(f"ops.csv: {len(ops)} operators, {sum(int(o['macs']) for o in ops)} MACs")
# The dsp kernels win on kws, and ops.csv names the schedule of each of its layers.
if "kernels=dsp" not in winner_csv[0] or {o["schedule"] for o in ops} != {"dsp_im2col", "dsp_dw3x3_image", "dsp_1x1", "dsp_avgpool", "dsp_fc", "ref"}:
    fail(f"winner {winner_csv[0]}, schedules in ops.csv {sorted({o['schedule'] for o in ops})}")

# QEMU -icount: the same firmware gives the same counts every time.
for x in jb["benchmarks"]:
    if x["counts_median"] != benchmarks[x["name"]]["counts_median"]:
        fail(f"{x['name']}: {x['counts_median']} vs {benchmarks[x['name']]['counts_median']} in the first sweep")

# Google Benchmark's own comparison tool reads our files.
p = subprocess.run(["/usr/bin/python3", "/usr/share/benchmark/compare.py", "benchmarks", str(a / "results.json"),
                    str(b / "results.json")], capture_output=True, text=True, timeout=120)
print(p.stdout[-3000:], p.stderr[-2000:])
if p.returncode != 0:
    fail(f"compare.py exited {p.returncode}")
for key in benchmarks:
    if key not in p.stdout:
        fail(f"compare.py does not list {key}")

# No regression between two identical sweeps.
p = subprocess.run([aotbench, "report", str(b / "results.json"), "--baseline", str(a / "results.json")],
                   capture_output=True, text=True, timeout=60)
if p.returncode != 0:
    fail(f"report --baseline exited {p.returncode}: {p.stdout}{p.stderr}")

# best.toml gives back the winner's sources, byte for byte.
def codegen(args, out):
    p = subprocess.run([aotbench, "codegen", *args, "--out", str(work / out), "--json"], capture_output=True,
                       text=True, timeout=60)
    if p.returncode != 0:
        fail(f"codegen {args}: {p.returncode} {p.stdout[:500]} {p.stderr[:500]}")
    return json.loads(p.stdout)


best = codegen(["--config", str(a / "best.toml")], "best")
again = codegen(["--model", "kws", "--variant", winner_csv[0], "--board", "netduinoplus2"], "again")
if best["variant"] != winner_csv[0]:
    fail(f"codegen --config best.toml made {best['variant']}, the winner is {winner_csv[0]}")
# The C files (README.md differs: it quotes the command and the sweep's figures).
for f in (work / "again").rglob("*.[ch]"):
    rel = f.relative_to(work / "again")
    if f.read_bytes() != (work / "best" / rel).read_bytes():
        fail(f"codegen --config best.toml: {rel} differs from the winner's")
# [layers] lists every layer's schedule; editing one changes that layer only.
toml = (a / "best.toml").read_text()
layers = {o["index"]: o["schedule"] for o in best["ops"] if o["schedule"]}
if "[layers]" not in toml or any(f"\n{i} = '{s}'" not in toml for i, s in layers.items()):
    fail(f"best.toml does not list every layer's schedule {layers}:\n{toml}")
# ... in numeric order, each with its operator as a comment.
section = toml.split("\n[layers]", 1)[1].split("\n[", 1)[0]
rows = [ln for ln in section.splitlines() if ln and not ln.startswith("#") and "=" in ln and not ln.startswith(" ")]
indices = [int(ln.split("=")[0]) for ln in rows]
if indices != sorted(indices) or len(indices) != len(layers) or not all("  # " in ln for ln in rows):
    fail(f"[layers] is not in numeric order with operator names: {rows}")
(work / "edited.toml").write_text(toml.replace("\n0 = 'dsp_im2col'", "\n0 = 'dsp_im2col_w16'"))
edited = codegen(["--config", str(work / "edited.toml")], "edited")
if not edited["variant"].endswith(",layers=0:dsp_im2col_w16") or edited["ops"][0]["schedule"] != "dsp_im2col_w16":
    fail(f"an edited [layers] entry gave {edited['variant']}, {edited['ops'][0]}")

# The report opens in Chromium without console errors; keep a screenshot.
p = subprocess.run(CHROMIUM + [f"--user-data-dir={work / 'profile'}", f"--screenshot={work / 'report.png'}",
                               "--window-size=1400,2400", (a / "report.html").as_uri()],
                   capture_output=True, text=True, timeout=90, cwd=work)
console = [ln for ln in p.stderr.splitlines() if ":CONSOLE" in ln or "Uncaught" in ln]
if console or p.returncode != 0 or not (work / "report.png").exists():
    fail(f"chromium: rc {p.returncode}, console {console}")
# The decision: headroom on the board, the runner-up, the command giving the winner's sources, on
# the console and in the report.
html = (a / "report.html").read_text()
command = f"aotbench codegen --config {a / 'best.toml'} --out DIR"
for where, text in (("console", CONSOLE["a"]), ("report.html", html)):
    if command not in text or "against the runner-up" not in text.lower():
        fail(f"{where} does not give `{command}` or the runner-up trade-off")
if "left</b> for the application" not in html:
    fail("report.html does not say the flash and RAM left for the application")

# At 1280 px the winner's figures are in the window and nothing scrolls sideways, also when the
# winner's key carries a tuned variant's long layers list (its results.json, the key lengthened).
long = work / "long"
long.mkdir()
layers = "/".join(f"{i}:{'dsp_1x1_w16' if i % 5 else 'ref'}" for i in range(65))
doc = json.loads((a / "results.json").read_text())
for bench in doc["benchmarks"]:
    if bench["aotbench"]["selected"]:
        bench["name"] = bench["run_name"] = bench["aotbench"]["key"] = bench["aotbench"]["key"] + ",layers=" + layers
        bench["aotbench"]["knobs"]["layers"] = layers
(long / "results.json").write_text(json.dumps(doc))
p = subprocess.run([aotbench, "report", str(long), "--html", str(long / "report.html")], capture_output=True, text=True)
if p.returncode != 0:
    fail(f"report of a run folder: {p.returncode} {p.stderr}")
for report in (a / "report.html", long / "report.html"):
    problems = report_viewport.viewport_problems(report, work)
    if problems:
        fail(f"{report}: {problems}")
p = subprocess.run([aotbench, "report", str(work)], capture_output=True, text=True)
if p.returncode != 1 or "is a folder without results.json" not in p.stderr:
    fail(f"report of a folder without results.json: {p.returncode} {p.stderr}")
print("sweep e2e passed; screenshot", work / "report.png")
