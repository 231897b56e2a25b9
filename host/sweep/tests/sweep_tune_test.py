#!/usr/bin/python3
"""sweep.tune: kernel schedules tuned per layer on the emulated STM32F405 (Cortex-M4, QEMU -icount).

The real kws (DS-CNN), fed TFLite Micro's rand1 input (../shared/oracle), space: the unpacked corner at -O3 with the
reference and the dsp kernels:
- every layer runs the fastest of its measured candidates, the composed count is the chosen layers'
  sum plus a few instructions outside the operators, and the measurement images are as many as the
  largest candidate count (not their product);
- the composed variant matches the host reference byte for byte, and that reference is TFLite
  Micro's output for this input; it wins and is not slower than any untuned variant;
- results.json carries a benchmark per layer (compare.py lines two tunings up), ops.csv and
  report.html the per-layer table;
- a second sweep on the same history builds no measurement image (stage counters) and composes the
  same; best.toml regenerates the tuned sources byte for byte; `aotbench tune --export/--import`
  moves the log so a fresh history starts warm; --resume of a finished tuned run measures nothing;
- under a flash limit between the dsp kernels' and the tuned composition's, layers get different
  schedules for the same operator, the composition fits and still beats the untuned variants.
mnv2 (the built-in 0.35 MobileNetV2, 65 operators): tuned per layer, byte-exact, never slower, in a few
images per candidate of its most-candidate layer.
The MLPerf ResNet under a RAM limit only its banded (patches=K) variants meet: tuned from the banded
winner, it fits, is byte-exact and not slower than that winner.

usage: sweep_tune_test.py AOTBENCH SHARED_DIR WORKDIR
"""
import csv
import json
import pathlib
import re
import shutil
import subprocess
import sys

import needs_shared

aotbench, shared, work = sys.argv[1], needs_shared.shared_dir(sys.argv[2]), pathlib.Path(sys.argv[3])
needs_shared.need(shared, "models/kws_ref_model.tflite", "oracle/kws_ref_model/rand1.in0.raw",
                  "models/pretrainedresnet_quant.tflite", "oracle/pretrainedresnet_quant/rand1.in0.raw")
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
ORACLE = shared / "oracle" / "kws_ref_model"
MODEL = shared / "models" / "kws_ref_model.tflite"  # the real DS-CNN keyword spotter (SOURCES.md)
# The sweeps run beside the model and name it as users do, relatively; best.toml must still work
# from anywhere else (codegen runs in the test's own folder).
KWS = ["--board", "stm32", "--model", MODEL.name, "--input", str(ORACLE / "rand1.in0.raw"),
       "--variants", "@none;+opt=O3,kernels=ref|dsp", "--jobs", "2",
       "--counter", "instructions"]  # the composition's exactness is checked on exact counts


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def sweep(name, args, history, *extra):
    out = work / name
    p = subprocess.run([aotbench, *args, "--out", str(out), "--history", str(work / history), "--json", *extra],
                       capture_output=True, text=True, timeout=900, cwd=MODEL.parent)
    print(f"== {name}: exit {p.returncode}\n{p.stderr[-2000:]}")
    if p.returncode != 0:
        fail(f"sweep {name} exited {p.returncode}: {p.stdout[-1500:]}")
    summary = json.loads(p.stdout)
    results = json.loads((out / "results.json").read_text())
    if "aotbench_tuning" not in results or not summary.get("tuning"):
        fail(f"{name}: no tuning in results.json / the summary: {summary.get('tuning')}")
    return out, summary, results


def variants(results):
    return {b["name"]: dict(b["aotbench"], flash_total=b.get("flash_total")) for b in results["benchmarks"]
            if "aotbench" in b}


