#!/usr/bin/env bash
# The accuracy gate on real documents, beside the Corpus gate: a fixed sample of ../shared/data
# (decant-bench sample: 36 Inv3DReal phone photos, 40 SROIE receipt scans, the 14 real wine lists with
# ground truth, and three of their pages photographed by decant synth's camera, mild and hard) laid out as an inbox, then read and gated by accuracy-gate.sh against its own committed
# baseline, Reports/baseline-real/metrics.json. Exit 0 when nothing got worse beyond the baseline's
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

case "${1:-}" in
  ""|--update|--prove) ;;
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

"$BENCH" sample --data "$DATA" --inbox "$WORK/inbox" >&2

# The sample's truth files sit beside its documents; the worse pipeline shrinks pages to a third.
DECANT="$DECANT" BENCH="$BENCH" CONFIG="$bench_config" CORPUS="$WORK/inbox" OUT="$WORK/out" \
  BASELINE="${BASELINE:-Reports/baseline-real/metrics.json}" DEGRADE=3 \
  exec scripts/ci/accuracy-gate.sh "$@"
