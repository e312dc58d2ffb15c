#!/bin/bash
# Decant over a shared inbox with a Slurm job array: task K (1…N) reads shard K/N, and a merge job
# that depends on the whole array combines the outputs.
#
#   sbatch --array=1-8 slurm-array.sh /shared/inbox /shared/out      # 8 shards, then the merge
#   sbatch --array=3,5 slurm-array.sh /shared/inbox /shared/out 8    # tasks 3 and 5 of 8 again, then the merge
#
# N is the array's task count, or the third argument, which a re-run of part of the array needs (a
# re-run array has fewer tasks than shards). SLURM_ARRAY_TASK_ID counts from 1 here, like --shard.
# Each task gets 2 CPUs and runs 2 worker processes (one Tesseract engine each, OMP_THREAD_LIMIT=1).
# Logs go to decant-shard-K.log and decant-merge.log in the folder sbatch was called from.
#SBATCH --job-name=decant-shard
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --output=decant-shard-%a.log
set -u
INBOX=${1:?usage: sbatch --array=1-N slurm-array.sh INBOX OUT [N]}
OUT=${2:?usage: sbatch --array=1-N slurm-array.sh INBOX OUT [N]}
export OMP_THREAD_LIMIT=1

if [ -z "${DECANT_MERGE:-}" ]; then
    if [ -n "${3:-}" ]; then
        N=$3
    elif [ "${SLURM_ARRAY_TASK_MIN:-1}" = 1 ] && [ "${SLURM_ARRAY_TASK_MAX:-}" = "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
        N=$SLURM_ARRAY_TASK_COUNT
    else
        echo "slurm-array.sh: --array is not 1-N: give the number of shards N as the third argument" >&2
        exit 64
    fi
    # The array's first task submits the merge once, to start after every task of this array has ended.
    if [ "${SLURM_ARRAY_TASK_ID}" = "${SLURM_ARRAY_TASK_MIN:-1}" ]; then
        sbatch --dependency=afterany:"${SLURM_ARRAY_JOB_ID}" --job-name=decant-merge --cpus-per-task=1 --mem=1G \
            --output=decant-merge.log --export=ALL,DECANT_MERGE=1,DECANT_SHARDS="$N" --array=1 \
            "$0" "$INBOX" "$OUT"
    fi
    decant run "$INBOX" --out "$OUT/shard-${SLURM_ARRAY_TASK_ID}" --shard "${SLURM_ARRAY_TASK_ID}/$N" \
        --jobs "${SLURM_CPUS_PER_TASK:-2}" --log-format json
    status=$?
    # 2: finished, some images failed (listed in pages.json) — the shard is still mergeable. Any
    # other status (1 an internal error, 64 and up: README "Exit status") fails the task.
    [ $status -eq 0 ] || [ $status -eq 2 ] || exit $status
    exit 0
fi

# The merge step (afterany: it runs even if a shard failed, was cancelled or ran out of time, and
# then refuses every unfinished shard by name, so the log says which tasks to re-run).
N=${DECANT_SHARDS}
exec decant merge $(seq -f "$OUT/shard-%g" 1 "$N") --out "$OUT/night" --history "$OUT/history.sqlite"
