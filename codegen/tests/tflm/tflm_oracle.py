#!/usr/bin/env python3
"""Runs TFLite Micro's reference kernels (PyPI's tflite-micro) over a folder of test cases.

For every CASE.tflite in FOLDER with its inputs CASE.in0.raw, CASE.in1.raw, ... (raw
little-endian bytes, in the model's input order), one inference, writing:
  CASE.out<i>.raw  the bytes of output i
  CASE.t<k>.raw    the bytes of every tensor k that is not a constant (intermediates included)
  CASE.error       instead, when TFLite Micro refuses the model or fails to run it: its message
For an operator TFLite Micro lacks (TILE) the same files come from TFLite's reference kernels
(ai-edge-litert, OpResolverType.BUILTIN_REF), and CASE.oracle says so.

With --invocations N, N inferences in a row on one interpreter, without a reset between them (a
model's state, its variable tensors, carries over as in a deployed model): inference k > 0 takes
its inputs from CASE.step<k>.in<i>.raw where those exist (else the previous ones), and the files
above hold what the last inference computed.

Usage: tflm_oracle.py [--invocations N] FOLDER
(run with the interpreter of .deps/venv, which scripts/setup makes)
"""
import glob
import os
import sys
import tempfile
import traceback

import numpy as np
from tflite_micro.python.tflite_micro import runtime

ARENA_BYTES = 64 << 20  # every tensor is kept (kPreserveAllTensors): be generous


def describe(model_bytes):
    """The subgraph's tensor count, its constant tensors and its output count."""
    model = runtime.convert_bytearray_to_object(model_bytes)
    sg = model.subgraphs[0]
    const = set()
    for i, t in enumerate(sg.tensors):
        buf = model.buffers[t.buffer] if t.buffer < len(model.buffers) else None
        if buf is not None and buf.data is not None and len(buf.data) > 0:
            const.add(i)
    return len(sg.tensors), const, len(sg.outputs)


def input_file(stem, step, i):
    """Inference `step`'s input i: its own file, else the latest earlier step's."""
    for k in range(step, 0, -1):
        if os.path.exists(f"{stem}.step{k}.in{i}.raw"):
            return f"{stem}.step{k}.in{i}.raw"
    return f"{stem}.in{i}.raw"


def run_litert(stem, model_bytes, count, const, outputs, invocations):
    from ai_edge_litert import interpreter as litert

    interp = litert.Interpreter(model_content=model_bytes,
                                experimental_op_resolver_type=litert.OpResolverType.BUILTIN_REF,
                                experimental_preserve_all_tensors=True)
    interp.allocate_tensors()
    for step in range(invocations):
        for i, d in enumerate(interp.get_input_details()):
            data = np.fromfile(input_file(stem, step, i), dtype=d["dtype"]).reshape(d["shape"])
            interp.set_tensor(d["index"], data)
        interp.invoke()
    for o, d in enumerate(interp.get_output_details()[:outputs]):
        interp.get_tensor(d["index"]).tofile(f"{stem}.out{o}.raw")
    for k in range(count):
        if k not in const:
            interp.get_tensor(k).tofile(f"{stem}.t{k}.raw")
    with open(f"{stem}.oracle", "w") as f:
        f.write("TFLite reference kernels (ai-edge-litert BUILTIN_REF): TFLite Micro lacks the operator\n")


def tflm_interpreter(model_bytes):
    """TFLite Micro's interpreter for the model, or None when TFLite Micro lacks one of its
    operators. The exception then only says "TFLM failed to allocate tensors"; which operator
    is missing is printed on TFLite Micro's log (the process's stderr), so that is captured."""
    with tempfile.TemporaryFile() as log:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(log.fileno(), 2)
        try:
            return runtime.Interpreter.from_bytes(
                model_bytes, arena_size=ARENA_BYTES,
                intrepreter_config=runtime.InterpreterConfig.kPreserveAllTensors)
        except RuntimeError as e:
            log.seek(0)
            text = log.read().decode(errors="replace")
            if "Didn't find op for builtin opcode" in text:
                return None
            raise RuntimeError(f"{e}\n{text}") from e
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def run_case(path, invocations):
    stem = path[: -len(".tflite")]
    with open(path, "rb") as f:
        model_bytes = f.read()
    count, const, outputs = describe(model_bytes)
    interp = tflm_interpreter(model_bytes)
    if interp is None:
        run_litert(stem, model_bytes, count, const, outputs, invocations)
        return
    for step in range(invocations):
        i = 0
        while os.path.exists(f"{stem}.in{i}.raw"):
            d = interp.get_input_details(i)
            data = np.fromfile(input_file(stem, step, i), dtype=d["dtype"]).reshape(d["shape"])
            interp.set_input(data, i)
            i += 1
        interp.invoke()
    for o in range(outputs):
        interp.get_output(o).tofile(f"{stem}.out{o}.raw")
    for k in range(count):
        if k not in const:
            np.asarray(interp.GetTensor(k, 0)["tensor_data"]).tofile(f"{stem}.t{k}.raw")


def main():
    args = sys.argv[1:]
    invocations = 1
    if len(args) == 3 and args[0] == "--invocations" and args[1].isdigit() and int(args[1]) > 0:
        invocations = int(args[1])
        args = args[2:]
    if len(args) != 1:
        sys.exit(__doc__)
    for path in sorted(glob.glob(os.path.join(args[0], "*.tflite"))):
        try:
            run_case(path, invocations)
        except Exception:
            with open(path[: -len(".tflite")] + ".error", "w") as f:
                f.write(traceback.format_exc())


if __name__ == "__main__":
    main()
