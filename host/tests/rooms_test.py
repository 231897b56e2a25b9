#!/usr/bin/env python3
"""host/'s rooms include only rooms listed before them in HACKING.md's table ("The rooms of host/"),
never a room on the same row (doctor/ and farm/), and never a room that is not in the table.
usage: rooms_test.py REPO"""
import pathlib
import re
import sys

repo = pathlib.Path(sys.argv[1])
hacking = (repo / "HACKING.md").read_text()
section = hacking.split("## The rooms of host/", 1)[1].split("\n## ", 1)[0]
rows = []  # the rooms of each table row, in order
for line in section.splitlines():
    cells = line.split("|")
    if len(cells) > 2 and "`" in cells[1]:
        rows.append(re.findall(r"`([a-z_]+)/`", cells[1]))
rank = {room: i for i, names in enumerate(rows) for room in names}
assert len(rank) >= 10, f"HACKING.md's table of rooms was not found or is short: {rows}"

include = re.compile(r'^\s*#\s*include\s+"host/([a-z_]+)/', re.M)
problems = []
for f in sorted((repo / "host").rglob("*")):
    if f.suffix not in (".cpp", ".hpp") or "tests" in f.parts or "bench" in f.parts:
        continue
    room = f.relative_to(repo / "host").parts[0]
    if room not in rank:
        problems.append(f"{f.relative_to(repo)}: room {room}/ is not in HACKING.md's table")
        continue
    for target in include.findall(f.read_text()):
        if target == room:
            continue
        if target not in rank:
            problems.append(f"{f.relative_to(repo)} includes host/{target}/, which is not in HACKING.md's table")
        elif rank[target] >= rank[room]:
            where = "on the same row as" if rank[target] == rank[room] else "listed after"
            problems.append(f"{f.relative_to(repo)} includes host/{target}/, {where} {room}/ in HACKING.md's table")
for p in problems:
    print(p)
print(f"{len(rank)} rooms, {len(problems)} includes out of order")
sys.exit(1 if problems else 0)
