#!/usr/bin/env bash
# Leak check of a small run under valgrind: fails if any block is definitely lost.
# Valgrind 3.19 reads DWARF 4 only, so this uses its own build folder with DWARF 4 debug info.
# OMP_THREAD_LIMIT=1 is set here so decant does not re-execute itself (valgrind would not follow).
set -euo pipefail
cd "$(dirname "$0")/../.."
DECANT_EXTRA_PACKAGES="valgrind" scripts/setup.sh
INPUT="${1:-Corpus/smoke}"
swift build --scratch-path .build-valgrind -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 --product decant
OUT=$(mktemp -d)
export OMP_THREAD_LIMIT=1
valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
  .build-valgrind/debug/decant run "$INPUT" --out "$OUT" --jobs 1 --quiet --in-process --no-history 2>&1 | tee "$OUT/valgrind.log" | grep -A6 "LEAK SUMMARY"
status=${PIPESTATUS[0]}
echo "valgrind log: $OUT/valgrind.log (exit $status)"
exit "$status"
