#!/usr/bin/env bash
# `aotbench codegen` and `aotbench infer --board host` as a user runs them.
# usage: cli_test.sh AOTBENCH SHARED_DIR TMP_DIR
set -euo pipefail
aotbench=$1 shared=${AOTBENCH_SHARED_DIR:-$2} tmp=$3
rm -rf "$tmp" && mkdir -p "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Without ../shared: skipped (exit 77, CTest's SKIP_RETURN_CODE) with the reason, or a failure under
# AOTBENCH_REQUIRE_SHARED=1 (host/sweep/tests/needs_shared.py does the same for the Python tests).
for need in models/vww_96_int8.tflite oracle/vww_96_int8 oracle/kws_ref_model; do
  [ -e "$shared/$need" ] && continue
  why="needs ../shared: $shared/$need not found (put the shared models and oracle beside the checkout, or set AOTBENCH_SHARED_DIR)"
  [ "${AOTBENCH_REQUIRE_SHARED:-}" = 1 ] && fail "$why; AOTBENCH_REQUIRE_SHARED=1 does not allow skipping it"
  echo "SKIPPED: $why"
  exit 77
done

# codegen writes the sources, the public header and the summary.
"$aotbench" codegen --model kws --variant api=packed,workspace=dynamic --out "$tmp/kws" > "$tmp/summary.txt"
for f in include/tvmgen_kws.h src/tvmgen_kws_internal.h src/tvmgen_kws_params.c src/tvmgen_kws_ops.c \
         src/tvmgen_kws_run.c aotbench/tvmgen_kws_adapter.c runtime/ab_aot_runtime.c third_party/dlpack/dlpack.h \
         CMakeLists.txt model.mk README.md summary.txt summary.json; do
  [ -s "$tmp/kws/$f" ] || fail "codegen did not write $f"
done
grep -q "MACs        2656768" "$tmp/summary.txt" || fail "summary lacks the MAC count: $(cat "$tmp/summary.txt")"
grep -q "TVMGEN_KWS_WORKSPACE_POOL_SIZE" "$tmp/kws/include/tvmgen_kws.h" || fail "header lacks the pool size"

# infer on the host reproduces the oracle.
model=$shared/models/vww_96_int8.tflite case=$shared/oracle/vww_96_int8/rand1
"$aotbench" infer --board host --model "$model" --variant api=packed,index=i64 \
  --input "$case.in0.raw" --output "$tmp/out.raw"
cmp "$tmp/out.raw" "$case.out0.raw" || fail "infer output differs from the oracle"
# ... also built by the host's clang (the cc knob).
"$aotbench" infer --board host --model "$model" --variant cc=clang,opt=O2 \
  --input "$case.in0.raw" --output "$tmp/out_clang.raw" 2> "$tmp/infer_clang.txt"
cmp "$tmp/out_clang.raw" "$case.out0.raw" || fail "infer output with cc=clang differs from the oracle"
grep -q "opt=O2,cc=clang" "$tmp/infer_clang.txt" || fail "infer did not report the clang variant: $(cat "$tmp/infer_clang.txt")"

# `aotbench variants` lists every knob, the compiler included.
"$aotbench" variants > "$tmp/variants.txt"
grep -Eq "^cc +build +gcc\|clang +gcc +C compiler of the model and kernels" "$tmp/variants.txt" \
  || fail "variants does not list cc: $(cat "$tmp/variants.txt")"
grep -Eq "^layers +generate +INDEX:SCHEDULE/\.\.\. +\(none\) " "$tmp/variants.txt" \
  || fail "variants does not say what layers takes: $(grep ^layers "$tmp/variants.txt")"

# The build cache: its size by kind; pruning removes what was used longest ago, keeps the last hour's.
cache=$tmp/cache
mkdir -p "$cache/objects" "$cache/gen/k1"
head -c 4096 /dev/zero > "$cache/objects/old_a.o"
head -c 4096 /dev/zero > "$cache/objects/new_b.o"
head -c 4096 /dev/zero > "$cache/gen/k1/model.c"
touch -d '3 hours ago' "$cache/objects/old_a.o" "$cache/gen/k1/model.c" "$cache/gen/k1"
AOTBENCH_CACHE_DIR=$cache "$aotbench" cache --json > "$tmp/cache.json"
grep -q '"bytes": 12288' "$tmp/cache.json" || fail "cache --json: $(cat "$tmp/cache.json")"
AOTBENCH_CACHE_DIR=$cache "$aotbench" cache --prune --max-size 0 > "$tmp/prune.txt"
[ ! -e "$cache/objects/old_a.o" ] && [ ! -e "$cache/gen/k1" ] && [ -e "$cache/objects/new_b.o" ] \
  || fail "cache --prune: $(cat "$tmp/prune.txt"); left $(find "$cache" -type f)"

# Bad input: clear errors, non-zero exit.
expect_error() {  # expect_error REGEX COMMAND...
  local regex=$1; shift
  if "$@" > "$tmp/err.txt" 2>&1; then fail "succeeded: $*"; fi
  grep -Eq "$regex" "$tmp/err.txt" || fail "expected /$regex/ from $*, got: $(cat "$tmp/err.txt")"
}
expect_error "unknown variant knob 'speed'; known knobs: api, interface" \
  "$aotbench" codegen --model kws --variant speed=fast --out "$tmp/x"
expect_error "variant knob api has no value 'fast'; choose one of: packed, unpacked" \
  "$aotbench" codegen --model kws --variant api=fast --out "$tmp/x"
expect_error "variant knob cc has no value 'icc'; choose one of: gcc, clang" \
  "$aotbench" codegen --model kws --variant cc=icc --out "$tmp/x"
expect_error "prefix '9lives' is not a C identifier" \
  "$aotbench" codegen --model kws --variant prefix=9lives --out "$tmp/x"
expect_error "does not exist" "$aotbench" codegen --model "$tmp/missing.tflite" --out "$tmp/x"
expect_error "AOTBENCH_CACHE_MAX=lots is not a size" env AOTBENCH_CACHE_MAX=lots "$aotbench" cache
expect_error "must hold exactly 27648 bytes" \
  "$aotbench" infer --board host --model "$model" --input "$shared/oracle/kws_ref_model/rand1.in0.raw" --output "$tmp/o"
expect_error "infer runs on --board host only" \
  "$aotbench" infer --board stm32 --model kws --input "$shared/oracle/kws_ref_model/rand1.in0.raw" --output y
expect_error "is a directory; give a file" "$aotbench" infer --board host --model kws --input "$tmp" --output y
expect_error "0 is not a whole number of at least 1" \
  "$aotbench" infer --board host --model kws --input "$shared/oracle/kws_ref_model/rand1.in0.raw" --output y -j 0
echo "cli test passed"
