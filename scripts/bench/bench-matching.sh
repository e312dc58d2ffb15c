#!/usr/bin/env bash
# Catalogue matcher benchmark, side by side with the RapidFuzz yardstick on the same data (docs/benchmarks/matching.md).
#
#   scripts/bench/bench-matching.sh [--quick]
#
# Sets up the yardstick venv (/tmp/rf, PyPI), generates the seed-42 data sets into /tmp (100k and
# 1M catalogue rows, 1,000 queries each) plus a copy of each in which 15% of the queries have no
# answer (their wine removed from the catalogue), builds decant in release mode, and prints one table
# per data set: top-1, top-1 label, queries/s on one core, load + index time, peak RSS, followed by
# Decant's reliability table. RapidFuzz at 1M runs on the first 100 queries only (about 1 query/s).
# --quick skips the 1M data sets. REUSE_YARDSTICK=1 keeps RapidFuzz results already in
# /tmp/decant-bench-matching from an earlier run (they do not depend on Decant).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
YARD="$ROOT/../shared/bench/matching"
VENV=/tmp/rf
OUT=/tmp/decant-bench-matching
QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
[[ -d "$YARD" ]] || { echo "needs ../shared/bench/matching (the RapidFuzz yardstick)" >&2; exit 69; }
mkdir -p "$OUT"

if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c "import rapidfuzz, numpy" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q rapidfuzz==3.14.6 numpy
fi

gen() { # n dir
    [[ -s "$2/queries.tsv" ]] || "$VENV/bin/python" "$YARD/gen_data.py" --n "$1" --q 1000 --seed 42 --out "$2" >/dev/null
}
gen 100000 /tmp/match100k
[[ $QUICK == 1 ]] || gen 1000000 /tmp/match1m

swift build -c release --product decant-bench 2>&1 | tail -1
BENCH="$ROOT/.build/release/decant-bench"

holdout() { # dir → dir-h
    [[ -s "$1h/queries.tsv" ]] || "$BENCH" matching "$1" --write-holdout "$1h" --holdout 0.15 >/dev/null
}
holdout /tmp/match100k
[[ $QUICK == 1 ]] || holdout /tmp/match1m

yardstick() { # dir name [limit]
    if [[ "${REUSE_YARDSTICK:-0}" == 1 && -s "$OUT/rf-$2.json" ]]; then return; fi
    local limit=()
    [[ -n "${3:-}" ]] && limit=(--limit "$3")
    "$VENV/bin/python" "$YARD/bench_rapidfuzz.py" --catalogue "$1/catalogue.tsv" --queries "$1/queries.tsv" \
        --scorers token_set_ratio,token_sort_ratio,WRatio --processor wine "${limit[@]}" --json "$OUT/rf-$2.json" >/dev/null
}

run() { # dir name [rapidfuzz limit]
    echo
    echo "=== $2 ==="
    yardstick "$1" "$2" "${3:-}"
    # Decant runs in its own process so its peak RSS is its own; /usr/bin/time confirms it.
    /usr/bin/time -f "decant process: max RSS %M kB, %e s wall, %U s user" \
        "$BENCH" matching "$1" --yardstick "$OUT/rf-$2.json" --json "$OUT/decant-$2.json"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(swift --version 2>&1 | head -1)"
run /tmp/match100k 100k
run /tmp/match100kh 100k-holdout15
if [[ $QUICK == 0 ]]; then
    run /tmp/match1m 1m 100
    run /tmp/match1mh 1m-holdout15 100
fi
