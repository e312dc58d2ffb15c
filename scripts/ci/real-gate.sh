#!/usr/bin/env bash
# The accuracy gate on real documents, beside the Corpus gate (accuracy-gate.sh): a fixed sample of
# ../shared/data (decant-bench sample: 36 Inv3DReal phone photos, 40 SROIE receipt scans, the 14 real
# wine lists with ground truth) read by decant run with its defaults and compared with the committed
# baseline Reports/baseline-real/metrics.json. Exit 0 when nothing got worse beyond the baseline's
# tolerances, 3 when something did (each metric named on stderr), 0 with a message when ../shared/data
# is absent (the sample cannot be laid out), anything else on other failures.
#
#   scripts/ci/real-gate.sh            lay out the sample, run, gate against the baseline
#   scripts/ci/real-gate.sh --update   make this run's metrics the baseline (commit it)
#   scripts/ci/real-gate.sh --prove    also run a deliberately worse pipeline and check the gate fails on it
#
# Environment: DECANT (a decant binary; default: build .build/$CONFIG/decant), BENCH (decant-bench beside
# it), CONFIG (release), DATA (../shared/data), WORK (Reports/ci-real), BASELINE
# (Reports/baseline-real/metrics.json), JOBS (workers; default: decant's), TIMEOUT (seconds per image, 900).
set -euo pipefail

cd "$(dirname "$0")/../.."
CONFIG=${CONFIG:-release}
DATA=${DATA:-../shared/data}
WORK=${WORK:-Reports/ci-real}
BASELINE=${BASELINE:-Reports/baseline-real/metrics.json}
export OMP_THREAD_LIMIT=1

mode=gate
case "${1:-}" in
  "") ;;
  --update) mode=update ;;
  --prove) mode=prove ;;
  *) echo "usage: $0 [--update | --prove]" >&2; exit 64 ;;
esac

if [[ ! -d "$DATA/inv3d" || ! -d "$DATA/sroie" || ! -d "$DATA/winelists" ]]; then
  echo "real-document gate skipped: $DATA (inv3d, sroie, winelists) not found" >&2
  exit 0
fi

if [[ -z "${DECANT:-}" ]]; then
  swift build -c "$CONFIG" --product decant >&2
  DECANT=".build/$CONFIG/decant"
fi
BENCH=${BENCH:-$(dirname "$DECANT")/decant-bench}
# decant-bench from the same build as decant (.build/debug/decant: the debug one).
bench_config=$(basename "$(dirname "$DECANT")")
[[ $bench_config == debug || $bench_config == release ]] || bench_config=$CONFIG
[[ -x "$BENCH" ]] || swift build -c "$bench_config" --product decant-bench >&2

inbox="$WORK/inbox"
"$BENCH" sample --data "$DATA" --inbox "$inbox" >&2

run_args=(--quiet --no-history --no-html --force --timeout "${TIMEOUT:-900}")
[[ -n "${JOBS:-}" ]] && run_args+=(--jobs "$JOBS")

# decant run exits 2 when some images failed: their metrics count as empty text, so the gate still
# judges the run; any other failure stops here.
run_sample() {
  local tool=$1 out=$2; shift 2
  local status=0
  "$tool" run "$inbox" --out "$out" "${run_args[@]}" "$@" 2> >(grep -v "not an image or PDF, skipped" >&2) || status=$?
  if [[ $status -ne 0 && $status -ne 2 ]]; then
    echo "$0: decant run $inbox failed with status $status" >&2
    exit "$status"
  fi
}

start=$SECONDS
run_sample "$DECANT" "$WORK/out"
echo "real-document sample read in $((SECONDS - start)) s" >&2
if [[ $mode == update ]]; then
  mkdir -p "$(dirname "$BASELINE")"
  exec "$DECANT" eval "$WORK/out" --inbox "$inbox" --baseline "$BASELINE" --update-baseline
fi

status=0
"$DECANT" eval "$WORK/out" --inbox "$inbox" --baseline "$BASELINE" || status=$?
[[ $mode == prove ]] || exit "$status"
[[ $status -eq 0 ]] || { echo "$0: the gate already fails on the real pipeline (status $status)" >&2; exit "$status"; }

echo
echo "## Deliberately worse pipeline (--disable-flattening --degrade-resolution 3)"
run_sample "$BENCH" "$WORK/out-degraded" --disable-flattening --degrade-resolution 3
worse=0
"$DECANT" eval "$WORK/out-degraded" --inbox "$inbox" --baseline "$BASELINE" || worse=$?
if [[ $worse -eq 3 ]]; then
  echo "The gate failed on the worse pipeline, as it must."
  exit 0
fi
echo "$0: the gate did not fail on a deliberately worse pipeline (status $worse)" >&2
exit 1
