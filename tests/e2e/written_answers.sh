#!/usr/bin/env bash
# Written questions through the real command: a throwaway assignment with one question of each kind,
# graded with right answers, hostile answers files and none at all. Whatever answers.yaml holds, the
# kernel is still graded, the graded questions pass or fail with a message, the open one is pending, and
# an invalid questions file is exit 2 with its line and column. Usage: written_answers.sh GRADER
set -euo pipefail
grader=$1
kit=$(mktemp -d)
trap 'rm -rf "$kit"' EXIT
chmod 711 "$kit"  # a root grader's sandbox runs as uid 65534, which must reach the kit (docs/sandbox.md)
a="$kit/assignments/row-copy"
mkdir -p "$a" "$kit/submission"

cat > "$a/row_copy.h" <<'H'
void row_copy(float* d_out, const float* d_in, int rows, int cols);
H
cat > "$a/harness.cpp" <<'H'
#include "kit/harness.h"
#include "row_copy.h"

namespace {
void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  row_copy(a.out<float>(0), a.in<float>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}
}  // namespace

const kit::Harness kit_harness = {"row-copy", {{"row_copy", call}}};
H
cat > "$a/rubric.yaml" <<'H'
assignment: row-copy
title: Written questions beside a kernel
problem: copy
student_files: [row_copy.cu]
questions: questions.yaml
tolerance: {policy: exact}
correctness:
  - group: any size
    points: 10
    sizes: [3x5]
    seeds: 1
cpu_checks: {sanitizer_max_dim: 0, race_max_dim: 0}
H
cat > "$a/questions.yaml" <<'H'
questions:
  - id: threads
    points: 2
    kind: number
    text: How many threads?
    answer: 1024
  - id: bound
    points: 1
    kind: choice
    text: Which?
    choices: [memory-bound, compute-bound]
    answer: memory-bound
  - id: widths
    points: 3
    kind: set
    text: Which widths?
    answer: [1, 2, 3, 4, 5]
  - id: why
    points: 4
    kind: open
    text: Why?
H
cat > "$kit/submission/row_copy.cu" <<'H'
#include "row_copy.h"

__global__ void copyRows(float* out, const float* in, int rows, int cols)
{
    int r = blockIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < cols) out[r * cols + c] = in[r * cols + c];
}

void row_copy(float* d_out, const float* d_in, int rows, int cols)
{
    copyRows<<<dim3((cols + 31) / 32, rows), 32>>>(d_out, d_in, rows, cols);
}
H

export KIT_ROOT="$kit"
fail() { echo "FAIL: $*"; exit 1; }
# grade SUBMISSION NAME: the JSON result in $kit/NAME.json; exit 0 always (a grade was produced).
grade() { "$grader" grade row-copy --submission "$1" --backend cpu --format json --output "$kit/$2.json"; }
# status NAME TEST: the status and message of one test of a result, as "status: message".
status() {
  python3 -c 'import json,sys; t=[t for t in json.load(open(sys.argv[1]))["tests"] if t["name"]==sys.argv[2]][0]
print(t["status"] + ": " + t["message"])' "$kit/$1.json" "$2"
}
expect() {  # expect NAME TEST PATTERN
  local got; got=$(status "$1" "$2")
  echo "$got" | grep -q -- "$3" || fail "$1, $2: expected '$3', got '$got'"
}

# The questions, as a student's answers.yaml to fill in.
"$grader" questions row-copy | grep -qx "threads:" || fail "grader questions lists no 'threads:'"

# Right answers, in the student's own spelling: full marks for the graded ones, the open one pending.
printf 'threads: 1024\nbound: " Memory-Bound"\nwidths: [5, 4, 3, 2, 1]\nwhy: |\n  Lock step.\n' \
  > "$kit/submission/answers.yaml"
grade "$kit/submission" right
expect right "3x5" "^passed"
expect right threads "^passed"
expect right bound "^passed"
expect right widths "^passed"
expect right why "^skipped: pending: graded by a person"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert (r["score"], r["max_score"]) == (16, 20), r["score"]' \
  "$kit/right.json" || fail "right answers: score is not 16 of 20"
"$grader" grade row-copy --submission "$kit/submission" --backend cpu > "$kit/right.txt"
grep -q "pend  why — pending: graded by a person" "$kit/right.txt" || { cat "$kit/right.txt"; fail "text report"; }

# Hostile answers files: each fails the graded questions with its reason; the kernel is still graded.
printf 'threads: [1024\n' > "$kit/submission/answers.yaml"
grade "$kit/submission" not-yaml
expect not-yaml "3x5" "^passed"
expect not-yaml threads "^failed: answers.yaml is not valid YAML"
expect not-yaml why "^skipped: pending"

head -c 200000 /dev/zero | tr '\0' 'a' > "$kit/submission/answers.yaml"
grade "$kit/submission" huge
expect huge bound "^failed: answers.yaml is 200000 bytes"

printf 'threads: lots\nbound: maybe\nwidths: {a: 1}\nthred: 1024\n' > "$kit/submission/answers.yaml"
grade "$kit/submission" wrong-types
expect wrong-types threads "'lots' is not a number"
expect wrong-types bound "not one of the choices"
expect wrong-types widths "list of whole numbers"

rm "$kit/submission/answers.yaml"
ln -s "$a/questions.yaml" "$kit/submission/answers.yaml"
grade "$kit/submission" link
expect link threads "^failed: answers.yaml is a symbolic link"

# A fifo is not opened for reading: the grading does not wait for a writer that never comes.
rm "$kit/submission/answers.yaml"
mkfifo "$kit/submission/answers.yaml"
grade "$kit/submission" fifo
expect fifo "3x5" "^passed"
expect fifo threads "^failed: answers.yaml is not a regular file"

rm "$kit/submission/answers.yaml"
grade "$kit/submission" missing
expect missing "3x5" "^passed"
expect missing threads "add answers.yaml beside row_copy.cu"
expect missing why "^skipped: pending: graded by a person (no answers.yaml was submitted)"

# An invalid questions file is the instructor's to fix: exit 2, its line and column, nothing graded.
sed -i 's/answer: memory-bound/answer: io-bound/' "$a/questions.yaml"
set +e
"$grader" grade row-copy --submission "$kit/submission" --backend cpu > "$kit/invalid.txt" 2>&1
code=$?
set -e
[ "$code" = 2 ] || { cat "$kit/invalid.txt"; fail "an invalid questions file exited $code, not 2"; }
grep -q "questions.yaml:12:13: the answer 'io-bound' is not one of the choices" "$kit/invalid.txt" ||
  { cat "$kit/invalid.txt"; fail "no line and column"; }
echo "written answers graded through grader grade"
