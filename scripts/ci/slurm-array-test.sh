#!/usr/bin/env bash
# End-to-end test of docs/deploy/slurm-array.sh, submitted unchanged to a real one-node Slurm
# cluster (scripts/ci/slurm-local.sh) over a part of Corpus/ (seven photos in two jobs, so each of the
# four shards has at least one):
#   1. `sbatch --array=1-4` runs the four shards and the merge job; the merged reports equal those
#      of one `decant run` over the same inbox (timing fields aside, scripts/ci/compare-reports.py),
#      the history records the run once and no shard records one.
#   2. Faults: task 2 is cancelled while it reads (`scancel JOB_2`) and task 4 hangs past its time
#      limit (stopped with SIGSTOP, its --time cut to one minute): Slurm ends them CANCELLED and
#      TIMEOUT, the merge refuses both shards by name and exits non-zero, and the history stays
#      empty. `sbatch --array=2,4 … 4` re-runs only those two tasks and the merge, whose reports
#      then equal the single run's, recorded once.
#
#   scripts/ci/slurm-array-test.sh        (after `swift build`; scripts/test.sh runs it)
#
# Environment: DECANT (the decant binary; default .build/debug/decant), SLURM_TEST_WAIT (seconds to
# wait for one array or merge, default 900), SLURM_LOCAL_KEEP=1 (keep the cluster's folder and logs).
# Needs root and Debian's slurm-wlm and munge (scripts/setup.sh --tests installs them); without them it
# says why and is skipped (exit 0), except under CI=true, where a skip fails (exit 1).
# Exit status: 0 passed or skipped, 1 failed. About 4 minutes with the debug build on 2 cores.
set -uo pipefail
# A relative DECANT is the caller's, and the tasks run elsewhere: made absolute before anything moves.
[ -z "${DECANT:-}" ] || DECANT=$(realpath -m "$DECANT")
cd "$(dirname "$0")/../.."
ROOT=$PWD
DECANT=${DECANT:-$ROOT/.build/debug/decant}
WAIT=${SLURM_TEST_WAIT:-900}
SHARDS=4
RECIPE=$ROOT/docs/deploy/slurm-array.sh
NAME=slurm-array-test

# shellcheck source=slurm-local.sh
source "$ROOT/scripts/ci/slurm-local.sh"

skip() {
  if [ "${CI:-}" = true ]; then
    echo "$NAME: cannot run under CI: $1"
    echo "$NAME: 0 passed, 1 failed"
    exit 1
  fi
  echo "$NAME: skipped: $1"
  exit 0
}
reason=$(slurm_local_check) || skip "$reason"
[ -x "$DECANT" ] || skip "no decant binary at $DECANT (swift build first, or set DECANT)"
command -v python3 >/dev/null || skip "python3 missing (scripts/ci/compare-reports.py compares the reports)"

