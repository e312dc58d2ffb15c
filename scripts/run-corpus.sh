#!/usr/bin/env bash
# The main job: set up, build Decant (release) and run it over Corpus/ into Reports/.
# Extra arguments go to `decant run` (e.g. --jobs 1, --catalogue FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product decant
export OMP_THREAD_LIMIT=1
exec .build/release/decant run Corpus --out Reports "$@"
