#!/usr/bin/python3
"""sweep.transient: a build that failed on a full disk is retried, and --resume measures it (issue 20).

One variant of kws on the emulated STM32, with the firmware folder of the object cache on a 64 KiB
tmpfs (a private mount namespace: `unshare --user --map-root-user --mount`, so no root is needed
and nothing outside the sweep sees it): linking the firmware fails with ENOSPC. The sweep must
say so with the OS's reason, try the variant once more at its end, keep it as retryable and exit
1 (something went wrong), not 3 (nothing fits). `--resume` on a disk with room then measures it,
and the sweep ends with a winner. Before, the result was final: exit 3, and --resume had "0 to go".

usage: sweep_transient_test.py AOTBENCH WORKDIR   (exit 77: no user namespaces here)
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

from sweep_cli import fail

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[2])
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
cache = pathlib.Path(os.environ["AOTBENCH_CACHE_DIR"])
(cache / "firmware").mkdir(parents=True, exist_ok=True)
SWEEP = [aotbench, "--board", "stm32", "--model", "kws", "--variants", "@corners;opt=Os;cc=gcc;api=packed", "--tune", "off",
         "--jobs", "1", "--out", str(work / "run"), "--history", str(work / "history.sqlite")]
UNSHARE = ["unshare", "--user", "--map-root-user", "--mount"]

probe = subprocess.run([*UNSHARE, "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs {work}"], capture_output=True, text=True)
if probe.returncode != 0:
    print(f"SKIP: no private mount namespace here (user namespaces disabled?): {probe.stderr.strip()}")
    sys.exit(77)

full = subprocess.run([*UNSHARE, "sh", "-c", 'mount -t tmpfs -o size=64k tmpfs "$0/firmware" && exec "$@"', str(cache),
                       *SWEEP], capture_output=True, text=True, timeout=600)
print(f"--- full disk: exit {full.returncode}\n{full.stderr[-3000:]}")
if full.returncode != 1:
    fail(f"a build that failed on a full disk exited {full.returncode}, not 1 (something went wrong)")
for said in ("No space left on device", "trying it again at the end", "failed twice for a cause that may pass",
             "--resume"):
    if said not in full.stderr:
        fail(f"the full-disk sweep does not say {said!r}")
results = json.loads((work / "run" / "results.json").read_text())
variant = [b["aotbench"] for b in results["benchmarks"] if "aotbench" in b][0]
if variant["status"] != "build_failed" or not variant["retryable"] or "No space left on device" not in variant["message"]:
    fail(f"results.json: {variant['status']}, retryable {variant['retryable']}, {variant['message']!r}")

resumed = subprocess.run([*SWEEP, "--resume"], capture_output=True, text=True, timeout=600)
print(f"--- resumed: exit {resumed.returncode}\n{resumed.stderr[-2000:]}")
if resumed.returncode != 0 or "failed for a cause that may have passed" not in resumed.stderr:
    fail(f"--resume exited {resumed.returncode} or did not say it measures the retryable variant again")
results = json.loads((work / "run" / "results.json").read_text())
variant = [b["aotbench"] for b in results["benchmarks"] if "aotbench" in b][0]
if variant["status"] != "ok" or variant["retryable"]:
    fail(f"--resume left the variant {variant['status']}, retryable {variant['retryable']}: {variant['message']!r}")
print("sweep transient passed")
