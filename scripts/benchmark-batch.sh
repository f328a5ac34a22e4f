#!/usr/bin/env bash
# A class of the kit's own files graded through `grader batch`, timed, and its gradebook checked: the
# benchmark behind docs/results' batch figures.
#   scripts/benchmark-batch.sh ASSIGNMENT COUNT WORK_DIR [grader batch options: --jobs N, --backend B, --slurm ...]
# WORK_DIR gets class/ (scripts/make-demo-class.sh) and out/ (the batch's folder); it must not exist yet.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 ASSIGNMENT COUNT WORK_DIR [grader batch options]" >&2; exit 2; }
assignment=$1 count=$2 work=$3
shift 3
kit="$(cd "$(dirname "$0")/.." && pwd)"
grader=${GRADER:-$kit/build/bin/grader}
[ ! -e "$work" ] || { echo "$work exists: give a new folder" >&2; exit 2; }
mkdir -p "$work"
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the class (docs/sandbox.md)
"$kit/scripts/make-demo-class.sh" "$assignment" "$count" "$work/class"

start=$(date +%s)
status=0
"$grader" batch "$assignment" --submissions "$work/class" --out "$work/out" "$@" > "$work/batch.txt" 2>&1 || status=$?
seconds=$(( $(date +%s) - start ))
tail -n 15 "$work/batch.txt"
echo "grader batch $assignment ($count students, $*): exit $status in $seconds s," \
     "$(awk -v s="$seconds" -v n="$count" 'BEGIN { printf "%.1f", s / n }') s per student on $(nproc) cores"
"$kit/scripts/check-demo-gradebook.sh" "$work/class" "$work/out"
