#!/usr/bin/python3
"""results.chromium: report.html and the comparison page open in headless Chromium without console
errors, their script runs (sorting included), and screenshots are taken.

usage: test_chromium.py WRITE_SAMPLE AOTBENCH WORKDIR
The screenshots are left in WORKDIR (report.png, diff.png) for people to look at.
"""
import html.parser
import json
import pathlib
import shutil
import struct
import subprocess
import sys

CHROMIUM = ["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
            "--enable-logging=stderr", "--v=0"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


class Tables(html.parser.HTMLParser):
    """Collects every <table id=...>: its th data-col ids and its body rows (data-key, cell values)."""

    def __init__(self):
        super().__init__()
        self.tables, self.root_attrs, self.scripts = {}, {}, 0
        self.table = self.row = self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "html":
            self.root_attrs = a
        elif tag == "table" and "id" in a:
            self.table = self.tables.setdefault(a["id"], {"cols": [], "rows": []})
        elif self.table is None:
            return
        elif tag == "th":
            self.table["cols"].append(a.get("data-col"))
        elif tag == "tr" and "data-key" in a:
            self.row = {"key": a["data-key"], "class": a.get("class", ""), "cells": []}
            self.table["rows"].append(self.row)
        elif tag == "td" and self.row is not None:
            self.cell = a.get("data-v")
            self.row["cells"].append(self.cell if self.cell is not None else "")
            self.cell = None if "data-v" in a else ""

    def handle_data(self, data):
        if self.cell is not None and self.row is not None:
            self.row["cells"][-1] += data

    def handle_endtag(self, tag):
        if tag == "table":
            self.table = None
        elif tag == "tr":
            self.row = None
        elif tag == "td":
            self.cell = None


def chromium(work, name, url, *extra):
    profile = work / f"profile-{name}"
    shutil.rmtree(profile, ignore_errors=True)
    p = subprocess.run(CHROMIUM + [f"--user-data-dir={profile}", *extra, url], capture_output=True, text=True,
                       timeout=60, cwd=work)
    console = [ln for ln in p.stderr.splitlines() if ":CONSOLE" in ln or "Uncaught" in ln]
    if console:
        fail(f"{url}: the page wrote to the console:\n" + "\n".join(console))
    if p.returncode != 0:
        fail(f"chromium exited {p.returncode} on {url}:\n{p.stderr[-3000:]}")
    return p.stdout


def dom_tables(work, name, page, fragment, shot=None):
    """The page's tables after its script ran; with `shot`, also a screenshot from the same launch."""
    png = work / f"{shot}.png" if shot else None
    extra = [f"--screenshot={png}", "--window-size=1400,3800"] if shot else []
    dom = chromium(work, name, page.as_uri() + fragment, "--dump-dom", *extra)
    if png:
        check_png(png)
    t = Tables()
    t.feed(dom)
    if t.root_attrs.get("data-report") != "ready":
        fail(f"{page.name}{fragment}: the report script did not run to the end (no data-report=ready)")
    if t.scripts != 1:
        fail(f"{page.name}: {t.scripts} <script> elements in the DOM; model strings must not inject markup")
    return t.tables


def column(table, col):
    if col not in table["cols"]:
        fail(f"no column {col} in {table['cols']}")
    i = table["cols"].index(col)
    return [r["cells"][i] for r in table["rows"]]


def expect_sorted(values, descending, what):
    present = [float(v) for v in values if v != ""]
    if any(v != "" for v in values[len(present):]):
        fail(f"{what}: empty cells are not last: {values}")
    if present != sorted(present, reverse=descending):
        fail(f"{what}: not sorted {'descending' if descending else 'ascending'}: {present}")


def check_png(png):
    data = png.read_bytes() if png.exists() else b""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"no PNG screenshot at {png}")
    width, height = struct.unpack(">II", data[16:24])
    if (width, height) != (1400, 3800):
        fail(f"{png} is {width}x{height}, expected 1400x3800")
    print(f"screenshot: {png} ({len(data)} bytes)")


def main():
    writer, aotbench, work = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name, which in (("base", "base"), ("changed", "changed")):
        subprocess.run([writer, work / name, which], check=True, timeout=60)
    diff = work / "diff.html"
    rc = subprocess.run([aotbench, "report", work / "changed/results.json", "--baseline", work / "base/results.json",
                         "--html", diff], capture_output=True, timeout=60).returncode
    if rc != 2 or not diff.exists():
        fail(f"aotbench report should find the sample regressions (exit 2) and write {diff}; exit {rc}")

    report = work / "base/report.html"
    names = [b["name"] for b in json.loads((work / "base/results.json").read_text())["benchmarks"] if "aotbench" in b]
    tables = dom_tables(work, "asc", report, "#sort=counts_median", shot="report")
    rows = tables["variants"]["rows"]
    if sorted(r["key"] for r in rows) != sorted(names):
        fail("the report's table does not have exactly the variants of results.json")
    expect_sorted(column(tables["variants"], "counts_median"), False, "report sorted by counts")
    if [r["class"] for r in rows].count("win") != 1:
        fail("exactly one row should be highlighted as the winner")
    tables = dom_tables(work, "desc", report, "#sort=flash_total:desc")
    expect_sorted(column(tables["variants"], "flash_total"), True, "report sorted by flash, descending")
    print(f"report.html: {len(rows)} rows, sorting works both ways")

    tuned = work / "changed/report.html"
    layers = json.loads((work / "changed/results.json").read_text())["aotbench_tuning"]["layers"]
    tables = dom_tables(work, "tuned", tuned, "#sort=layer_counts:desc")
    if sorted(r["key"] for r in tables["tuning"]["rows"]) != sorted(str(x["index"]) for x in layers):
        fail("the report's tuning table does not have exactly the tuned layers of results.json")
    expect_sorted(column(tables["tuning"], "layer_counts"), True, "tuning table sorted by counts, descending")
    print(f"report.html: {len(layers)} tuned layers, sortable")

    tables = dom_tables(work, "diff", diff, "#sort=counts_median.change:desc", shot="diff")
    changes = column(tables["changes"], "counts_median.change")
    expect_sorted(changes, True, "comparison sorted by change of counts")
    base = {b["name"]: b.get("counts_median") for b in json.loads((work / "base/results.json").read_text())["benchmarks"]}
    now = {b["name"]: b.get("counts_median") for b in json.loads((work / "changed/results.json").read_text())["benchmarks"]}
    growth = {k: (now[k] - base[k]) / base[k] for k in now if base.get(k) and now[k] is not None}
    if tables["changes"]["rows"][0]["key"] != max(growth, key=growth.get):
        fail("the comparison's first row after sorting is not the variant whose counts grew most")
    print(f"diff.html: {len(changes)} rows, sorted by change")


if __name__ == "__main__":
    main()
