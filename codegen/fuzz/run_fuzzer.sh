#!/usr/bin/env bash
# run_fuzzer.sh FUZZER MODELS_DIR SECONDS WORK_DIR [SEED_MAKER]
# Fuzzes the reader for SECONDS, starting from the .tflite files in MODELS_DIR (copied into a fresh
# corpus under WORK_DIR; the models folder itself is never written) plus, with SEED_MAKER, the
# small one-operator models it writes. Fails on any finding; the crashing input is kept in
# WORK_DIR/artifacts.
set -euo pipefail
fuzzer=$1 models=$2 seconds=$3 work=$4 seed_maker=${5:-}
max_len=$((1024 * 1024))
rm -rf "$work/corpus"
mkdir -p "$work/corpus" "$work/artifacts"
# Seeds up to 1 MiB: the 3.8 MB MobileNetV2 would cut the execution rate several-fold, and the
# other seven models already cover every operator and both converters' layouts.
# A clone without ../shared has no models: the generated seeds alone start the corpus.
if [[ -d $models ]]; then
  find "$models" -maxdepth 1 -name '*.tflite' -size -${max_len}c -exec cp {} "$work/corpus/" \;
else
  echo "no models in $models (../shared is not beside the checkout): generated seeds only"
fi
if [[ -n $seed_maker ]]; then "$seed_maker" "$work/corpus"; fi
echo "seeds: $(ls "$work/corpus" | tr '\n' ' ')"
echo "fuzzing for ${seconds}s"
"$fuzzer" "$work/corpus" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
  -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$work/artifacts/" 2>&1 | tail -n 12
