#!/usr/bin/env bash
# The generated set for `decant-bench flattening` (not committed): COUNT photos per (kind × shape
# group), every one with depth, camera intrinsics, ground truth and NAME.flat.png (the clean render).
# Default: 4 × 76 = 304 photos at 1536×2048, depth at 192×256 (perspective, receipts) or 480×640 (curled lists).
#
#   scripts/bench/make-flattening-bench-set.sh [OUT]       default OUT: Reports/flattening-bench (git-ignored)
#
# Environment: SEED (default 11), COUNT (default 76), SIZE (default 1536x2048), JOBS (default 1), DECANT.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-Reports/flattening-bench}
SEED=${SEED:-11}
COUNT=${COUNT:-76}
SIZE=${SIZE:-1536x2048}
JOBS=${JOBS:-1}
DECANT=${DECANT:-.build/release/decant}
[ -x "$DECANT" ] || swift build -c release --product decant >&2
C=(--seed "$SEED" --size "$SIZE" --jobs "$JOBS" --effects clean,light,medium,heavy --with-flat --quiet)
rm -rf "$OUT"
start=$(date +%s)
"$DECANT" synth "$OUT/winelists/perspective" --kind winelist --count "$COUNT" --start 10000 --shape perspective "${C[@]}"
"$DECANT" synth "$OUT/winelists/curled"      --kind winelist --count "$COUNT" --start 12000 --shape curl,wrinkle,fold --depth-size 480x640 "${C[@]}"
"$DECANT" synth "$OUT/receipts/perspective"  --kind receipt  --count "$COUNT" --start 14000 --shape perspective "${C[@]}"
"$DECANT" synth "$OUT/receipts/curled"       --kind receipt  --count "$COUNT" --start 16000 --shape curl,wrinkle,fold "${C[@]}"
echo "$(find "$OUT" -name '*.jpg' | wc -l) images in $(( $(date +%s) - start )) s → $OUT"
