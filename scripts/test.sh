#!/usr/bin/env bash
# The test command (README, and CI through .ci/run): set up, build, run every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
export OMP_THREAD_LIMIT=1
swift build --build-tests
# A hang must fail with output, not run into CI's own time limit.
timeout --kill-after=30s "${DECANT_TEST_TIMEOUT:-40m}" swift test --skip-build
# The Slurm recipe submitted unchanged to a one-node cluster started for it and stopped after it (about
# 4 minutes; as root, else it says why it is skipped; under CI a skip fails).
DECANT=.build/debug/decant timeout --kill-after=30s "${DECANT_SLURM_TIMEOUT:-15m}" scripts/ci/slurm-array-test.sh
# The accuracy-regression gate: the committed corpus against the committed baseline
# (Reports/baseline/metrics.json); exit 3 names every metric that got worse.
DECANT=.build/debug/decant timeout --kill-after=30s "${DECANT_GATE_TIMEOUT:-40m}" scripts/ci/accuracy-gate.sh
# The accuracy gate on real documents: a fixed sample of ../shared/data (Inv3DReal photos, SROIE scans,
# the real wine lists) against Reports/baseline-real/metrics.json; skipped with a message without ../shared.
DECANT=.build/debug/decant timeout --kill-after=30s "${DECANT_REAL_GATE_TIMEOUT:-20m}" scripts/ci/real-gate.sh
