#!/usr/bin/env bash
# What the HTML review report costs: runs `decant run INBOX` twice with the release build, with the
# report (the default) and with --no-html, and prints wall clock, peak memory and what the report adds
# on disk (page previews, index.html files).
#
#   scripts/bench/bench-review-report.sh [INBOX] [WORKERS]     default INBOX: Corpus, WORKERS: all cores
#
# The two runs go to a temporary folder that is removed afterwards (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/../.."
INBOX=${1:-Corpus}
WORKERS=${2:-$(nproc)}

scripts/setup.sh
swift build -c release --product decant >&2
DECANT=.build/release/decant
export OMP_THREAD_LIMIT=1
WORK=$(mktemp -d)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$WORK"' EXIT

measure() { # name, extra arguments…
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$WORK/$name.time" "$DECANT" run "$INBOX" --out "$WORK/$name" --jobs "$WORKERS" --quiet "$@" || true
  read -r seconds kilobytes < "$WORK/$name.time"
  echo "$name: ${seconds} s wall clock, $((kilobytes / 1024)) MiB peak RSS"
}

measure html
measure no-html --no-html

images=$(find "$WORK/html" -path '*/pages/*.jpg' | wc -l)
preview_bytes=$(find "$WORK/html" -path '*/pages/*.jpg' -printf '%s\n' | awk '{s+=$1} END {print s+0}')
largest=$(find "$WORK/html" -path '*/pages/*.jpg' -printf '%s\n' | sort -n | tail -1)
html_bytes=$(find "$WORK/html" -name index.html -printf '%s\n' | awk '{s+=$1} END {print s+0}')
pages=$(find "$WORK/html" -name index.html | wc -l)
entries=$(grep -m1 '^  "entries"' "$WORK/html/summary.json" | tr -dc '0-9')
preview_ms=$(find "$WORK/html" -name pages.json -exec grep -h '"preview" : [0-9]' {} + | tr -dc '0-9.\n' | awk '{s+=$1} END {print s+0}')
echo "preview writing: $(awk -v s="$preview_ms" -v n="$images" 'BEGIN {printf "%.0f ms in all, %.0f ms per image", s, (n > 0 ? s / n : 0)}') (pages.json timingsMS.preview)"
echo "previews: $images files, $((preview_bytes / 1024)) KiB in all, $((preview_bytes / 1024 / (images > 0 ? images : 1))) KiB each on average, largest $(( ${largest:-0} / 1024)) KiB"
echo "html: $pages index.html files, $((html_bytes / 1024)) KiB in all, for $entries entries"
echo "report folders: with html $(du -sh "$WORK/html" | cut -f1), without $(du -sh "$WORK/no-html" | cut -f1)"
