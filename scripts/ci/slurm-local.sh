#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the Slurm recipe's test and for trying it by hand:
# munged, slurmctld and slurmd (Debian 12's munge and slurm-wlm 22.05, as root) with their own key,
# configuration, state, spool, sockets, pid files and logs in one temporary folder, on two free
# ports. Nothing is written outside that folder, and stopping ends every daemon, job step and job
# process of this cluster (found by the folder in their environment) and removes the folder.
#
#   scripts/ci/slurm-local.sh COMMAND [ARG…]    start, run COMMAND with SLURM_CONF set, stop (whatever
#                                            COMMAND does, even when interrupted); COMMAND's status
#   source scripts/ci/slurm-local.sh            in a script: slurm_local_check || skip; slurm_local_start;
#                                            trap slurm_local_stop EXIT; … sbatch …
#
# Made for containers without systemd or cgroups: processes are tracked by parentage
# (proctrack/linuxproc), no task binding (task/none) and no accounting (jobacct_gather/none,
# accounting_storage/none); the node is described as `slurmd -C` finds the hardware. Finished jobs
# stay visible to `scontrol show job` for an hour (MinJobAge), since there is no accounting database.
# SLURM_LOCAL_KEEP=1 keeps the folder (logs) after stopping.

# Why the cluster cannot run here, or nothing (status 0) when it can.
slurm_local_check() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "not root (slurmd and munged run as root here)"; return 1
  fi
  local missing=() command
  for command in munged mungekey slurmctld slurmd sbatch scontrol squeue scancel sinfo ss; do
    command -v "$command" >/dev/null || missing+=("$command")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "missing ${missing[*]} (Debian packages slurm-wlm, munge; scripts/setup.sh --tests installs them)"; return 1
  fi
}

# A TCP port nothing listens on, from a range Slurm's defaults (6817–6819) and ephemeral ports avoid.
_slurm_local_free_port() {
  local port tries
  for tries in $(seq 1 50); do
    port=$((20000 + RANDOM % 10000))
    [ "$port" != "${1:-}" ] || continue
    if [ -z "$(ss -Htln "sport = :$port" 2>/dev/null)" ]; then echo "$port"; return 0; fi
  done
  return 1
}

# Starts the cluster in a new temporary folder; exports SLURM_CONF and SLURM_LOCAL_DIR.
# Waits until the node is idle (status 1 with the logs' tails when it does not come up in 30 s).
slurm_local_start() {
  SLURM_LOCAL_DIR=$(mktemp -d "${TMPDIR:-/tmp}/slurm-local.XXXXXX") || return 1
  export SLURM_LOCAL_DIR
  local dir=$SLURM_LOCAL_DIR
  # munged wants its socket's folder searchable by all and its key readable by its user alone.
  chmod 755 "$dir"
  mkdir -p "$dir/run" "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/tmp"
  chmod 755 "$dir/run"
  chmod 700 "$dir/munge"
  mungekey --create --keyfile="$dir/munge/munge.key" || return 1
  munged --foreground --socket="$dir/run/munge.socket.2" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" \
    >>"$dir/log/munged.out" 2>&1 &
  echo $! >"$dir/run/munged.bgpid"

  local host ctld_port slurmd_port hardware
  host=$(hostname -s)
  ctld_port=$(_slurm_local_free_port) && slurmd_port=$(_slurm_local_free_port "$ctld_port") || {
    echo "slurm-local: no free port found" >&2; return 1
  }
  # slurmd -C prints the node line as it finds the hardware: NodeName=… CPUs=… RealMemory=…
  hardware=$(slurmd -C | head -n 1 | sed -E 's/^NodeName=[^ ]+ //')
  cat >"$dir/slurm.conf" <<EOF
# Written by scripts/ci/slurm-local.sh for one test cluster; removed with it.
ClusterName=decant-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.socket.2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
TmpFS=$dir/tmp
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=3600
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$dir/slurm.conf

  local waited
  for waited in $(seq 1 50); do
    [ -S "$dir/run/munge.socket.2" ] && break
    sleep 0.2
  done
  slurmctld -D >>"$dir/log/slurmctld.out" 2>&1 &
  echo $! >"$dir/run/slurmctld.bgpid"
  slurmd -D -N "$host" >>"$dir/log/slurmd.out" 2>&1 &
  echo $! >"$dir/run/slurmd.bgpid"
  for waited in $(seq 1 150); do
    if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then return 0; fi
    sleep 0.2
  done
  echo "slurm-local: the node did not come up in 30 s" >&2
  tail -n 5 "$dir"/log/*.log "$dir"/log/*.out >&2 2>/dev/null
  return 1
}

# The processes of this cluster: its daemons, job steps and job processes all carry SLURM_CONF
# (or SLURM_LOCAL_DIR) naming the folder in their environment. The calling shell and its ancestors
# carry it too (it was exported to them) and are left out.
_slurm_local_processes() {
  local dir=$1 entry pid ours=" $$ $BASHPID " up=$$
  while [ "$up" -gt 1 ] 2>/dev/null; do
    up=$(awk '/^PPid:/ { print $2 }' "/proc/$up/status" 2>/dev/null) || break
    ours+="$up "
  done
  for entry in /proc/[0-9]*; do
    pid=${entry#/proc/}
    [[ "$ours" != *" $pid "* ]] || continue
    if { tr '\0' '\n' <"$entry/environ"; } 2>/dev/null | grep -qxF -e "SLURM_CONF=$dir/slurm.conf" -e "SLURM_LOCAL_DIR=$dir"; then
      echo "$pid"
    fi
  done
}

# Cancels every job, stops the daemons, ends whatever of the cluster is left and removes the folder.
# Safe to call twice, and when the start failed half-way.
slurm_local_stop() {
  local dir=${SLURM_LOCAL_DIR:-}
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  if [ -f "$dir/slurm.conf" ]; then
    SLURM_CONF=$dir/slurm.conf timeout 10 scancel --full --quiet $(SLURM_CONF=$dir/slurm.conf timeout 10 squeue -h -o %A 2>/dev/null) 2>/dev/null
    local waited
    for waited in $(seq 1 50); do
      [ -z "$(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  local name pid
  for name in slurmd slurmctld munged; do
    pid=$(cat "$dir/run/$name.bgpid" 2>/dev/null) || continue
    kill -TERM "$pid" 2>/dev/null && for waited in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  local left
  left=$(_slurm_local_processes "$dir")
  if [ -n "$left" ]; then
    kill -KILL $left 2>/dev/null
    sleep 0.5
  fi
  if [ "${SLURM_LOCAL_KEEP:-}" = 1 ]; then
    echo "slurm-local: kept $dir" >&2
  else
    rm -rf "$dir"
  fi
  unset SLURM_LOCAL_DIR
}

# Run as a command: a cluster for the length of one command.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -u
  [ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARG…]" >&2; exit 64; }
  if ! reason=$(slurm_local_check); then echo "slurm-local: cannot start a cluster: $reason" >&2; exit 69; fi
  trap slurm_local_stop EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  slurm_local_start || exit 1
  "$@"
fi