def check_tuned(name, out, summary, results, cold, untuned_fit=True):
    """The per-layer choice, the composition's exactness and its speed against the untuned variants
    (untuned_fit: they meet the sweep's limits, so the composition must be at least as fast). Cold:
    every layer on its fastest schedule, but for the shapes the tuner's note says it put on a leaner
    one to fit the limits."""
    t = results["aotbench_tuning"]
    v = variants(results)
    tuned = v.get(t["tuned_key"])
    if not tuned or tuned["status"] != "ok" or tuned["outputs_match"] is not True:
        fail(f"{name}: the composed variant did not run byte-exact: {tuned and (tuned['status'], tuned['message'])}")
    if summary["winner"] != t["tuned_key"]:
        fail(f"{name}: the winner is {summary['winner']}, not the tuned {t['tuned_key']}")
    counts = {k: b["counts_median"] for b in results["benchmarks"] if "aotbench" in b
              for k in [b["name"]] if b["aotbench"]["status"] == "ok"}
    # (a composition measured to miss the limits, then fitted again, is among the variants: not untuned)
    untuned = [c for k, c in counts.items() if "layers=#" not in k]
    if not untuned or (untuned_fit and counts[t["tuned_key"]] > min(untuned)):
        fail(f"{name}: tuned {counts[t['tuned_key']]} is slower than the best untuned {min(untuned, default=None)}")
    leaner = re.search(r"(\d+) layer shape\(s\) on a leaner schedule than their fastest, to fit the limits", t["note"])
    slower = set()
    for layer in t["layers"]:
        cand = layer["candidates"]
        if len(cand) < 1 or layer["schedule"] not in cand or layer["counts"] != cand[layer["schedule"]]:
            fail(f"{name}: layer {layer['index']}: chose {layer['schedule']} with {layer['counts']}, candidates {cand}")
        if cold and layer["counts"] != min(cand.values()):
            slower.add(layer["shape"])
            if not leaner:
                fail(f"{name}: layer {layer['index']} chose {layer['schedule']} ({layer['counts']}), not its fastest: {cand}")
    if leaner and len(slower) > int(leaner.group(1)):
        fail(f"{name}: {len(slower)} layer shapes not on their fastest schedule, the note says {leaner.group(1)}: {t['note']}")
    # Each layer runs what the tuner chose.
    chosen = {str(l["index"]): l["schedule"] for l in t["layers"]}
    ran = {str(l["index"]): l["schedule"] for l in tuned["layers"] if l["schedule"]}
    if ran != chosen:
        fail(f"{name}: the composed variant runs {ran}, the tuner chose {chosen}")
    gap = counts[t["tuned_key"]] - t["layers_sum"]
    if not 0 <= gap < 200:
        fail(f"{name}: composed {counts[t['tuned_key']]} vs the chosen layers' {t['layers_sum']}: gap {gap}")
    return t, counts


# 1. A cold tuning of kws.
a, sa, ra = sweep("a", KWS, "history.sqlite")
ta, counts_a = check_tuned("a", a, sa, ra, cold=True)
signatures = {}
for layer in ta["layers"]:
    signatures.setdefault((layer["type"], layer["shape"]), len(layer["candidates"]))
most = max(signatures.values())
if ta["images"] != most or sa["stages"]["tuning_images"] != most or ta["from_log"] != 0:
    fail(f"a: {ta['images']} measurement images, the largest candidate count is {most}; from log {ta['from_log']}")
if (a / "reference0.raw").read_bytes() != (ORACLE / "rand1.out0.raw").read_bytes():
    fail("a: the host reference differs from TFLite Micro's output for rand1")
names = [b["name"] for b in ra["benchmarks"]]
if [f"layer:{l['index']:03d}:{l['type']}" for l in ta["layers"]] != [n for n in names if n.startswith("layer:")]:
    fail(f"a: results.json's layer benchmarks {names}")
ops = [r for r in csv.DictReader((a / "ops.csv").open()) if r["key"] == ta["tuned_key"]]
if [(int(r["op_index"]), r["schedule"], int(r["counts"])) for r in ops] != \
        [(l["index"], l["schedule"], l["counts"]) for l in ta["layers"]] or any(float(r["gain"]) <= 0 for r in ops):
    fail(f"a: ops.csv's tuning rows {ops[:3]}")
report = (a / "report.html").read_text()
if "Tuned from" not in report or not all(f">{l['schedule']}<" in report for l in ta["layers"]):
    fail("a: report.html has no per-layer tuning table")

# 2. Warm: the log answers; the only builds are the results themselves.
b, sb, rb = sweep("b", KWS, "history.sqlite")
tb, counts_b = check_tuned("b", b, sb, rb, cold=True)
st = sb["stages"]
if tb["images"] != 0 or st["tuning_images"] != 0 or tb["measured"] != 0 or st["firmware_builds"] != st["variants_measured"]:
    fail(f"b: a warm tuning built measurement images: {tb['images']} images, stages {st}")
if tb["from_log"] != ta["measured"] or tb["tuned_key"] != ta["tuned_key"] or counts_b != counts_a:
    fail(f"b: from the log {tb['from_log']} of {ta['measured']}; {tb['tuned_key']} vs {ta['tuned_key']}")
p = subprocess.run(["/usr/bin/python3", "/usr/share/benchmark/compare.py", "benchmarks", str(a / "results.json"),
                    str(b / "results.json")], capture_output=True, text=True, timeout=120)
if p.returncode != 0 or "layer:000:CONV_2D" not in p.stdout:
    fail(f"compare.py does not line the layers up: {p.returncode} {p.stdout[-1500:]} {p.stderr[-800:]}")


# 3. best.toml regenerates the tuned winner byte for byte.
def codegen(args, out):
    p = subprocess.run([aotbench, "codegen", *args, "--out", str(work / out), "--json"], capture_output=True,
                       text=True, timeout=120)
    if p.returncode != 0:
        fail(f"codegen {args}: {p.returncode} {p.stdout[:500]} {p.stderr[:500]}")
    return json.loads(p.stdout)


