#!/usr/bin/env python3
"""cli.unsupported: a model with operators aotbench cannot compile is refused by every command
that reads a model, in well under a second, before anything is built, with every such operator
listed at once (text on stderr; data on stdout with --json) and exit code 4.

The model is the real DS-CNN keyword spotter of ../shared with three operators changed: one to a
builtin aotbench lacks, one to a custom operator, and one CONV_2D given an int16 input (a type
combination it does not take). Run with .deps/venv's python (flatbuffers and TFLite's schema
come with tflite-micro).

usage: cli_unsupported_test.py AOTBENCH SHARED_DIR WORKDIR
"""
import json
import pathlib
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "host" / "sweep" / "tests"))
import needs_shared  # noqa: E402

aotbench, work = sys.argv[1], pathlib.Path(sys.argv[3])
shared = needs_shared.shared_dir(sys.argv[2])
needs_shared.need(shared, "models/kws_ref_model.tflite")
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)

import flatbuffers  # noqa: E402
from tflite_micro.python.tflite_micro import runtime  # noqa: E402
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema  # noqa: E402


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


model = runtime.convert_bytearray_to_object((shared / "models" / "kws_ref_model.tflite").read_bytes())
sg = model.subgraphs[0]
gelu = schema.OperatorCodeT()
gelu.builtinCode, gelu.deprecatedBuiltinCode, gelu.version = schema.BuiltinOperator.GELU, 127, 1
custom = schema.OperatorCodeT()
custom.builtinCode, custom.deprecatedBuiltinCode, custom.version = 32, 32, 1
custom.customCode = b"SignalStacker"
model.operatorCodes += [gelu, custom]
sg.operators[12].opcodeIndex = len(model.operatorCodes) - 2  # SOFTMAX -> GELU
sg.operators[5].opcodeIndex = len(model.operatorCodes) - 1   # a convolution -> custom
sg.tensors[sg.operators[0].inputs[0]].type = schema.TensorType.INT16  # CONV_2D 0: int16 in, int8 out
builder = flatbuffers.Builder(1 << 16)
builder.Finish(model.Pack(builder), b"TFL3")
bad = work / "bad.tflite"
bad.write_bytes(builder.Output())

inp = work / "in.raw"
inp.write_bytes(bytes(980))
out_dir = work / "results"
for args in (["--board", "stm32", "--model", str(bad), "--out", str(out_dir)],
             ["codegen", "--model", str(bad), "--out", str(work / "gen")],
             ["infer", "--board", "host", "--model", str(bad), "--input", str(inp), "--output", str(work / "o.raw")]):
    for json_flag in ([], ["--json"]):
        start = time.monotonic()
        p = subprocess.run([aotbench, *args, *json_flag], capture_output=True, text=True, timeout=60)
        took = time.monotonic() - start
        what = " ".join(args[:1] + json_flag)
        if p.returncode != 4:
            fail(f"{what}: exit {p.returncode}, expected 4: {p.stderr}")
        if took > 1.0:
            fail(f"{what}: took {took:.2f} s to refuse the model")
        for needle in ("3 of its 13 operators cannot be compiled", "operator 0 (CONV_2D): output tensor",
                       "is int8; expected int16", "operator 5 is the custom operator 'SignalStacker'",
                       "operator 12 is GELU", "aotbench ops"):
            if needle not in p.stderr:
                fail(f"{what}: stderr lacks {needle!r}: {p.stderr}")
        if json_flag:
            j = json.loads(p.stdout)
            if j["error"] != "unsupported_model" or [o["index"] for o in j["operators"]] != [0, 5, 12] or \
                    [o["operator"] for o in j["operators"]] != ["CONV_2D", "CUSTOM:SignalStacker", "GELU"]:
                fail(f"{what}: JSON {j}")
for built in (out_dir, work / "gen", work / "o.raw"):
    if built.exists():
        fail(f"{built} was written for a refused model")
print("every command refused the model at once, listing all 3 operators")
