#!/usr/bin/env bash
# run_fuzzer.sh FUZZER frame|server SECONDS WORK_DIR SEED_MAKER
# Fuzzes one link target for SECONDS from the seeds SEED_MAKER writes and the inputs of earlier
# findings (regressions/TARGET-*, run first), in a fresh corpus under WORK_DIR. Fails on any
# finding; the crashing input is kept in WORK_DIR/artifacts.
set -euo pipefail
fuzzer=$1 target=$2 seconds=$3 work=$4 seed_maker=$5
rm -rf "$work/corpus" "$work/seeds"
mkdir -p "$work/corpus" "$work/artifacts" "$work/seeds/server" "$work/seeds/frame"
"$seed_maker" "$work/seeds/server" "$work/seeds/frame"
cp "$work/seeds/$target"/* "$work/corpus/"
regressions=$(dirname "$0")/regressions
for f in "$regressions/$target"-*; do [[ -e $f ]] && cp "$f" "$work/corpus/"; done
echo "seeds: $(ls "$work/corpus" | tr '\n' ' ')"
echo "fuzzing for ${seconds}s"
"$fuzzer" "$work/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$work/artifacts/" 2>&1 | tail -n 12
