#!/usr/bin/env bash
# The committed corpus's non-flat photos again, byte-identical (same synth commands as docs/corpus-contents.md),
# plus NAME.flat.png (the clean render, the accuracy upper bound of `decant-bench flattening`), which
# the committed corpus leaves out to stay small.
#
#   scripts/bench/make-flattening-corpus.sh [OUT]          default OUT: Reports/flattening-corpus (git-ignored)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-Reports/flattening-corpus}
DECANT=${DECANT:-.build/release/decant}
[ -x "$DECANT" ] || swift build -c release --product decant >&2
C=(--seed 2025 --quiet --with-flat)
rm -rf "$OUT"
"$DECANT" synth "$OUT/winelists/perspective" --kind winelist --count 7 --start 100 --shape perspective --effects light,medium,heavy --size 1800x2400 "${C[@]}"
"$DECANT" synth "$OUT/winelists/curled"      --kind winelist --count 7 --start 200 --shape curl,wrinkle,fold --effects light,medium,heavy --size 1800x2400 --depth-size 480x640 "${C[@]}"
"$DECANT" synth "$OUT/receipts/perspective"  --kind receipt  --count 4 --start 400 --shape perspective --effects light,medium,heavy --size 1536x2048 "${C[@]}"
"$DECANT" synth "$OUT/receipts/curled"       --kind receipt  --count 4 --start 500 --shape curl,wrinkle,fold --effects light,medium,heavy --size 1536x2048 "${C[@]}"
