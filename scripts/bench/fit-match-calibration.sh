#!/usr/bin/env bash
# Refits the matcher's confidence model and writes it where the build embeds it:
#   Sources/Catalogue/Resources/match-calibration.json
#
# The model is fitted on a development set that is NOT the one accuracy is reported on: the same
# generator as the benchmark (../shared/bench/matching/gen_data.py) with seed 7, 100k rows and 3,000
# queries, of which 15% have their wine removed from the catalogue (no answer) and 8% only their
# vintage (the answer is a vintage variant). Rebuild decant afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
YARD="../shared/bench/matching"
VENV=/tmp/rf
[[ -d "$YARD" ]] || { echo "needs ../shared/bench/matching" >&2; exit 69; }
if [[ ! -x "$VENV/bin/python" ]]; then python3 -m venv "$VENV"; "$VENV/bin/pip" install -q rapidfuzz==3.14.6 numpy; fi
[[ -s /tmp/matchdev7/queries.tsv ]] || "$VENV/bin/python" "$YARD/gen_data.py" --n 100000 --q 3000 --seed 7 --out /tmp/matchdev7
swift build -c release --product decant-bench 2>&1 | tail -1
BENCH=.build/release/decant-bench
rm -rf /tmp/matchdev7hv
"$BENCH" matching /tmp/matchdev7 --write-holdout /tmp/matchdev7hv --holdout 0.15 --variant-share 0.08
"$BENCH" matching /tmp/matchdev7hv --fit-calibration Sources/Catalogue/Resources/match-calibration.json
