#!/usr/bin/python3
"""standalone.no_shared: without ../shared, the tests that read it report themselves skipped, with the reason.

With AOTBENCH_SHARED_DIR naming a folder that does not exist, one test of every kind that reads
../shared runs as CTest runs it (command, environment, working directory and skip rules from
`ctest --show-only=json-v1`): GoogleTest cases of codegen.reader, codegen.plan, codegen.emit,
codegen.zoo, codegen.host and the sweep's device tests, an oracle case, and the Python and shell
tests. Each must count as skipped and say which file is missing. Every GoogleTest program among them
must still list its tests (gtest_discover_tests does that at build time, where a clone without
../shared used to abort). Under AOTBENCH_REQUIRE_SHARED=1, as scripts/test sets it when ../shared
is present, the same tests must fail instead.

usage: no_shared_test.py BUILD_DIR
"""
import json
import os
import re
import subprocess
import sys

build = sys.argv[1]
MISSING = "/nonexistent/aotbench-shared"
# One test of each kind; the first CTest name matching each pattern runs.
PATTERNS = [r"^codegen\.oracle\b", r"^codegen\.reader\.ReaderRejects\.WrongSchemaVersion$",
            r"^codegen\.reader\.SharedModels/Malformed\.", r"^codegen\.plan\..*ModelFigures\.",
            r"^codegen\.emit\.Emit\.", r"^codegen\.zoo\..*MatchesReference\.", r"^codegen\.host\.Names\.",
            r"^codegen\.host\.Prefix\.", r"^sweep\.DeviceFault\.", r"^sweep\.ClangOnDevice\.",
            r"^sweep\.DeviceOracle|^sweep\.Boards/DeviceOracle", r"^sweep\.big_model$", r"^sweep\.tune$",
            r"^codegen\.host\.cli$"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], capture_output=True, text=True,
                         check=True)
tests = json.loads(listing.stdout)["tests"]


def props(test):
    return {p["name"]: p["value"] for p in test.get("properties", [])}


def run(command, test_props, required):
    env = dict(os.environ, AOTBENCH_SHARED_DIR=MISSING)
    env.pop("AOTBENCH_REQUIRE_SHARED", None)
    if required:
        env["AOTBENCH_REQUIRE_SHARED"] = "1"
    for assignment in test_props.get("ENVIRONMENT", []):
        key, _, value = assignment.partition("=")
        env[key] = value
    p = subprocess.run(command, cwd=test_props.get("WORKING_DIRECTORY", build), env=env, capture_output=True,
                       text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


def skipped(rc, output, test_props):
    """CTest's verdict: SKIP_RETURN_CODE or SKIP_REGULAR_EXPRESSION."""
    if "SKIP_RETURN_CODE" in test_props and rc == test_props["SKIP_RETURN_CODE"]:
        return True
    return any(re.search(r, output) for r in test_props.get("SKIP_REGULAR_EXPRESSION", []))


def check(name, command, test_props):
    rc, out = run(command, test_props, required=False)
    if not skipped(rc, out, test_props) or f"needs ../shared: {MISSING}/" not in out:
        fail(f"{name}: not reported skipped with the missing file (exit {rc}):\n{out[-3000:]}")
    why = next(line for line in out.splitlines() if "needs ../shared" in line)
    rc, out = run(command, test_props, required=True)
    if skipped(rc, out, test_props) or rc == 0 or "AOTBENCH_REQUIRE_SHARED=1 does not allow skipping" not in out:
        fail(f"{name}: under AOTBENCH_REQUIRE_SHARED=1 it did not fail (exit {rc}):\n{out[-3000:]}")
    print(f"{name}: skipped: {why.removeprefix('SKIPPED: ')}")


programs = set()
for pattern in PATTERNS:
    test = next((t for t in tests if re.search(pattern, t["name"])), None)
    if test is None:
        fail(f"no CTest test matches {pattern}")
    check(test["name"], test["command"], props(test))
    if not test["command"][0].endswith(("python3", "bash")):
        programs.add(test["command"][0])

# Every GoogleTest program lists its tests without ../shared; parameters that come from the oracle
# become one stand-in, which reports the skip too.
for program in sorted(programs):
    rc, out = run([program, "--gtest_list_tests"], {}, required=False)
    if rc != 0:
        fail(f"{program} --gtest_list_tests exited {rc} without ../shared:\n{out[-3000:]}")
    suite = ""
    for line in out.splitlines():
        if not line.startswith(" "):
            suite = line.strip()  # "Models/OracleVariants."
        elif "no_oracle" in line:
            case = suite + line.split()[0]
            check(f"{os.path.basename(program)} {case}", [program, f"--gtest_filter={case}"],
                  {"SKIP_REGULAR_EXPRESSION": [r"\[  SKIPPED \]"]})
print(f"{len(PATTERNS)} kinds of tests and {len(programs)} programs checked without ../shared")