passed=0 failed=0
ok() { echo "ok - $*"; passed=$((passed + 1)); }
fail() { echo "FAIL - $*"; failed=$((failed + 1)); }
check() { # check DESCRIPTION COMMAND…: passes when COMMAND succeeds
  local what=$1; shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")
finish() {
  slurm_local_stop
  if [ "${SLURM_LOCAL_KEEP:-}" = 1 ]; then echo "$NAME: kept $WORK" >&2; else rm -rf "$WORK"; fi
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The inbox: Corpus/smoke and Corpus/receipts/flat. Parts of 4 by the shard hash: 1 smoke/receipt-0002;
# 2 smoke/winelist-0000 and receipts/flat/receipt-0301…0303; 3 smoke/winelist-0001; 4 receipts/flat/receipt-0300.
INBOX=$WORK/inbox
mkdir -p "$INBOX/receipts" "$WORK/bin"
cp -R Corpus/smoke "$INBOX/smoke" && cp -R Corpus/receipts/flat "$INBOX/receipts/flat" || { echo "$NAME: cannot copy Corpus/"; exit 1; }
# The recipe calls `decant` from PATH, as on a cluster where it is installed.
ln -s "$DECANT" "$WORK/bin/decant"
export PATH=$WORK/bin:$PATH
export OMP_THREAD_LIMIT=1

slurm_local_start || { fail "the one-node cluster starts"; echo "$NAME: $passed passed, $failed failed"; exit 1; }
echo "$NAME: cluster up ($(sinfo -h -o '%n, %c CPUs'))"

# The value of FIELD=… in `scontrol show job -o ID`.
job_field() { scontrol show job -o "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
# Waits until nothing of job (or array) ID is pending or running; status 1 at the deadline.
wait_job() {
  local deadline=$((SECONDS + WAIT))
  while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
    [ $SECONDS -lt $deadline ] || { echo "$NAME: job $1 still queued or running after $WAIT s" >&2; return 1; }
    sleep 1
  done
}
# Waits until FILE exists; status 1 at the deadline.
wait_file() {
  local deadline=$((SECONDS + WAIT))
  until [ -e "$1" ]; do
    [ $SECONDS -lt $deadline ] || { echo "$NAME: no $1 after $WAIT s" >&2; return 1; }
    sleep 0.2
  done
}
# Whether every process of job ID (its environment names it) is stopped, and there is one at least.
all_stopped() {
  local entry state seen=0
  for entry in /proc/[0-9]*; do
    { tr '\0' '\n' <"$entry/environ"; } 2>/dev/null | grep -qx "SLURM_JOB_ID=$1" || continue
    state=$(sed -E 's/^.*\) (.).*$/\1/' "$entry/stat" 2>/dev/null) || continue
    seen=1
    [ "$state" = T ] || [ "$state" = t ] || return 1
  done
  [ $seen = 1 ]
}
# The merge job the array's first task submitted (its log says "Submitted batch job M").
merge_job() { sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$1" 2>/dev/null | tail -n 1; }
# Runs recorded in a history database (0 when there is none; opened read-only, never created).
history_runs() {
  [ -e "$1" ] || { echo 0; return; }
  python3 -c 'import sqlite3, sys; print(sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True).execute("select count(*) from run").fetchone()[0])' "$1" 2>&1
}
same_reports() { python3 "$ROOT/scripts/ci/compare-reports.py" "$1" "$2" >"$3" 2>&1 || { tail -n 20 "$3"; return 1; }; }
submit() { # submit FOLDER SBATCH-ARGS… → the array's job id
  (cd "$1" && sbatch --parsable "${@:2}") | cut -d';' -f1
}

# 1. The undisturbed night.
mkdir -p "$WORK/night1"
array=$(submit "$WORK/night1" --array=1-$SHARDS "$RECIPE" "$INBOX" "$WORK/night1/out")
echo "$NAME: array $array submitted (undisturbed)"
check "the array's tasks end" wait_job "$array"
for k in $(seq 1 $SHARDS); do
  state=$(job_field "${array}_$k" JobState)
  [ "$state" = COMPLETED ] && ok "task $k COMPLETED" || { fail "task $k ended $state"; tail -n 5 "$WORK/night1/decant-shard-$k.log"; }
done
merge=$(merge_job "$WORK/night1/decant-shard-1.log")
check "the first task submitted the merge job" test -n "$merge"
check "the merge job ends" wait_job "${merge:-0}"
[ "$(job_field "${merge:-0}" JobState)" = COMPLETED ] && ok "the merge COMPLETED" \
  || { fail "the merge ended $(job_field "${merge:-0}" JobState)"; tail -n 5 "$WORK/night1/decant-merge.log"; }

# 2. A cancelled task and a task past its time limit (submitted before the single run, which fills
# the minute task 4 waits for its limit).
mkdir -p "$WORK/night2"
out2=$WORK/night2/out
array2=$(submit "$WORK/night2" --array=1-$SHARDS "$RECIPE" "$INBOX" "$out2")
echo "$NAME: array $array2 submitted (task 2 cancelled, task 4 out of time)"
if wait_file "$out2/shard-2/.decant/lock"; then
  scancel "${array2}_2"
  ok "task 2 cancelled while reading"
else
  fail "task 2 started"
fi
if wait_file "$out2/shard-4/.decant/lock"; then
  # A hung task: stopped (batch shell, decant and its workers), then its limit cut to one minute.
  # A process starting just as the signal goes out can miss it, so it is sent until all are stopped.
  for attempt in $(seq 1 20); do
    scancel --full --signal=STOP "${array2}_4"
    sleep 0.5
    all_stopped "$(job_field "${array2}_4" JobId)" && break
  done
  scontrol update JobId="${array2}_4" TimeLimit=1
  check "task 4 stopped while reading (batch shell, decant and its workers)" all_stopped "$(job_field "${array2}_4" JobId)"
  check "task 4 stopped before it finished" test ! -e "$out2/shard-4/shard.json"
  check "task 4's --time cut to 1 minute" test "$(job_field "${array2}_4" TimeLimit)" = 00:01:00
else
  fail "task 4 started"
fi

# The single run the merges must equal, while task 4 waits for its limit.
echo "$NAME: single run"
"$DECANT" run "$INBOX" --out "$WORK/single" --jobs 2 --quiet >"$WORK/single.log" 2>&1
check "the single run exits 0" test $? -eq 0

check "the second array's tasks end" wait_job "$array2"
check "task 2 ended CANCELLED" test "$(job_field "${array2}_2" JobState)" = CANCELLED
check "task 4 ended TIMEOUT" test "$(job_field "${array2}_4" JobState)" = TIMEOUT
check "cancelled shard 2 left no shard.json" test ! -e "$out2/shard-2/shard.json"
check "timed-out shard 4 left no shard.json" test ! -e "$out2/shard-4/shard.json"
merge2=$(merge_job "$WORK/night2/decant-shard-1.log")
check "the merge job ends" wait_job "${merge2:-0}"
check "the merge job FAILED" test "$(job_field "${merge2:-0}" JobState)" = FAILED
check "the merge exited 64" test "$(job_field "${merge2:-0}" ExitCode)" = 64:0
check "the merge names shard 2 as unfinished" grep -q "$out2/shard-2: not a finished shard" "$WORK/night2/decant-merge.log"
check "the merge names shard 4 as unfinished" grep -q "$out2/shard-4: not a finished shard" "$WORK/night2/decant-merge.log"
check "the refused merge wrote no reports" test ! -e "$out2/night/summary.json"
check "the refused merge recorded no run" test "$(history_runs "$out2/history.sqlite")" = 0
cp "$WORK/night2/decant-merge.log" "$WORK/night2/decant-merge-refused.log"

# The two tasks again, and the merge once more.
rerun=$(submit "$WORK/night2" --array=2,4 "$RECIPE" "$INBOX" "$out2" $SHARDS)
echo "$NAME: array $rerun submitted (tasks 2 and 4 again)"
check "the re-run tasks end" wait_job "$rerun"
check "task 2 again COMPLETED" test "$(job_field "${rerun}_2" JobState)" = COMPLETED
check "task 4 again COMPLETED" test "$(job_field "${rerun}_4" JobState)" = COMPLETED
merge3=$(merge_job "$WORK/night2/decant-shard-2.log")
check "the re-run's first task submitted a merge" test -n "$merge3" -a "$merge3" != "$merge2"
check "the second merge ends" wait_job "${merge3:-0}"
[ "$(job_field "${merge3:-0}" JobState)" = COMPLETED ] && ok "the second merge COMPLETED" \
  || { fail "the second merge ended $(job_field "${merge3:-0}" JobState)"; tail -n 5 "$WORK/night2/decant-merge.log"; }

# Both nights against the single run.
check "undisturbed night: merged reports equal the single run's" same_reports "$WORK/single" "$WORK/night1/out/night" "$WORK/compare1.txt"
check "undisturbed night: the history records the run once" test "$(history_runs "$WORK/night1/out/history.sqlite")" = 1
check "undisturbed night: no shard records history" test -z "$(ls "$WORK"/night1/out/shard-*/history.sqlite 2>/dev/null)"
check "re-run night: merged reports equal the single run's" same_reports "$WORK/single" "$out2/night" "$WORK/compare2.txt"
check "re-run night: the history records the run once" test "$(history_runs "$out2/history.sqlite")" = 1

echo "$NAME: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