knobs = variants(ra)[ta["tuned_key"]]["knobs"]
best = codegen(["--config", str(a / "best.toml")], "best")
again = codegen(["--model", str(MODEL), "--board", "netduinoplus2", "--variant",
                 ",".join(f"{k}={v}" for k, v in knobs.items())], "again")
if best["variant"] != ta["tuned_key"] or again["variant"] != ta["tuned_key"]:
    fail(f"best.toml made {best['variant']}, the variant's knobs {again['variant']}; tuned {ta['tuned_key']}")
# The C files (README.md differs: it quotes the command and the sweep's figures).
for f in (work / "again").rglob("*.[ch]"):
    rel = f.relative_to(work / "again")
    if f.read_bytes() != (work / "best" / rel).read_bytes():
        fail(f"codegen --config best.toml: {rel} differs from the tuned winner's")
if "\ncounter = 'instructions'\n" not in (a / "best.toml").read_text():
    fail(f"best.toml does not say its choice was made on instructions:\n{(a / 'best.toml').read_text()}")

# 4. The log moves between machines: exported, imported into a fresh history, it starts warm.
log = work / "log.jsonl"
p = subprocess.run([aotbench, "tune", "--export", str(log), "--history", str(work / "history.sqlite"), "--json"],
                   capture_output=True, text=True, timeout=60)
lines = log.read_text().splitlines() if log.exists() else []
if p.returncode != 0 or json.loads(p.stdout)["exported"] != len(lines) or len(lines) < ta["measured"]:
    fail(f"tune --export: {p.returncode} {p.stdout} {p.stderr}; {len(lines)} lines")
if any(json.loads(line)["board"] != "netduinoplus2" for line in lines):
    fail(f"tune --export: {lines[0]}")
p = subprocess.run([aotbench, "tune", "--import", str(log), "--history", str(work / "fresh.sqlite"), "--json"],
                   capture_output=True, text=True, timeout=60)
if p.returncode != 0 or json.loads(p.stdout)["imported"] != len(lines):
    fail(f"tune --import: {p.returncode} {p.stdout} {p.stderr}")
c, sc, rc = sweep("c", KWS, "fresh.sqlite")
if rc["aotbench_tuning"]["images"] != 0 or rc["aotbench_tuning"]["tuned_key"] != ta["tuned_key"]:
    fail(f"c: an imported log still built {rc['aotbench_tuning']['images']} images")

# 5. --resume of a finished tuned run: nothing is measured again, the tuned result is kept.
p = subprocess.run([aotbench, *KWS, "--out", str(a), "--history", str(work / "history.sqlite"), "--resume", "--json"],
                   capture_output=True, text=True, timeout=300, cwd=MODEL.parent)
if p.returncode != 0:
    fail(f"--resume: exit {p.returncode}: {p.stderr[-1500:]}")
resumed = json.loads(p.stdout)
if resumed["stages"]["firmware_builds"] != 0 or resumed["winner"] != ta["tuned_key"]:
    fail(f"--resume of a finished run: {resumed['stages']}, winner {resumed['winner']}")

# 6. A flash limit the fastest composition misses: leaner schedules where they cost least.
base_flash = min(x["flash_total"] for k, x in variants(ra).items() if "kernels=dsp" in k and k != ta["tuned_key"])
tuned_flash = variants(ra)[ta["tuned_key"]]["flash_total"]
limit = int(base_flash + tuned_flash) // 2
d, sd, rd = sweep("d", KWS, "history.sqlite", "--max-flash", str(limit))
td, counts_d = check_tuned("d", d, sd, rd, cold=False)
if td["images"] != 0 or variants(rd)[td["tuned_key"]]["flash_total"] > limit or "leaner" not in td["note"]:
    fail(f"d: under --max-flash {limit}: {td['images']} images, flash {variants(rd)[td['tuned_key']]['flash_total']}, "
         f"note {td['note']}")
conv = {l["schedule"] for l in td["layers"] if l["type"] == "CONV_2D"}
stored_int8 = {"dsp_1x1", "dsp_im2col", "dsp_1x1_ram", "dsp_im2col_ram", "dsp_1x1_3px_ram",
               "dsp_1x1_3px_dual_ram", "dsp_im2col_3px_ram", "dsp_im2col_3px_dual_ram"}  # _ram widens them in RAM per run
# (KWS's four pointwise layers are one shape and move together: with the three-pixel schedules
# every convolution may end up with int8 weights under the limit)
if not stored_int8 & conv:
    fail(f"d: under a flash limit some convolutions should keep int8 weights in flash: {conv}")

