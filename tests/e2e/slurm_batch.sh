#!/usr/bin/env bash
# `grader batch --slurm` grades a small class through a real one-node Slurm (slurm_cluster.sh) on the CPU
# backend: a job array of one task per student. One task is cancelled before it runs: its student is an
# error in the gradebook and the summary names the task. Run again, the batch submits a task for that
# student alone and keeps every other result. The class: the solution, the starter, two broken kernels
# and an empty folder. Exit 77 (skipped, with the reason) where Slurm cannot run.
# Usage: slurm_batch.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
here=$(cd "$(dirname "$0")" && pwd)
source "$here/slurm_cluster.sh"
work=$(mktemp -d)
trap 'slurm_cluster_stop; rm -rf "$work"' EXIT
slurm_cluster_start || exit $?
trap 'slurm_cluster_stop; rm -rf "$work"' EXIT  # slurm_cluster_start set its own
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

class="$work/class"
mkdir -p "$class/solution" "$class/starter" "$class/no-launch" "$class/no-bounds" "$class/empty"
cp "$kit/solutions/matmul-naive/matmul_naive.cu" "$class/solution/"
cp "$kit/starter/matmul-naive/matmul_naive.cu" "$class/starter/"
"$(dirname "$grader")/kit-apply-patch" "$kit/assignments/matmul-naive/broken/naive_no_launch.patch" "$class/no-launch"
"$(dirname "$grader")/kit-apply-patch" "$kit/assignments/matmul-naive/broken/naive_no_bounds_check.patch" "$class/no-bounds"
chmod -R a+rX "$class"
out="$work/out"

fail() {
  echo "NOT AS EXPECTED: $1"
  for f in "$work"/*.txt "$out/gradebook.csv" "$out/summary.txt" "$out/slurm/job.sh" "$out"/slurm/task-*.log; do
    [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
  done
  slurm_cluster_logs
  exit 1
}
row() { grep -F -- "$1" "$out/gradebook.csv" | tr -d '\r'; }
batch() { "$grader" batch matmul-naive --submissions "$class" --out "$out" --backend cpu --slurm --chunk 1; }

# The students to grade, in key order, are no-bounds, no-launch, solution, starter: task 3 is the
# starter's. It waits for a CPU while tasks 0 and 1 run, and is cancelled there.
start=$(date +%s)
# Created here, not by the background job's redirection, which may not have run when it is first read.
: > "$work/first.txt"
batch >> "$work/first.txt" 2>&1 &
first=$!
job=""
for _ in $(seq 150); do
  job=$(sed -n 's/^submitted Slurm job \([0-9]*\):.*/\1/p' "$work/first.txt")
  [ -n "$job" ] && break
  kill -0 "$first" 2>/dev/null || break
  sleep 0.2
done
[ -n "$job" ] || { wait "$first" || true; fail "no job was submitted"; }
scancel "${job}_3"
wait "$first" || fail "the first batch exited with $?"
first_seconds=$(( $(date +%s) - start ))
cat "$work/first.txt"

grep -q "^#SBATCH --array=0-3$" "$out/slurm/job.sh" || fail "the job script is not an array of 4 tasks"
[ "$(wc -l < "$out/gradebook.csv")" -eq 6 ] || fail "the gradebook does not have a row per student"
row 'solution,,,70,100,10,20,25,5,10,0,graded,cpu,' | grep -q . || fail "the solution's row"
row 'empty,,,0,100,,,,,,,no submission,' | grep -q . || fail "the empty folder's row"
for broken in no-launch no-bounds; do
  line=$(row "$broken,,,")
  [[ "$line" == *",graded,cpu,"* ]] || fail "$broken was not graded"
  score=$(cut -d, -f4 <<< "$line")
  [ "${score%%.*}" -lt 70 ] || fail "$broken earned every correctness point"
done
row 'starter,,,0,100,' | grep -q ',error,' || fail "the cancelled task's student is not an error"
grep -Eq "starter .*Slurm task 3 of job $job (ended \(CANCELLED\)|never ran)" "$out/summary.txt" ||
  fail "the summary does not name the cancelled task"
grep -Eq "Slurm job $job, task 3 (ended \(CANCELLED\)|never ran).*: no result for starter" "$out/summary.txt" ||
  fail "the summary's note on the cancelled task"

# Run again: a job of one task grades the starter; every other result is kept as it was.
for f in "$out"/results/*.json; do cp "$f" "$f.before"; done
start=$(date +%s)
batch > "$work/second.txt" 2>&1 || fail "the second batch exited with $?"
second_seconds=$(( $(date +%s) - start ))
cat "$work/second.txt"
grep -q "1 graded now, 3 kept from an earlier run" "$work/second.txt" || fail "more than the starter was graded again"
grep -q "^#SBATCH --array=0-0$" "$out/slurm/job.sh" || fail "the second job is not one task"
for name in solution no-launch no-bounds; do
  cmp -s "$out/results/$name.json" "$out/results/$name.json.before" || fail "$name's result changed"
done
row 'starter,,,0,100,0,0,0,0,0,0,graded,cpu,' | grep -q . || fail "the starter's row after the second batch"
grep -Eq "CANCELLED|never ran" "$out/summary.txt" && fail "the second summary still reports the cancelled task"

echo "a class of 5 graded through Slurm in ${first_seconds} s (one task cancelled); its student graded again in ${second_seconds} s"
