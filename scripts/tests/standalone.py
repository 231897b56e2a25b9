"""What standalone.install and standalone.deb share: a sweep by an installed aotbench with the
source tree's data folders and the build tree's firmware hidden behind empty mounts (a private
mount namespace), so a fallback to the compiled-in paths fails it."""
import csv
import json
import pathlib
import subprocess


def fail(msg):
    print("FAIL:", msg)
    raise SystemExit(1)


def run(cmd, **kw):
    p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    print(f"$ {' '.join(map(str, cmd))[:300]} -> {p.returncode}\n{p.stdout[-2500:]}{p.stderr[-2500:]}")
    return p


def hidden_folders(source, firmware):
    """What the compiled-in fallbacks point at (codegen/data/data_dir.hpp's callers)."""
    return [source / "scenarios", source / "codegen", source / "device", source / "host", firmware]


def sweep_alone(aotbench, variants, expected, hidden, empty, cwd):
    """Runs kws on stm32 with `variants` from `cwd`, the `hidden` folders behind `empty`; checks
    that `expected` variants ran ok and matched the reference, and that the run's files are in cwd.
    Returns the run folder."""
    sweep = [aotbench, "--board", "stm32", "--model", "kws", "--variants", variants, "--tune", "off", "--jobs", "1"]
    if run(["unshare", "-m", "true"]).returncode == 0:
        mounts = " && ".join(f'mount --bind "{empty}" "{d}"' for d in hidden if d.is_dir())
        sweep = ["unshare", "-m", "sh", "-c", mounts + ' && exec "$@"', "sh", *sweep]
    else:
        print("note: unshare -m is not permitted here; the source tree stays visible")
    p = run(sweep, cwd=cwd, timeout=1200)
    if p.returncode != 0:
        fail(f"the sweep of {aotbench} exited {p.returncode}")
    results_dir = pathlib.Path(cwd) / "aotbench-results"
    runs = [d for d in results_dir.iterdir() if d.is_dir()]
    if len(runs) != 1:
        fail(f"expected one run folder in {results_dir}, found {runs}")
    results = json.loads((runs[0] / "results.json").read_text())["benchmarks"]
    if len(results) != expected:
        fail(f"results.json has {len(results)} variants, expected {expected}")
    rows = list(csv.DictReader((runs[0] / "results.csv").open()))
    bad = [r["key"] for r in rows if r["status"] != "ok" or r["outputs_match"] != "yes"]
    if len(rows) != expected or bad:
        fail(f"results.csv: {len(rows)} rows, not ok or not matching the reference: {bad}")
    if not (runs[0] / "best.toml").is_file() or not (results_dir / "history.sqlite").is_file():
        fail("no best.toml or history.sqlite")
    return runs[0]
