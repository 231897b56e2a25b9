#!/usr/bin/env bash
# Generated code (both corners, a variant of every other knob value, and both corners with the
# dsp kernels specialized per layer) compiles warning-free with -Wall -Wextra for Cortex-M3 (soft
# float, the kernels' portable definitions), Cortex-M4 and Cortex-M7 with arm-none-eabi-gcc.
# usage: cross_warnings_test.sh AOTBENCH SOURCE_DIR TMP_DIR
set -euo pipefail
aotbench=$1 src=$2 tmp=$3
rm -rf "$tmp" && mkdir -p "$tmp/include"
ln -s /usr/include/dlpack "$tmp/include/dlpack"  # dlpack.h only, not the host's libc headers
variants=(
  "api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,profile=ops"
  "api=unpacked,interface=c,workspace=static,params=direct,index=i32"
  "api=packed,interface=c,workspace=static,params=lookup,index=i32,plan=greedy_by_conflicts"
  "api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,kernels=dsp"
  "api=unpacked,interface=c,workspace=static,params=direct,index=i32,kernels=dsp"
)
# The firmware build names the core (AB_CPU_*): kernels ordered for one core's pipeline compile too.
cpus=("-mcpu=cortex-m3 -mfloat-abi=soft -DAB_CPU_CORTEX_M3" "-mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 -DAB_CPU_CORTEX_M4"
      "-mcpu=cortex-m7 -mfloat-abi=hard -mfpu=fpv5-d16 -DAB_CPU_CORTEX_M7")
n=0
generate_and_compile() {  # MODEL VARIANT [LEVEL...] (default -Os)
  local model=$1 v=$2 out=$tmp/$1-$n
  shift 2
  local levels=("$@")
  [[ ${#levels[@]} -gt 0 ]] || levels=(-Os)
  n=$((n + 1))
  "$aotbench" codegen --model "$model" --variant "$v" --out "$out" > /dev/null
  local bits=32; [[ $v == *index=i64* ]] && bits=64
  for cpu in "${cpus[@]}"; do
    for level in "${levels[@]}"; do
      for c in "$out"/src/*.c "$out"/aotbench/*.c; do
        # shellcheck disable=SC2086
        arm-none-eabi-gcc $cpu -mthumb -std=c11 $level -Wall -Wextra -Werror -DAB_INDEX_BITS=$bits \
          -I"$out/include" -I"$out/src" -I"$src/codegen/kernels/include" -I"$src/codegen/kernels/dsp" -I"$src/codegen/runtime" -I"$src/device/include" \
          -isystem "$tmp/include" -c "$c" -o "$c.o"
      done
    done
  done
}
for model in mnv2 ic kws; do
  for v in "${variants[@]}"; do generate_and_compile "$model" "$v"; done
done
# The convolution schedules written in assembly, on layers whose sizes are constants (GCC may
# find fewer free registers than in the kernels' own checks), at every level the sweep builds.
generate_and_compile mnv2 "api=unpacked,interface=c,workspace=static,params=direct,index=i32,kernels=dsp,layers=0:dsp_im2col_3px_dual_ram/2:dsp_1x1_short_ram/3:dsp_1x1_3px_ram/4:dsp_dw3x3_s2/5:dsp_1x1_3px_dual_w16/6:dsp_1x1_3px_kept/8:dsp_1x1_3px_dual_kept/10:dsp_1x1_3px_w16/60:dsp_1x1_3px_dual_slabs/61:dsp_1x1_3px_slabs" \
  -Os -O2 -O3
# The first layers in bands of rows (patches=K), at both corners.
generate_and_compile mnv2 "api=unpacked,interface=c,workspace=static,params=direct,index=i32,kernels=dsp,patches=4"
generate_and_compile mnv2 "api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,patches=3"
echo "generated code compiled warning-free for Cortex-M3, Cortex-M4 and Cortex-M7 ($n variants)"
