#!/usr/bin/env bash
# What a student sees of the hidden tests follows the rubric's hidden_tests, through `grader grade --format
# gradescope` on a course's assignment with a hidden group (docs/gradescope.md): under `summary` one visible
# entry and a line of the output say how many failed and in which groups, and no hidden size or message is
# anywhere a student sees; under `after_due_date` the hidden tests are shown in full after the due date.
# Usage: hidden_tests.sh GRADER
set -euo pipefail
grader=$1
. "$(dirname "$0")/lib/row_copy_course.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the course (docs/sandbox.md)
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }
course="$work/course"

make_row_copy_course "$course"
cat >> "$course/assignments/row-copy/rubric.yaml" <<'H'
  - group: hidden sizes
    points: 6
    visibility: hidden
    sizes: [37x29, 5x71]
hidden_tests: summary
H
# The broken file mirrors each row instead of copying it: every size wider than one column fails.
mkdir -p "$work/broken"
sed 's/if (c < cols) out\[r \* cols + c\]/if (c < cols) out[r * cols + cols - 1 - c]/' \
  "$course/solutions/row-copy/row_copy.cu" > "$work/broken/row_copy.cu"
chmod -R a+rX "$course" "$work/broken"

# grade SUBMISSION: results.json for it, in $work/results.json.
grade() {
  rm -f "$work/results.json"
  "$grader" grade row-copy --kit "$course" --submission "$1" --backend cpu --format gradescope \
    --output "$work/results.json" > "$work/grade.txt" 2>&1 || fail "grade exited non-zero: $(cat "$work/grade.txt")"
  jq . "$work/results.json" > /dev/null || fail "results.json is not JSON"
}
# What a student sees now: the output and the visible entries.
student_sees() { jq -r '.output, (.tests[] | select(.visibility == "visible") | .name, .output)' "$work/results.json"; }

grade "$work/broken"
summary=$(jq -c '[.tests[] | select(.name == "hidden tests")]' "$work/results.json")
[ "$(jq length <<< "$summary")" = 1 ] || fail "not one summary entry: $summary"
[ "$(jq -r '.[0].visibility + " " + .[0].status' <<< "$summary")" = "visible failed" ] || fail "the summary: $summary"
[ "$(jq '.[0] | has("score") or has("max_score")' <<< "$summary")" = false ] || fail "the summary has points: $summary"
jq -r '.[0].output' <<< "$summary" | grep -qx "2 of 2 hidden tests failed: hidden sizes (2)" || fail "the summary says: $summary"
jq -r .output "$work/results.json" | grep -qx "hidden   2 of 2 hidden tests failed: hidden sizes (2)" ||
  fail "no summary line in the output: $(jq -r .output "$work/results.json")"
[ "$(jq '[.tests[] | select(.visibility == "hidden")] | length' "$work/results.json")" = 2 ] || fail "the hidden tests are not hidden"
# Nothing that names a hidden input: its size, its message, its seeds or the values it expected.
student_sees > "$work/seen.txt"
jq -r '.tests[] | select(.visibility == "hidden") | .name' "$work/results.json" | grep -oE '[0-9]+x[0-9]+' |
  sort -u > "$work/hidden-sizes.txt"
[ "$(wc -l < "$work/hidden-sizes.txt")" = 2 ] || fail "the hidden sizes are not in their entries: $(cat "$work/hidden-sizes.txt")"
! grep -F -f "$work/hidden-sizes.txt" "$work/seen.txt" || fail "a hidden size is shown to students"
jq -r '.tests[] | select(.visibility == "hidden") | .output' "$work/results.json" > "$work/hidden-outputs.txt"
{ jq -r '.tests[] | select(.visibility == "hidden") | .output | split("\n")[0]' "$work/results.json"
  grep -oE 'seed [0-9]+' "$work/hidden-outputs.txt"
  grep -oE 'expected [-0-9.e]+, got [-0-9.e]+' "$work/hidden-outputs.txt"; } | sort -u > "$work/hidden-texts.txt"
grep -q "elements wrong" "$work/hidden-texts.txt" && grep -q "^seed " "$work/hidden-texts.txt" ||
  fail "the hidden tests' messages and seeds are not in their entries: $(cat "$work/hidden-texts.txt")"
! grep -F -f "$work/hidden-texts.txt" "$work/seen.txt" || fail "a hidden test's message, seed or values are shown to students"

grade "$course/solutions/row-copy"
jq -r '.tests[] | select(.name == "hidden tests") | .status + ": " + .output' "$work/results.json" |
  grep -qx "passed: all 2 hidden tests passed" || fail "the solution's summary: $(jq -c .tests "$work/results.json")"

sed -i 's/^hidden_tests: summary$/hidden_tests: after_due_date/' "$course/assignments/row-copy/rubric.yaml"
grade "$work/broken"
[ "$(jq -c '[.tests[] | select(.name | startswith("hidden sizes:")) | .visibility] | unique' "$work/results.json")" = \
  '["after_due_date"]' ] ||
  fail "the hidden tests are not shown after the due date: $(jq -c .tests "$work/results.json")"
jq -r '.tests[] | select(.visibility == "after_due_date") | .output' "$work/results.json" | grep -q "elements wrong" ||
  fail "the hidden tests' messages are not kept for after the due date"
! jq -e '.tests[] | select(.name == "hidden tests")' "$work/results.json" > /dev/null || fail "a summary without summary"
student_sees > "$work/seen.txt"
! grep -F -f "$work/hidden-sizes.txt" "$work/seen.txt" || fail "a hidden size is shown before the due date"
echo "hidden_tests: summary said how the hidden tests went and named no hidden size; after_due_date shows them then"
