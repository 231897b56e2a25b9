#!/usr/bin/python3
"""sweep.tune_trust: a poisoned tuning log is corrected, not obeyed (issue 20).

The built-in kws on the emulated STM32F405 (exact instruction counts), tuned from a clean log,
then from that log poisoned as an adversarial user did: every CONV_2D `ref` figure set to 0 (the
tuner composed the slowest kernels and exited 0) and the DEPTHWISE_CONV_2D `ref` figures to 1e30
(stored by SQLite as a REAL, which import used to write as 0). The poisoned sweep must end with
the clean sweep's tuned variant as its winner, say in results.json, --json and report.html which
figures it found wrong, and leave the log corrected: every poisoned entry measured again and
replaced, the old one kept in tuning_log_superseded with why. A third sweep trusts the corrected
log: no measurement image, no correction, the same winner.

usage: sweep_tune_trust_test.py AOTBENCH WORKDIR
"""
import json
import pathlib
import shutil
import sqlite3
import sys

from sweep_cli import fail, run_sweep

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
KWS = ["--board", "stm32", "--model", "kws", "--variants", "@none;+opt=O3,kernels=dsp", "--counter", "instructions",
       "--jobs", "1", "--json"]

_, clean, _ = run_sweep(aotbench, work, "clean", KWS)
tuned = clean["tuning"]["tuned_key"]
if clean["winner"] != tuned or clean["tuning"]["corrections"]:
    fail(f"clean: the winner {clean['winner']} is not the tuned {tuned}, or corrections {clean['tuning']['corrections']}")

db = sqlite3.connect(work / "history.sqlite")
poisoned = {
    "CONV_2D": db.execute("UPDATE tuning_log SET counts = 0 WHERE schedule = 'ref' AND signature LIKE 'CONV_2D %'").rowcount,
    "DEPTHWISE_CONV_2D": db.execute("UPDATE tuning_log SET counts = 1e30 WHERE schedule = 'ref' AND "
                                    "signature LIKE 'DEPTHWISE_CONV_2D %'").rowcount,
}
db.commit()
print(f"poisoned {poisoned} ref entries")
if min(poisoned.values()) < 1:
    fail(f"nothing to poison: {poisoned}")

rows, healed, _ = run_sweep(aotbench, work, "poisoned", KWS)
t = healed["tuning"]
print(f"poisoned: winner {healed['winner']}; note: {t['note']}")
if healed["winner"] != tuned or t["tuned_key"] != tuned:
    fail(f"poisoned: the winner is {healed['winner']} (tuned {t['tuned_key']}), the clean log's was {tuned}")
fixed = {(c["type"], c["schedule"]): c for c in t["corrections"]}
if len(t["corrections"]) != sum(poisoned.values()) or set(fixed) != {(op, "ref") for op in poisoned}:
    fail(f"poisoned: corrections {t['corrections']}, expected the {poisoned} ref entries")
for c in t["corrections"]:
    if not c["measured"] or c["measured"] < 1000 or not c["why"]:
        fail(f"poisoned: a correction without a measured figure or a reason: {c}")
if "the tuning log was wrong about" not in t["note"]:
    fail(f"poisoned: the note does not say the log was corrected: {t['note']}")
results = json.loads((work / "poisoned" / "results.json").read_text())
if len(results["aotbench_tuning"]["corrections"]) != len(t["corrections"]):
    fail("poisoned: results.json does not list the corrections")
if 'id="log-corrections"' not in (work / "poisoned" / "report.html").read_text():
    fail("poisoned: report.html does not say the log was corrected")

bad = db.execute("SELECT signature, counts FROM tuning_log WHERE typeof(counts) != 'integer' OR counts <= 0").fetchall()
superseded = db.execute("SELECT schedule, counts, why, by_run_id FROM tuning_log_superseded").fetchall()
if bad or len(superseded) != sum(poisoned.values()):
    fail(f"the log is not corrected: {bad[:3]}; superseded {superseded[:3]}")
if any(not why or not run for _, _, why, run in superseded):
    fail(f"a superseded entry without why or run: {superseded}")

_, again, _ = run_sweep(aotbench, work, "corrected", KWS)
if again["winner"] != tuned or again["tuning"]["images"] != 0 or again["tuning"]["corrections"]:
    fail(f"corrected: winner {again['winner']}, {again['tuning']['images']} images, corrections "
         f"{again['tuning']['corrections']}")
print("sweep tune_trust passed")
