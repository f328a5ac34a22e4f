#!/usr/bin/env bash
# A batch stopped by a signal takes its gradings with it: SIGTERM (a scheduler's, or Ctrl-C's SIGINT) to
# `grader batch` ends every grading it started and everything those started (compilers, runners,
# sandboxes). The class hangs on purpose, so that its gradings are surely running when the signal
# comes. (That a batch run again resumes is e2e.batch.class's test.)
# Usage: batch_interrupted.sh GRADER KIT_SOURCE_DIR SIGNAL [BACKEND]
set -euo pipefail
grader=$1
kit=$2
signal=$3
backend=${4:-cpu}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

class="$work/class"
for student in first second; do
  mkdir -p "$class/$student"
  "$(dirname "$grader")/kit-apply-patch" "$kit/assignments/matmul-tiled/broken/tiled_hang_width_17.patch" "$class/$student"
done
chmod -R a+rX "$class"

descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}
# Whether a grading under the batch has children of its own (a compiler or a runner). Only a child
# grader counts: before its gradings the batch runs short probes of its own (the sandbox's preflight),
# whose children come and go in milliseconds.
grading_busy() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    grep -qx grade < <(tr '\0' '\n' < "/proc/$child/cmdline" 2>/dev/null) || continue
    [ -n "$(ps -o pid= --ppid "$child" 2>/dev/null)" ] && return 0
  done
  return 1
}

# Job control on, so the batch does not start with SIGINT ignored as a script's background jobs do.
set -m
"$grader" batch matmul-tiled --submissions "$class" --out "$work/out" --jobs 2 --backend "$backend" > "$work/batch.txt" 2>&1 &
batch=$!
for _ in $(seq 1 600); do
  grading_busy "$batch" && break
  sleep 0.1
done
running=$(descendants "$batch")
grading_busy "$batch" || { cat "$work/batch.txt"; echo "NOT AS EXPECTED: the batch started no grading"; exit 1; }
echo "processes under the batch before SIGTERM: $(echo "$running" | wc -l) ($(echo $running))"

kill -s "$signal" "$batch"
status=0
wait "$batch" || status=$?
[ "$status" -ne 0 ] || { echo "NOT AS EXPECTED: the batch finished normally after SIG$signal"; exit 1; }
sleep 0.5
# A zombie has ended: it only waits to be reaped, and an orphan's reaper (the machine's init, or a
# container's) may be slow to.
alive() {
  local state
  state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}
left=""
for pid in $running; do
  alive "$pid" && left+=" $pid($(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-80))"
done
if [ -n "$left" ]; then
  echo "NOT AS EXPECTED: still running after the batch ended:$left"
  for pid in $running; do kill -9 "$pid" 2>/dev/null || true; done
  exit 1
fi
echo "after SIG$signal the batch exited with $status and nothing it started is left"
