#!/usr/bin/env bash
# The accuracy-regression gate: reads the committed corpus and compares its metrics with the
# committed baseline. Exit status 0 when nothing got worse beyond the baseline's tolerances,
# 3 when something did (every such metric is named on stderr), anything else on other failures.
#
#   scripts/ci/accuracy-gate.sh            run Corpus, gate against Reports/baseline/metrics.json
#   scripts/ci/accuracy-gate.sh --update   run Corpus, make its metrics the new baseline (commit it)
#   scripts/ci/accuracy-gate.sh --prove    also run a deliberately worse pipeline (flattening off, pages
#                                       shrunk ×1/$DEGRADE) and check that the gate fails on it
#
# Environment: DECANT (a decant binary; default: build .build/$CONFIG/decant), BENCH (the decant-bench
# beside it, which runs the worse pipeline for --prove), CONFIG (release),
# CORPUS (Corpus), OUT (Reports/ci), BASELINE (Reports/baseline/metrics.json), CATALOGUE (optional
# catalogue file for decant run), DEGRADE (6), JOBS (workers; default: decant's), TIMEOUT (seconds per
# image, 900).
set -euo pipefail

cd "$(dirname "$0")/../.."
CONFIG=${CONFIG:-release}
CORPUS=${CORPUS:-Corpus}
OUT=${OUT:-Reports/ci}
BASELINE=${BASELINE:-Reports/baseline/metrics.json}
DEGRADE=${DEGRADE:-6}
export OMP_THREAD_LIMIT=1

mode=gate
case "${1:-}" in
  "") ;;
  --update) mode=update ;;
  --prove) mode=prove ;;
  *) echo "usage: $0 [--update | --prove]" >&2; exit 64 ;;
esac

if [[ -z "${DECANT:-}" ]]; then
  swift build -c "$CONFIG" --product decant >&2
  DECANT=".build/$CONFIG/decant"
fi
BENCH=${BENCH:-$(dirname "$DECANT")/decant-bench}
[[ -d "$CORPUS" ]] || { echo "$0: $CORPUS: corpus folder not found" >&2; exit 64; }

# A generous per-image time limit: an image given up on would read as a spurious regression.
run_args=(--quiet --no-history --no-html --timeout "${TIMEOUT:-900}")
[[ -n "${CATALOGUE:-}" ]] && run_args+=(--catalogue "$CATALOGUE")
[[ -n "${JOBS:-}" ]] && run_args+=(--jobs "$JOBS")

# decant run exits 2 when some images failed: their metrics count as empty text, so the gate
# still judges the run; any other failure stops here.
run_corpus() {
  local tool=$1 out=$2; shift 2
  local status=0
  "$tool" run "$CORPUS" --out "$out" "${run_args[@]}" "$@" || status=$?
  if [[ $status -ne 0 && $status -ne 2 ]]; then
    echo "$0: decant run $CORPUS failed with status $status" >&2
    exit "$status"
  fi
}

run_corpus "$DECANT" "$OUT"
if [[ $mode == update ]]; then
  mkdir -p "$(dirname "$BASELINE")"
  exec "$DECANT" eval "$OUT" --inbox "$CORPUS" --baseline "$BASELINE" --update-baseline
fi

status=0
"$DECANT" eval "$OUT" --inbox "$CORPUS" --baseline "$BASELINE" || status=$?
[[ $mode == prove ]] || exit "$status"
[[ $status -eq 0 ]] || { echo "$0: the gate already fails on the real pipeline (status $status)" >&2; exit "$status"; }

echo
echo "## Deliberately worse pipeline (--disable-flattening --degrade-resolution $DEGRADE)"
[[ -x "$BENCH" ]] || swift build -c "$CONFIG" --product decant-bench >&2
run_corpus "$BENCH" "$OUT-degraded" --disable-flattening --degrade-resolution "$DEGRADE"
worse=0
"$DECANT" eval "$OUT-degraded" --inbox "$CORPUS" --baseline "$BASELINE" || worse=$?
if [[ $worse -eq 3 ]]; then
  echo "The gate failed on the worse pipeline, as it must."
  exit 0
fi
echo "$0: the gate did not fail on a deliberately worse pipeline (status $worse)" >&2
exit 1
