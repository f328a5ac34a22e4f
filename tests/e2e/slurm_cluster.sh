#!/usr/bin/env bash
# A private one-node Slurm for the kit's tests: its own munged, slurmctld and slurmd, with every file
# (config, key, state, logs, sockets) under one folder and ports of its own, so it never touches a Slurm
# the machine may already run. Source it, then:
#   slurm_cluster_start      start it (restarting cleanly one a killed earlier run left behind), export
#                            SLURM_CONF so sbatch, squeue and scancel talk to it, and stop it at exit;
#                            returns 77 with a message on stdout when Slurm cannot run here (not root, not
#                            installed, a daemon that does not come up)
#   slurm_cluster_stop       stop the daemons (also done at exit)
# Needs root and Debian's slurm-wlm and munge (scripts/install-deps.sh).

slurm_cluster_dir=${KIT_SLURM_CLUSTER_DIR:-${TMPDIR:-/tmp}/kit-slurm-cluster}
slurm_ctld_port=16817
slurm_d_port=16818

# Ends a daemon this script started (its pid file lies in our folder), never any other.
slurm_cluster_kill() {
  local pid_file=$1 pid
  [ -f "$pid_file" ] || return 0
  pid=$(cat "$pid_file" 2>/dev/null || true)
  if [[ "$pid" =~ ^[0-9]+$ ]] && [ -d "/proc/$pid" ] && grep -qa -- "$slurm_cluster_dir" "/proc/$pid/cmdline"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
    [ -d "/proc/$pid" ] && kill -9 "$pid" 2>/dev/null
  fi
  rm -f "$pid_file"
}

slurm_cluster_stop() {
  # Only our own cluster's jobs: SLURM_CONF may name a real cluster before slurm_cluster_start sets it.
  if [ "${SLURM_CONF:-}" = "$slurm_cluster_dir/slurm.conf" ] && [ -f "$slurm_cluster_dir/slurmctld.pid" ]; then
    scancel --quiet --user="$(id -un)" 2>/dev/null || true
  fi
  slurm_cluster_kill "$slurm_cluster_dir/slurmd.pid"
  slurm_cluster_kill "$slurm_cluster_dir/slurmctld.pid"
  slurm_cluster_kill "$slurm_cluster_dir/munged.pid"
  return 0
}

slurm_cluster_logs() {
  local log
  for log in "$slurm_cluster_dir"/*.log; do
    [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 15 "$log"; }
  done
  return 0
}

slurm_cluster_start() {
  [ "$(id -u)" -eq 0 ] || { echo "SKIPPED: a private Slurm needs root to start its daemons"; return 77; }
  local tool
  for tool in munged slurmctld slurmd sbatch squeue; do
    command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin
    command -v "$tool" >/dev/null ||
      { echo "SKIPPED: $tool is not installed (Debian: apt-get install slurm-wlm munge)"; return 77; }
  done

  slurm_cluster_stop  # one an interrupted earlier run left behind
  rm -rf "$slurm_cluster_dir"
  mkdir -p "$slurm_cluster_dir/state" "$slurm_cluster_dir/spool"
  chmod 755 "$slurm_cluster_dir"
  trap slurm_cluster_stop EXIT

  local d=$slurm_cluster_dir host
  host=$(hostname -s)
  head -c 1024 /dev/urandom > "$d/munge.key"
  chmod 400 "$d/munge.key"
  munged --force --socket="$d/munge.socket" --key-file="$d/munge.key" --pid-file="$d/munged.pid" \
         --log-file="$d/munged.log" --seed-file="$d/munged.seed" 2>> "$d/munged.log" ||
    { echo "SKIPPED: munged did not start"; slurm_cluster_logs; return 77; }

  cat > "$d/slurm.conf" <<EOF
ClusterName=kit-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$slurm_ctld_port
SlurmdPort=$slurm_d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge.socket
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool/%n
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=kit Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$d/slurm.conf
  slurmctld -f "$SLURM_CONF" || { echo "SKIPPED: slurmctld did not start"; slurm_cluster_logs; return 77; }
  slurmd -f "$SLURM_CONF" || { echo "SKIPPED: slurmd did not start"; slurm_cluster_logs; return 77; }
  for _ in $(seq 100); do
    sinfo --noheader --format=%t 2>/dev/null | grep -qx idle && return 0
    sleep 0.2
  done
  echo "SKIPPED: the Slurm node did not become idle within 20 s"
  sinfo 2>&1 || true
  slurm_cluster_logs
  return 77
}
