#!/usr/bin/env python3
"""codegen.tflm.stored_oracle: the pinned tflite-micro package against ../shared/oracle.

The stored vectors came from a native TFLite Micro build; the operator tests trust the Python
package instead. Every model and case of ../shared/oracle is run through the package here: its
outputs must equal the stored bytes and every intermediate tensor the stored hash
(TENSORS.tsv), so both oracles are known to be the same arithmetic.

usage: stored_oracle_test.py SHARED_DIR   (run with .deps/venv's python)
"""
import csv
import hashlib
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "host" / "sweep" / "tests"))
import needs_shared  # noqa: E402
from tflite_micro.python.tflite_micro import runtime  # noqa: E402

shared = needs_shared.shared_dir(sys.argv[1])
needs_shared.need(shared, "oracle/MANIFEST.tsv", "oracle/TENSORS.tsv", "models")


def rows(name):
    with open(shared / "oracle" / name, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


tensors = {}
for r in rows("TENSORS.tsv"):
    tensors.setdefault((r["model"], r["case"]), []).append(r)
cases = sorted({(r["model"], r["case"]) for r in rows("MANIFEST.tsv")})
bad, compared = [], 0
for model, case in cases:
    interp = runtime.Interpreter.from_file(str(shared / "models" / f"{model}.tflite"), arena_size=256 << 20,
                                           intrepreter_config=runtime.InterpreterConfig.kPreserveAllTensors)
    d = interp.get_input_details(0)
    x = np.fromfile(shared / "oracle" / model / f"{case}.in0.raw", dtype=d["dtype"]).reshape(d["shape"])
    interp.set_input(x, 0)
    interp.invoke()
    got = interp.get_output(0).tobytes()
    want = (shared / "oracle" / model / f"{case}.out0.raw").read_bytes()
    if got != want:
        bad.append(f"{model} {case}: output differs from the stored vector")
    for t in tensors.get((model, case), []):
        data = np.asarray(interp.GetTensor(int(t["tensor_index"]), 0)["tensor_data"]).tobytes()
        compared += 1
        if hashlib.sha256(data).hexdigest()[:16] != t["sha256_16"] or len(data) != int(t["bytes"]):
            bad.append(f"{model} {case}: tensor {t['tensor_index']} '{t['tensor_name']}' differs")
    print(f"{model} {case}: {'ok' if not bad else 'see below'}")
if bad:
    print("FAIL:\n  " + "\n  ".join(bad[:40]))
    sys.exit(1)
print(f"{len(cases)} cases and {compared} intermediate tensors: the package gives the stored bytes")
