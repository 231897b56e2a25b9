#!/usr/bin/env bash
# `aotbench codegen`'s folder used as a user would, alone: built through its CMakeLists.txt
# (add_subdirectory) and its model.mk (make), for the host and for Cortex-M4 with arm-none-eabi-gcc,
# warning-free; the README's example, driven by a small main, reproduces the oracle's output.
# usage: package_test.sh AOTBENCH SHARED_DIR TMP_DIR
set -euo pipefail
aotbench=$1 shared=${AOTBENCH_SHARED_DIR:-$2} tmp=$3
rm -rf "$tmp" && mkdir -p "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }
for need in models/kws_ref_model.tflite oracle/kws_ref_model/rand1.in0.raw; do
  [ -e "$shared/$need" ] && continue
  why="needs ../shared: $shared/$need not found (put the shared models and oracle beside the checkout, or set AOTBENCH_SHARED_DIR)"
  [ "${AOTBENCH_REQUIRE_SHARED:-}" = 1 ] && fail "$why; AOTBENCH_REQUIRE_SHARED=1 does not allow skipping it"
  echo "SKIPPED: $why"
  exit 77
done
model=$shared/models/kws_ref_model.tflite case=$shared/oracle/kws_ref_model/rand1
lib=tvmgen_kws_ref_model MACRO=TVMGEN_KWS_REF_MODEL
warn="-std=c11 -Wall -Wextra -Werror"
m4="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"

# prog.c: the README's example, then a main that feeds it the oracle's input (dequantized with the
# header's scale and zero point, as an application's real values) and writes the output.
program() {  # program PACKAGE_DIR > prog.c
  sed -n '/^## Example/,$p' "$1/README.md" | sed -n '/^```c$/,/^```$/p' | sed '1d;$d' > "$tmp/example.c"
  grep -q "int run_model" "$tmp/example.c" || fail "$1/README.md has no C example"
  cat "$tmp/example.c"
  cat <<C
#include <stdio.h>
int main(int argc, char** argv) {
  static ${MACRO}_INPUT_INPUT_1_TYPE q[${MACRO}_INPUT_INPUT_1_SIZE];
  static float x[${MACRO}_INPUT_INPUT_1_SIZE];
  FILE* in = fopen(argv[1], "rb");
  if (argc != 3 || !in || fread(q, 1, sizeof q, in) != sizeof q) return 2;
  for (size_t i = 0; i < sizeof q; ++i) x[i] = ${MACRO}_INPUT_INPUT_1_SCALE * (float)(q[i] - ${MACRO}_INPUT_INPUT_1_ZERO_POINT);
  if (run_model(x) != 0) { fprintf(stderr, "%s\n", TVMGetLastError()); return 1; }
  FILE* out = fopen(argv[2], "wb");
  return out && fwrite(out_identity, 1, sizeof out_identity, out) == sizeof out_identity && fclose(out) == 0 ? 0 : 3;
}
C
}

# 1. api=unpacked through CMake's add_subdirectory: host program, then the library for Cortex-M4.
"$aotbench" codegen --model "$model" --variant api=unpacked,interface=c,workspace=static --out "$tmp/a/model" > /dev/null
[ ! -e "$tmp/a/model/third_party" ] || fail "api=unpacked,interface=c got dlpack.h, which it does not need"
grep -q "AB_CPU_CORTEX" "$tmp/a/model/CMakeLists.txt" "$tmp/a/model/model.mk" && fail "generated for no board, yet it names a core"
grep -q "#define ${MACRO}_INPUT_INPUT_1_ZERO_POINT 83" "$tmp/a/model/include/$lib.h" \
  || fail "the public header lacks the input's zero point"
program "$tmp/a/model" > "$tmp/a/prog.c"
cat > "$tmp/a/CMakeLists.txt" <<C
cmake_minimum_required(VERSION 3.13)
project(app C)
add_subdirectory(model)
add_executable(prog prog.c)
target_link_libraries(prog PRIVATE $lib m)
C
cmake -S "$tmp/a" -B "$tmp/a/host" -G Ninja -DCMAKE_C_FLAGS="$warn" > "$tmp/a/host.log" 2>&1 \
  && cmake --build "$tmp/a/host" >> "$tmp/a/host.log" 2>&1 || fail "CMake build for the host: $(cat "$tmp/a/host.log")"
