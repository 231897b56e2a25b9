#!/usr/bin/python3
"""results.report_cli: `aotbench report` compares two runs and fails on regressions.

usage: test_report_cli.py WRITE_SAMPLE AOTBENCH WORKDIR
The expected regressions are computed here, from the two results.json files, and compared with
what the command prints (--json), writes as JUnit XML and as CSV, and its exit status.
"""
import csv
import json
import pathlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

COMPARED = ["counts_median", "stack_bytes", "flash_total", "flash_model_code", "flash_parameters", "flash_kernels",
            "flash_runtime", "flash_rpc_server", "ram_total", "ram_model_code", "ram_parameters", "ram_kernels",
            "ram_runtime", "ram_rpc_server", "arena_bytes"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def aotbench(exe, *args):
    p = subprocess.run([exe, "report", *map(str, args)], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def load(path):
    """The variants of a results.json (a tuned layer's benchmark, `layer:NNN:TYPE`, is not one)."""
    return {b["name"]: b for b in json.loads(path.read_text())["benchmarks"] if "aotbench" in b}


def expected_regressions(base, now, threshold):
    """(key, check) pairs that must regress, from the files alone."""
    out = set()
    for key, b in base.items():
        if key not in now:
            out.add((key, "presence"))
            continue
        n = now[key]
        if b["aotbench"]["status"] == "ok" and n["aotbench"]["status"] != "ok":
            out.add((key, "status"))
        for flag in ("fits", "outputs_match"):
            if b["aotbench"][flag] is True and n["aotbench"][flag] is False:
                out.add((key, flag))
        for m in COMPARED:
            if m in b and m in n:
                old, new = b[m], n[m]
                grew = new > old if old == 0 else (new - old) / old * 100 > threshold
                if grew:
                    out.add((key, m))
    return out


def json_regressions(doc):
    out = set()
    for v in doc["variants"]:
        if v["presence"] == "only_baseline" and v["regression"]:
            out.add((v["key"], "presence"))
        out |= {(v["key"], c["check"]) for c in v["checks"] if c["regression"]}
    return out


def check_compare(exe, work, base_json, now_json, threshold):
    base, now = load(base_json), load(now_json)
    want = expected_regressions(base, now, threshold)
    junit, diff_csv = work / f"junit-{threshold}.xml", work / f"diff-{threshold}.csv"
    rc, out, err = aotbench(exe, now_json, "--baseline", base_json, "--fail-above", threshold, "--json",
                            "--junit", junit, "--csv", diff_csv)
    if rc != (2 if want else 0):
        fail(f"threshold {threshold}%: exit {rc}, expected {2 if want else 0}\n{err}")
    doc = json.loads(out)
    got = json_regressions(doc)
    if got != want:
        fail(f"threshold {threshold}%: --json regressions differ\n missing: {want - got}\n extra: {got - want}")
    keys = {v["key"] for v in doc["variants"]}
    if keys != set(base) | set(now):
        fail("variants present in only one run were dropped from the comparison")

    suite = ET.parse(junit).getroot()
    cases = suite.findall(".//testcase")
    failures = {(c.get("classname"), c.get("name")) for c in cases if c.find("failure") is not None}
    if failures != want:
        fail(f"threshold {threshold}%: JUnit failures differ\n missing: {want - failures}\n extra: {failures - want}")
    if int(suite.get("failures")) != len(want) or int(suite.get("tests")) != len(cases):
        fail("JUnit totals do not match its testcases")
    if {c.get("classname") for c in cases} != set(base) | set(now):
        fail("JUnit lacks testcases for some variants")

    with open(diff_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    from_csv = {(r["key"], r["check"]) for r in rows if r["regression"] == "yes"}
    if from_csv != want:
        fail(f"threshold {threshold}%: CSV regressions differ: {from_csv ^ want}")
    print(f"threshold {threshold}%: {len(want)} regressions found in --json, JUnit ({len(cases)} testcases) and CSV")
    return want


def check_errors(exe, work):
    (work / "broken.json").write_text("{ this is not json")
    rc, _, err = aotbench(exe, work / "broken.json")
    if rc != 1 or "not valid JSON" not in err:
        fail(f"malformed JSON: exit {rc}, stderr {err!r}")
    rc, _, err = aotbench(exe, "/usr/share/benchmark/gbench/Inputs/test1_run1.json")
    if rc != 1 or "not written by aotbench" not in err:
        fail(f"Google Benchmark's own JSON: exit {rc}, stderr {err!r}")
    rc, _, err = aotbench(exe, work / "missing.json")
    if rc == 0 or "missing.json" not in err:
        fail(f"missing file: exit {rc}, stderr {err!r}")
    rc, _, err = aotbench(exe, work / "base/results.json", "--junit", work / "x.xml")
    if rc != 64 or "--baseline" not in err:
        fail(f"--junit without --baseline should be a usage error: exit {rc}, stderr {err!r}")
    rc, out, _ = aotbench(exe, "--help")
    if rc != 0 or "Exit status" not in out:
        fail("report --help does not document the exit status")
    print("bad input gives clear errors")


def check_show(exe, work):
    run_json = work / "base/results.json"
    rc, out, err = aotbench(exe, run_json, "--html", work / "again.html", "--csv", work / "again.csv")
    if rc != 0:
        fail(f"re-rendering a report failed: {err}")
    bench = load(run_json)
    for key in bench:
        if key not in out:
            fail(f"the run table does not list {key}")
    winner = [k for k, b in bench.items() if b["aotbench"]["selected"]]
    if f"winner: {winner[0]}" not in out:
        fail("the run table does not name the winner")
    with open(work / "again.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    if [r["key"] for r in rows] != list(bench):
        fail("re-written results.csv does not have one row per variant, in order")
    for r in rows:
        b = bench[r["key"]]
        if r["counts_median"] != ("%d" % b["counts_median"] if "counts_median" in b else ""):
            fail(f"{r['key']}: CSV counts {r['counts_median']} vs JSON {b.get('counts_median')}")
    page = (work / "again.html").read_text()
    if "<script>alert" in page or "&lt;script&gt;alert(&quot;pwned&quot;)" not in page:
        fail("the model name is not escaped in the re-rendered report")
    rc, out, _ = aotbench(exe, run_json, "--json")
    if rc != 0 or json.loads(out)["winner"] != winner[0]:
        fail("--json without --baseline should summarize the run")
    print("re-rendered report.html and results.csv agree with results.json")


def main():
    writer, exe, work = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    subprocess.run([writer, work / "base", "base"], check=True, timeout=60)
    subprocess.run([writer, work / "changed", "changed"], check=True, timeout=60)
    base, now = work / "base/results.json", work / "changed/results.json"
    strict = check_compare(exe, work, base, now, 0)
    loose = check_compare(exe, work, base, now, 5)
    if not loose < strict:
        fail("a higher threshold should forgive the small changes")
    if check_compare(exe, work, base, base, 0):
        fail("a run compared with itself regressed")
    rc, out, _ = aotbench(exe, now, "--baseline", base, "--allow-missing", "--fail-above", "1000")
    if rc != 2 or "missing from this run" not in out:
        fail("--allow-missing must still report the missing variant and fail on the broken one")
    check_show(exe, work)
    check_errors(exe, work)


if __name__ == "__main__":
    main()
