#!/usr/bin/env bash
# Opt-in test (not in ctest): runs a sweep through a real single-node Slurm cluster on this
# machine and checks that its summary equals the local run's (all columns but wall_s).
#   scripts/test-slurm.sh [BUILD_DIR]      (default build/dev; needs root for apt and daemons)
# Installs Debian's slurm-wlm and munge, writes a minimal slurm.conf for this host into
# /tmp/mbsweep-slurm, starts munged, slurmctld and slurmd, submits the emitted job array, waits
# (10 minutes at most), runs `mbsweep collect`, compares, and stops the daemons it started.
set -euo pipefail
build=${1:-build/dev}
src=$(cd "$(dirname "$0")/.." && pwd)
mbsweep=$(realpath "$build/tools/mbsweep/mbsweep")
deck=$src/examples/pendulum.xml
conf=/tmp/mbsweep-slurm
work=$conf/work

export DEBIAN_FRONTEND=noninteractive
munge_was_running=$(pgrep -x munged || true)
dpkg-query -W -f='${Status}' slurm-wlm 2>/dev/null | grep -q "install ok installed" ||
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null; }

rm -rf "$conf" && mkdir -p "$conf/state" "$conf/spool" "$work"
host=$(hostname -s)
cpus=$(nproc)
mem=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))
cat >"$conf/slurm.conf" <<CONF
ClusterName=mbsweep
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$conf/state
SlurmdSpoolDir=$conf/spool
SlurmctldPidFile=$conf/slurmctld.pid
SlurmdPidFile=$conf/slurmd.pid
SlurmctldLogFile=$conf/slurmctld.log
SlurmdLogFile=$conf/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf/slurm.conf

# munge needs a key and its directories.
mkdir -p /etc/munge /var/run/munge /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
chown -R munge:munge /etc/munge /var/run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
started=()
cleanup() {
  for p in "${started[@]}"; do kill "$p" 2>/dev/null || true; done
  # munge's package scripts may have started munged during the install: stop that one too.
  if [ -z "$munge_was_running" ]; then
    for p in $(pgrep -x munged); do kill "$p" 2>/dev/null || true; done
  fi
}
trap cleanup EXIT
if ! pgrep -x munged >/dev/null; then
  runuser -u munge -- /usr/sbin/munged --force
  sleep 1
fi
slurmctld -f "$SLURM_CONF" && sleep 1 && started+=("$(cat "$conf/slurmctld.pid")")
slurmd -f "$SLURM_CONF" && sleep 2 && started+=("$(cat "$conf/slurmd.pid")")
scontrol update nodename="$host" state=resume 2>/dev/null || true
sinfo

design=(-p 'Body_Rigid[30102].mass=1,2' -p 'Simulate.end_time=0.1,0.2,0.3' -m body30102.y:final
  -m body30102.x:min)
"$mbsweep" "$deck" "${design[@]}" -o "$work/local" -j 2 -q
"$mbsweep" "$deck" "${design[@]}" -o "$work/slurm" --emit slurm
job=$(sbatch --parsable "$work/slurm/slurm.sh")
echo "submitted job array $job"
for _ in $(seq 1 300); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  sleep 2
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] || { echo "FAIL: the job array did not finish in 10 minutes"; exit 1; }
"$mbsweep" collect "$work/slurm"
strip() { cut -d, -f"$(head -1 "$1" | tr ',' '\n' | grep -n '^wall_s$' | cut -d: -f1)" --complement "$1"; }
if diff <(strip "$work/local/summary.csv") <(strip "$work/slurm/summary.csv"); then
  echo "PASS: the Slurm sweep's summary equals the local run's"
else
  echo "FAIL: summaries differ"
  exit 1
fi