"$tmp/a/host/prog" "$case.in0.raw" "$tmp/a/out.raw"
cmp "$tmp/a/out.raw" "$case.out0.raw" || fail "the CMake-built program's output differs from the oracle's"
cmake -S "$tmp/a/model" -B "$tmp/a/m4" -G Ninja -DCMAKE_SYSTEM_NAME=Generic -DCMAKE_C_COMPILER=arm-none-eabi-gcc \
  -DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY -DCMAKE_C_FLAGS="$m4 $warn" > "$tmp/a/m4.log" 2>&1 \
  && cmake --build "$tmp/a/m4" >> "$tmp/a/m4.log" 2>&1 || fail "CMake build for Cortex-M4: $(cat "$tmp/a/m4.log")"
[ -s "$tmp/a/m4/lib$lib.a" ] || fail "no lib$lib.a for Cortex-M4"

grep -q "target_compile_options($lib PRIVATE -Os)" "$tmp/a/model/CMakeLists.txt" \
  || fail "the CMakeLists.txt does not compile at -Os, the level measured"

# 2. api=packed (dlpack.h copied in), dynamic workspace, DSP kernels, aligned loops, through model.mk and make.
"$aotbench" codegen --model "$model" --variant api=packed,interface=packed,workspace=dynamic,kernels=dsp,opt=O2,align=loops16 \
  --board stm32 --out "$tmp/b/model" > /dev/null
[ -s "$tmp/b/model/third_party/dlpack/dlpack.h" ] || fail "api=packed: dlpack.h was not copied in"
# the flags measured, loop alignment included, in both build files
grep -qx "${MACRO}_OPT := -O2 -falign-loops=16" "$tmp/b/model/model.mk" || fail "model.mk's _OPT lacks -falign-loops=16"
grep -q "target_compile_options($lib PRIVATE -O2 -falign-loops=16)" "$tmp/b/model/CMakeLists.txt" \
  || fail "the CMakeLists.txt does not compile with -falign-loops=16"
# the board's core named, as the firmware build names it, for kernels ordered for one core's pipeline
grep -q "^${MACRO}_DEFS := .*AB_CPU_CORTEX_M4" "$tmp/b/model/model.mk" || fail "model.mk's _DEFS lack AB_CPU_CORTEX_M4 (--board stm32)"
grep -q "target_compile_definitions($lib PUBLIC .*AB_CPU_CORTEX_M4" "$tmp/b/model/CMakeLists.txt" \
  || fail "the CMakeLists.txt does not define AB_CPU_CORTEX_M4 (--board stm32)"
program "$tmp/b/model" > "$tmp/b/prog.c"
cat > "$tmp/b/Makefile" <<'C'
include model/model.mk
CFLAGS += $(WARN) $(TVMGEN_KWS_REF_MODEL_CFLAGS) $(TVMGEN_KWS_REF_MODEL_OPT)
OBJS := $(patsubst %.c,$(OUT)/%.o,prog.c $(TVMGEN_KWS_REF_MODEL_SRCS))
$(OUT)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@
$(OUT)/prog: $(OBJS)
	$(CC) $(CFLAGS) $^ -o $@ -lm
$(OUT)/objects: $(OBJS)
	touch $@
C
make -C "$tmp/b" -s OUT=host WARN="$warn" host/prog > "$tmp/b/host.log" 2>&1 || fail "make for the host: $(cat "$tmp/b/host.log")"
"$tmp/b/host/prog" "$case.in0.raw" "$tmp/b/out.raw"
cmp "$tmp/b/out.raw" "$case.out0.raw" || fail "the make-built program's output differs from the oracle's"
make -C "$tmp/b" -s OUT=m4 CC=arm-none-eabi-gcc WARN="$m4 $warn" m4/objects > "$tmp/b/m4.log" 2>&1 \
  || fail "make for Cortex-M4: $(cat "$tmp/b/m4.log")"
[ -e "$tmp/b/m4/model/aotbench" ] && fail "model.mk compiles aotbench's adapter"
echo "package test passed: CMake and make, host and Cortex-M4, the oracle's output reproduced"
