#!/usr/bin/env bash
# scripts/check-demo-gradebook.sh, which the batch benchmarks rely on, accepts a consistent gradebook and
# refuses each kind of inconsistency: a student missing, a grading error, two copies of one file scored
# differently, and a broken kernel scored like the solution.
# Usage: demo_gradebook_check.sh KIT_SOURCE_DIR
set -euo pipefail
kit=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out"
for s in student-000-solution student-001-starter student-002-naive_no_launch student-003-solution; do
  mkdir -p "$work/class/$s"
done
# A group named with a comma is quoted, as the grader writes it: the check must not split inside it.
header='student,sid,email,score,max_score,"small sizes, one either side",status,backend,device,seconds'
write() {
  { echo "$header"; printf '%s\n' "$@"; } > "$work/out/gradebook.csv"
}
expect() {
  local want=$1 what=$2 code=0
  "$kit/scripts/check-demo-gradebook.sh" "$work/class" "$work/out" > "$work/check.txt" 2>&1 || code=$?
  if { [ "$want" = pass ] && [ "$code" -ne 0 ]; } || { [ "$want" = fail ] && [ "$code" -ne 1 ]; }; then
    echo "NOT AS EXPECTED ($what): the check exited $code"
    cat "$work/check.txt"
    exit 1
  fi
  echo "$what: $want ($(grep -m 1 "NOT AS EXPECTED" "$work/check.txt" || tail -n 1 "$work/check.txt"))"
}
good=("student-000-solution,,,70,100,10,graded,cpu,cpu,3.1" "student-001-starter,,,0,100,0,graded,cpu,cpu,2.0"
      "student-002-naive_no_launch,,,0,100,0,graded,cpu,cpu,2.2" "student-003-solution,,,70,100,10,graded,cpu,cpu,3.3")
write "${good[@]}"
expect pass "a consistent gradebook"
write "${good[@]:0:3}"
expect fail "a student without a row"
write "${good[@]:0:3}" "student-003-solution,,,0,100,0,error,cpu,cpu,0.1"
expect fail "a grading that ended in error"
write "${good[@]:0:3}" "student-003-solution,,,65,100,5,graded,cpu,cpu,3.3"
expect fail "two copies of the solution scored differently"
write "${good[@]:0:2}" "student-002-naive_no_launch,,,70,100,10,graded,cpu,cpu,2.2" "${good[3]}"
expect fail "a broken kernel that expects to fail scored like the solution"
