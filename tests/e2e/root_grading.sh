#!/usr/bin/env bash
# A root grader grades from folders under a home folder only root may pass (mode 0700, as /root is), the
# way the README's instructor examples use ~: the sandbox's user, uid 65534, is handed every folder it
# binds (docs/sandbox.md, "Root or not"), and a student's file only root may read is graded all the same.
# What that user still cannot use (a course file of mode 0600, a umask of 077) is refused before anyone is
# graded: exit 2, the path named with what to change. Skipped (77) unless root with a working sandbox.
# Usage: root_grading.sh GRADER
set -euo pipefail
grader=$1
. "$(dirname "$0")/lib/row_copy_course.sh"
[ "$(id -u)" -eq 0 ] || { echo "skipped: not root, so the sandbox runs as the grader's own user"; exit 77; }
umask 022
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
chmod 700 "$home"
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }

# A course tree (--kit) with a small assignment of its own, and a class of one student.
course="$home/course"
mkdir -p "$home/class/ada"
make_row_copy_course "$course"
cp "$course/solutions/row-copy/row_copy.cu" "$course/starter/row-copy/"
cp "$course/solutions/row-copy/row_copy.cu" "$home/class/ada/"
chmod 600 "$home/class/ada/row_copy.cu"  # the grader copies it; the sandbox never reads the student's folder

probe=$("$grader" grade row-copy --kit "$course" --submission "$home/class/ada" --backend cpu --format json \
          --output "$home/ada.json" 2>&1) || {
  code=$?
  if grep -q "none can be made here" <<< "$probe"; then echo "skipped: $probe"; exit 77; fi
  echo "$probe"
  fail "grade under a 0700 folder exited with $code"
}
grep -q '"score": 10' "$home/ada.json" || fail "the solution did not earn 10 under a 0700 folder: $(cat "$home/ada.json")"

"$grader" --kit "$course" batch row-copy --submissions "$home/class" --out "$home/grades/hw2" --backend cpu \
  > "$home/batch.txt" 2>&1 || { cat "$home/batch.txt"; fail "the batch under a 0700 folder exited with $?"; }
grep -q "^ada,,,10,10," "$home/grades/hw2/gradebook.csv" || fail "the batch: $(cat "$home/grades/hw2/gradebook.csv")"

# A course file only root may read: every student's compile would fail on it, so nobody is graded.
chmod 600 "$course/assignments/row-copy/row_copy.h"
refused() {  # refused WHAT EXPECTED-TEXT COMMAND...
  local what=$1 expected=$2
  shift 2
  set +e
  "$@" > "$home/refused.txt" 2>&1
  local code=$?
  set -e
  [ "$code" -eq 2 ] || { cat "$home/refused.txt"; fail "$what exited with $code, not 2"; }
  grep -qF -- "$expected" "$home/refused.txt" || { cat "$home/refused.txt"; fail "$what did not say: $expected"; }
  grep -qF "runs the compilers and student code as uid 65534" "$home/refused.txt" || fail "$what did not say why"
}
refused "grade with an unreadable course file" \
  "$course/assignments/row-copy/row_copy.h: a file of root's, mode 0600: uid 65534 cannot read it" \
  "$grader" grade row-copy --kit "$course" --submission "$home/class/ada" --backend cpu
grep -qF "To fix it: chmod -R o+rX $course/assignments/row-copy" "$home/refused.txt" || fail "no fix was given"
rm -rf "$home/grades"
refused "a batch with an unreadable course file" "$course/assignments/row-copy/row_copy.h" \
  "$grader" --kit "$course" batch row-copy --submissions "$home/class" --out "$home/grades/hw2" --backend cpu
[ ! -e "$home/grades/hw2/gradebook.csv" ] && [ -z "$(ls -A "$home/grades/hw2/results")" ] ||
  fail "the refused batch graded someone"
chmod 644 "$course/assignments/row-copy/row_copy.h"

# A umask that keeps others from reading the grader's own copies.
(
  umask 077
  refused "grade with umask 077" "umask 0077" \
    "$grader" grade row-copy --kit "$course" --submission "$home/class/ada" --backend cpu
)
echo "a root grader graded under a 0700 folder, and refused, exit 2, a setup its sandbox's user could not use"
