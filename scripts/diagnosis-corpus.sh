#!/usr/bin/env bash
# The corpus of typical student bugs (assignments/*/broken/*.patch) graded on one backend, as a table:
# for each bug, whether the report names its cause and its line, the diagnosis (grader/src/result/result.h) and the
# headline, and whether every promise of the patch's header held. The counts at the end are the ones
# docs/results records.
#   [JOBS=N] scripts/diagnosis-corpus.sh cpu|cuda [BUILD_DIR]   (default: build, or build-gpu for cuda)
set -uo pipefail
cd "$(dirname "$0")/.."
backend="${1:?usage: scripts/diagnosis-corpus.sh cpu|cuda [BUILD_DIR]}"
build="${2:-$([ "$backend" = cuda ] && echo build-gpu || echo build)}"
check="$build/tests/kit-e2e-check"
[ -x "$check" ] || check="$(find "$build" -name kit-e2e-check -type f | head -1)"
[ -x "$check" ] || { echo "no kit-e2e-check under $build: build the kit first" >&2; exit 2; }
rows=$(mktemp -d)
trap 'rm -rf "$rows"' EXIT
# One bug: its table row in $rows/NAME.row, and whether its metadata held in $rows/NAME.rc.
grade_one() {
  local f=$1 name out rc row
  name=$(basename "$f" .patch)
  out=$("$check" verdict "$build/bin/grader" "$f" "$backend" 2>&1)
  rc=$?
  row=$(printf '%s\n' "$out" | sed -n 's/^corpus: //p' | head -1)
  [ -z "$row" ] && row="$name | - | - | - | (no failing test)"
  printf '%s\n' "$row" > "$rows/$name.row"
  echo $rc > "$rows/$name.rc"
}
export -f grade_one
export check build backend rows
# JOBS bugs at a time (default 1): the corpus grades correctness only, so sharing the machine is fair.
ls assignments/*/broken/*.patch | xargs -P "${JOBS:-1}" -I{} bash -c 'grade_one {}'
echo "| bug | cause named | line named | diagnosis | headline | metadata |"
echo "|---|---|---|---|---|---|"
total=0 cause=0 line=0 held=0
for f in assignments/*/broken/*.patch; do
  name=$(basename "$f" .patch)
  rc=$(cat "$rows/$name.rc")
  [ "$rc" -eq 77 ] && { echo "no usable GPU" >&2; exit 77; }
  row=$(cat "$rows/$name.row")
  echo "| $row | $([ "$rc" -eq 0 ] && echo held || echo "NOT HELD") |"
  total=$((total + 1))
  case "$row" in *"| cause |"*) cause=$((cause + 1));; esac
  case "$row" in *"| line |"*) line=$((line + 1));; esac
  [ "$rc" -eq 0 ] && held=$((held + 1))
done
echo
echo "$total bugs on the $backend backend: the cause named for $cause, the line for $line; metadata held for $held."
