#!/usr/bin/env bash
# Generates the benchmark corpus on demand (not committed): 300 phone-size photos (12 MP) of wine
# lists and receipts, a third flat, a third perspective, a third curled/wrinkled/folded, each with
# depth (non-flat), camera intrinsics and ground truth. Every folder is a job for `decant run`.
#
#   scripts/bench/make-bench-corpus.sh [OUT]          default OUT: Reports/bench-corpus (git-ignored)
#
# Environment: SEED (default 7), CATALOGUE (default "builtin", the built-in catalogue; or a file for the
# built-in catalogue), JOBS (default: all cores), SIZE (default 3024x4032), PER_JOB (default 50).
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=${1:-Reports/bench-corpus}
SEED=${SEED:-7}
SIZE=${SIZE:-3024x4032}
PER_JOB=${PER_JOB:-50}
CATALOGUE=${CATALOGUE:-builtin}
JOBS=${JOBS:-$(nproc)}

swift build -c release --product decant >&2
DECANT=.build/release/decant
CATALOGUE_OPTION=()
if [ "$CATALOGUE" != "builtin" ]; then CATALOGUE_OPTION=(--catalogue "$CATALOGUE"); fi
COMMON=(--seed "$SEED" --size "$SIZE" --jobs "$JOBS" --effects clean,light,medium,heavy --quiet "${CATALOGUE_OPTION[@]}")

rm -rf "$OUT"
start=$(date +%s)
# Start indices keep every job's documents distinct (each image's randomness follows seed and index).
"$DECANT" synth "$OUT/winelists/flat"        --kind winelist --count "$PER_JOB" --start 0    --shape flat "${COMMON[@]}"
"$DECANT" synth "$OUT/winelists/perspective" --kind winelist --count "$PER_JOB" --start 1000 --shape perspective "${COMMON[@]}"
"$DECANT" synth "$OUT/winelists/curled"      --kind winelist --count "$PER_JOB" --start 2000 --shape curl,wrinkle,fold --depth-size 480x640 "${COMMON[@]}"
"$DECANT" synth "$OUT/receipts/flat"         --kind receipt  --count "$PER_JOB" --start 3000 --shape flat "${COMMON[@]}"
"$DECANT" synth "$OUT/receipts/perspective"  --kind receipt  --count "$PER_JOB" --start 4000 --shape perspective "${COMMON[@]}"
"$DECANT" synth "$OUT/receipts/curled"       --kind receipt  --count "$PER_JOB" --start 5000 --shape curl,wrinkle,fold "${COMMON[@]}"
end=$(date +%s)

images=$(find "$OUT" -name '*.jpg' | wc -l)
echo "$images images in $((end - start)) s → $OUT ($(du -sh "$OUT" | cut -f1))"
