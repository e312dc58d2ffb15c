#!/bin/bash
# Decant over a shared inbox with a Slurm job array: task K (1…N) reads shard K/N, and a merge job
# that depends on the whole array combines the outputs.
#
#   sbatch docs/deploy/slurm-array.sh /shared/inbox /shared/out        # submits the array and the merge
#
# SLURM_ARRAY_TASK_ID counts from 1 here (--array=1-N), like --shard. Each task gets 2 CPUs and runs
# 2 worker processes (one Tesseract engine each, OMP_THREAD_LIMIT=1).
#SBATCH --job-name=decant-shard
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --output=decant-shard-%a.log
set -u
INBOX=${1:?usage: sbatch slurm-array.sh INBOX OUT}
OUT=${2:?usage: sbatch slurm-array.sh INBOX OUT}
N=${SLURM_ARRAY_TASK_COUNT:-8}
export OMP_THREAD_LIMIT=1

if [ -z "${DECANT_MERGE:-}" ]; then
    # The first task submits the merge once, to start after every task of this array has ended.
    if [ "${SLURM_ARRAY_TASK_ID}" = "${SLURM_ARRAY_TASK_MIN:-1}" ]; then
        sbatch --dependency=afterany:"${SLURM_ARRAY_JOB_ID}" --job-name=decant-merge --cpus-per-task=1 --mem=1G \
            --output=decant-merge.log --export=ALL,DECANT_MERGE=1,DECANT_SHARDS="$N" --array=1 \
            "$0" "$INBOX" "$OUT"
    fi
    decant run "$INBOX" --out "$OUT/shard-${SLURM_ARRAY_TASK_ID}" --shard "${SLURM_ARRAY_TASK_ID}/$N" \
        --jobs "${SLURM_CPUS_PER_TASK:-2}" --log-format json
    status=$?
    # 2: finished, some images failed (listed in pages.json) — the shard is still mergeable.
    [ $status -le 2 ] || exit $status
    exit 0
fi

# The merge step (afterany: it runs even if a shard failed, and then refuses the unfinished shard
# by name, so the log says which task to re-run).
N=${DECANT_SHARDS}
exec decant merge $(seq -f "$OUT/shard-%g" 1 "$N") --out "$OUT/night" --history "$OUT/history.sqlite"
