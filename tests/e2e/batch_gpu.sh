#!/usr/bin/env bash
# On a GPU, a batch times its baselines for the class, not for each student, and keeps every timing to
# itself (docs/batch.md, the fairness rule). Three copies of the solution and a noisy neighbour (the
# solution, plus a timer that keeps the GPU busy from the moment its program starts) are graded two at a
# time: every copy scores about 1.00x the reference, whatever the neighbour's programs do meanwhile, and
# the copies timed after the first borrow the baselines' rounds the batch timed before, and say so.
# Exit 77 (skipped) without a usable GPU.
# Usage: batch_gpu.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

class="$work/class"
for student in first second third noisy; do
  mkdir -p "$class/$student"
  # A comment line of its own, so that each copy is built and timed as a student's file.
  { echo "// $student"; cat "$kit/solutions/matmul-tiled/matmul_tiled.cu"; } > "$class/$student/matmul_tiled.cu"
done
cat >> "$class/noisy/matmul_tiled.cu" <<'NOISE'
// Every millisecond, from a thread libc starts, a kernel that fills every SM for about half of it: a
// kernel timed beside this program, on a GPU shared without rules, would look slower. Quiet under
// compute-sanitizer, where nothing is timed and every launch is slow.
#include <csignal>
#include <cstdlib>
#include <ctime>

__global__ void Noise(long long cycles)
{
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}

static void make_noise(union sigval)
{
    static cudaStream_t stream;
    if (!stream) cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    Noise<<<264, 1024, 0, stream>>>(1000000);
}

__attribute__((constructor)) static void start_noise()
{
    if (std::getenv("CUDA_INJECTION64_PATH")) return;
    sigevent event{};
    event.sigev_notify = SIGEV_THREAD;
    event.sigev_notify_function = make_noise;
    timer_t timer;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) != 0) return;
    itimerspec every{};
    every.it_value.tv_nsec = every.it_interval.tv_nsec = 1000 * 1000;
    timer_settime(timer, 0, &every, nullptr);
}
NOISE
chmod -R a+rX "$class"
out="$work/out"

fail() {
  echo "NOT AS EXPECTED: $1"
  echo "--- gradebook.csv"; cat "$out/gradebook.csv" 2>/dev/null || true
  exit 1
}

set +e
"$grader" batch matmul-tiled --submissions "$class" --out "$out" --jobs 2 --backend cuda > "$work/batch.txt" 2>&1
code=$?
set -e
cat "$work/batch.txt"
if [ "$code" -eq 2 ] && grep -q "needs a usable GPU" "$work/batch.txt"; then
  echo "no usable GPU: skipped"
  exit 77
fi
[ "$code" -eq 0 ] || fail "the batch exited with $code"

# The ratio of a student's throughput to the reference's, from their result.
ratio() {
  awk '/"name": "throughput against the reference"/ { found = 1 }
       found && /"ratio":/ { gsub(/[^0-9.]/, "", $2); print $2; exit }' "$out/results/$1.json"
}
# Full performance points (30: 20 against the reference, 10 against the naive kernel) for each copy, at
# about the reference's throughput: the copies are the reference.
column() {  # a student's value in the gradebook's column named $2
  awk -F, -v student="$1" -v name="$2" '{ gsub(/\r/, "") }
                                        NR == 1 { for (i = 1; i <= NF; ++i) if ($i == name) c = i }
                                        NR > 1 && $1 == student && c { print $c }' "$out/gradebook.csv"
}
for student in first second third; do
  [ "$(column "$student" status)" = graded ] || fail "$student was not graded"
  [ "$(column "$student" "performance (Width 4096)")" = 30 ] || fail "$student did not get every performance point"
  r=$(ratio "$student")
  echo "$student: ${r}x the reference"
  awk -v r="$r" 'BEGIN { exit !(r > 0.9 && r < 1.1) }' || fail "$student, a copy of the reference, timed at ${r}x it"
done

# The first grading to time had nothing to borrow; the copies timed after it borrowed its rounds.
borrowed() { grep -c "of its rounds timed by the batch" "$out/results/$1.json" || true; }
lenders=0
for student in first second third; do
  [ "$(borrowed "$student")" -gt 0 ] || lenders=$((lenders + 1))
done
[ "$(column noisy status)" = graded ] || fail "the noisy neighbour was not graded"
[ "$lenders" -le 1 ] || fail "$lenders copies timed every round of their baselines: the batch shared none"
grep -h "of its rounds timed by the batch" "$out"/results/*.json | head -n 2
[ -s "$out/prepared/timing.lock.baselines" ] || fail "the batch kept no record of its baselines' rounds"
echo "ok"