# 7. A RAM limit no untuned variant meets: the composition starts from the fastest all the same and
#    trades the depthwise layers' schedule for the one with the least scratch beside a tensor in
#    place (dsp_dw_small); it fits and is byte-exact. It may be slower than the untuned dsp
#    variant, which does not fit: that one's depthwise layers run dsp_dw3x3_image, faster than
#    dsp_dw_small by more than the tuning gains on the other layers.
ram = {b["name"]: b["ram_total"] + b["stack_bytes"] for b in ra["benchmarks"]
       if "aotbench" in b and b["aotbench"]["status"] == "ok"}
ram_limit = int(min(r for k, r in ram.items() if k != ta["tuned_key"])) - 1
g, sg, rg = sweep("ram", KWS, "history.sqlite", "--max-ram", str(ram_limit))
tg, _ = check_tuned("ram", g, sg, rg, cold=False, untuned_fit=False)
composed = next(b for b in rg["benchmarks"] if b["name"] == tg["tuned_key"])
if composed["ram_total"] + composed["stack_bytes"] > ram_limit or \
        {l["schedule"] for l in tg["layers"] if l["type"] == "DEPTHWISE_CONV_2D"} != {"dsp_dw_small"}:
    fail(f"ram: under --max-ram {ram_limit}: RAM {composed['ram_total']} + stack {composed['stack_bytes']}, "
         f"layers {[(l['index'], l['schedule']) for l in tg['layers']]}")

# 8. mnv2: 65 operators, one tuning.
MNV2 = ["--board", "stm32", "--model", "mnv2", "--variants", "@none;+opt=O3,kernels=dsp", "--jobs", "2",
        "--counter", "instructions"]
e, se, re_ = sweep("mnv2", MNV2, "history.sqlite")
te, _ = check_tuned("mnv2", e, se, re_, cold=True)
# As many images as the most candidates of a layer, and those the F405's RAM cannot hold (the
# _ram schedules' widened weights of mnv2's larger layers, the _kept schedules' int16 weights)
# split in two until they fit: some more, still fewer than the layers, let alone their product.
most = max(len(l["candidates"]) for l in te["layers"])
if len(te["layers"]) < 60 or te["images"] < most or te["images"] > 4 * most:
    fail(f"mnv2: {len(te['layers'])} layers tuned in {te['images']} images (the most candidates: {most})")
# 9. ResNet under 40,000 B of RAM: dsp whole needs about 45 KB with its stack, the RAM axis adds its
#    patches=4|8 copies, and nothing whole fits even on the leanest schedules. The tuner composes from
#    the banded winner: the layers after its band group take their fastest measured schedules.
RESNET_ORACLE = shared / "oracle" / "pretrainedresnet_quant"
RESNET = ["--board", "stm32", "--model", str(shared / "models" / "pretrainedresnet_quant.tflite"),
          "--input", str(RESNET_ORACLE / "rand1.in0.raw"), "--variants", "@none;+opt=O3,kernels=dsp",
          "--jobs", "2", "--counter", "instructions"]
ram_limit = 40000
r, sr, rr = sweep("resnet_ram", RESNET, "history.sqlite", "--max-ram", str(ram_limit))
tr = rr["aotbench_tuning"]
benchmarks = {b["name"]: b for b in rr["benchmarks"] if "aotbench" in b}
ran = {k: b for k, b in benchmarks.items() if b["aotbench"]["status"] == "ok"}
ram = {k: b["ram_total"] + b["stack_bytes"] for k, b in ran.items()}
whole = [k for k in ran if "patches=" not in k and k != tr["tuned_key"]]
if not whole or any(ram[k] <= ram_limit for k in whole):
    fail(f"resnet_ram: a variant whole fits {ram_limit} B (or none ran): { {k: ram[k] for k in whole} }")
if "patches=" not in tr["base_key"] or "patches=" not in tr["tuned_key"] or tr["tuned_key"] == tr["base_key"]:
    fail(f"resnet_ram: tuned {tr['tuned_key']} from {tr['base_key']}: not from the banded winner")
tuned = ran.get(tr["tuned_key"])
if not tuned or tuned["aotbench"]["outputs_match"] is not True or ram[tr["tuned_key"]] > ram_limit:
    fail(f"resnet_ram: the composition did not run byte-exact within {ram_limit} B: {tuned}")
if (r / "reference0.raw").read_bytes() != (RESNET_ORACLE / "rand1.out0.raw").read_bytes():
    fail("resnet_ram: the host reference differs from TFLite Micro's output for rand1")
if tuned["counts_median"] > ran[tr["base_key"]]["counts_median"] or sr["winner"] != tr["tuned_key"]:
    fail(f"resnet_ram: tuned {tuned['counts_median']}, the untuned banded winner {ran[tr['base_key']]['counts_median']}; "
         f"winner {sr['winner']}")
print("sweep tune passed")
