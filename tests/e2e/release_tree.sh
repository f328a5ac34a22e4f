#!/usr/bin/env bash
# `grader release` writes a student tree that gives nothing away and works: no solution, baseline, hidden
# group, marker line, broken kernel, other assignment or problem source in it (a tree of every assignment
# holds none of the functions the problems' sources define); --force keeps a .git; and a copy of it,
# built from scratch by its own scripts/check-all.sh (what its GitHub workflow runs) with the problems
# compiled, checks the starter and reports its failing tests, not a build error; with the solution in
# place it exits 0, hands GitHub Classroom full marks per group, and the README's command agrees.
# Usage: release_tree.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
command -v jq >/dev/null || { echo "SKIP: needs jq (scripts/install-deps.sh --tests installs it)"; exit 77; }
grader=$1
kit=$2
assignment=matmul-naive
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)
tree="$work/tree"

fail() {
  echo "NOT AS EXPECTED: $1"
  exit 1
}

"$grader" release "$assignment" --out "$tree" > "$work/release.txt" ||
  { cat "$work/release.txt"; fail "release exited $?"; }
cat "$work/release.txt"

# Nothing that gives an answer away.
for path in solutions tests docs/results grader/cpu/bench grader/cpu/tests grader/tests; do
  [ ! -e "$tree/$path" ] || fail "$path was released"
done
[ -z "$(find "$tree" -name '*_test.cpp')" ] || fail "unit tests were released"
answers=$( (find "$kit/solutions" -type f; find "$kit/assignments" -path '*/baselines/*' -type f) |
           xargs sha256sum | cut -d' ' -f1 | sort -u)
released=$(find "$tree" -type f -print0 | xargs -0 sha256sum | cut -d' ' -f1 | sort -u)
same=$(comm -12 <(echo "$answers") <(echo "$released"))
[ -z "$same" ] || fail "a released file has the bytes of a solution or baseline: $same"
! grep -rnE '^[[:space:]]*// (BEGIN|END) SOLUTION' "$tree" || fail "a solution-region marker was released"

# Only this assignment's folders.
[ "$(ls "$tree/starter")" = "$assignment" ] || fail "starter/ holds $(ls "$tree/starter")"
[ "$(ls "$tree/datasets")" = "$assignment" ] || fail "datasets/ holds $(ls "$tree/datasets")"
[ "$(ls "$tree/assignments" | tr '\n' ' ')" = "CMakeLists.txt $assignment problems-compiled " ] ||
  fail "assignments/ holds $(ls "$tree/assignments")"

# No problem's function in source form, for any assignment: every function the problems' sources define
# (device-query's reference computes the very fields its students must) is looked for, whitespace aside,
# in every file of a tree of all the assignments.
definitions() {  # each top-level function definition of the C++ files given, whitespace removed, one a line
  awk '/^[A-Za-z_].*\(/ && !/^(namespace|using|static_assert)/ && !/;[[:space:]]*$/ && !/ = *\{/ {
         body = ""; inside = 1; first = 1 }
       inside { body = body $0 }
       inside && (/^}/ || (first && /\}[[:space:]]*$/)) { print body; inside = 0 }
       { first = 0 }' "$@" | tr -d ' \t\r\f\v' | awk 'length($0) > 0'
}
find "$kit/assignments/problems" -name '*.cpp' ! -name '*_test.cpp' -print0 | xargs -0 cat > "$work/problems.cpp"
definitions "$work/problems.cpp" | sort -u > "$work/definitions.txt"
grep -qF 'longblocks_per_sm(constDeviceLimits&d,' "$work/definitions.txt" ||
  fail "device-query's blocks_per_sm was not found among the problems' functions: this test proves nothing"
echo "$(wc -l < "$work/definitions.txt") function definitions in the problems' sources"
flattened() {  # every file under $1, whitespace removed, one line each
  find "$1" -type f ! -path '*/.git/*' -print0 | while IFS= read -r -d '' f; do tr -d '[:space:]' < "$f"; echo; done
}
# The search finds them where they are, so that its silence below means something.
[ "$(flattened "$kit/assignments/problems" | grep -acFf "$work/definitions.txt")" -gt 0 ] ||
  fail "the search does not find the problems' functions in their own sources"
all=$(cd "$kit/assignments" && for a in */rubric.yaml; do printf '%s ' "${a%/rubric.yaml}"; done)
# shellcheck disable=SC2086  # one argument per assignment
"$grader" release $all --out "$work/all" > /dev/null || fail "releasing every assignment exited $?"
[ ! -e "$work/all/assignments/problems" ] || fail "assignments/problems was released"
[ -f "$work/all/assignments/problems-compiled/libkit_problems.a" ] || fail "the problems were not released compiled"
if flattened "$work/all" | grep -aqFf "$work/definitions.txt"; then
  fail "a function of the problems' sources is in the tree of every assignment ($all)"
fi
rm -rf "$work/all"

# The released rubric keeps every visible group and none of the hidden ones (nor their random ranges).
rubric="$kit/assignments/$assignment/rubric.yaml"
student_rubric="$tree/assignments/$assignment/rubric.yaml"
groups() {  # "visible|hidden<TAB>name<TAB>random line" for each group of a rubric
  awk '/^  - group:/ { if (name) print vis "\t" name "\t" rnd
                       name = substr($0, index($0, ":") + 2); vis = "visible"; rnd = "" }
       /^    visibility:/ { vis = $2 }
       /^    random:/ { rnd = $0 }
       /^[a-z]/ && !/^correctness:/ { if (name) print vis "\t" name "\t" rnd; name = "" }
       END { if (name) print vis "\t" name "\t" rnd }' "$1"
}
hidden=0
while IFS=$'\t' read -r visibility name random; do
  if [ "$visibility" = visible ]; then
    grep -qF -- "- group: $name" "$student_rubric" || fail "the visible group '$name' was dropped"
  else
    hidden=$((hidden + 1))
    ! grep -qF -- "$name" "$student_rubric" || fail "the $visibility group '$name' was released"
    [ -z "$random" ] || ! grep -qF -- "${random#"${random%%random:*}"}" "$student_rubric" ||
      fail "the $visibility group's range ($random) was released"
  fi
done < <(groups "$rubric")
[ "$hidden" -gt 0 ] || fail "the kit's $assignment rubric has no hidden group: this test proves nothing"
! grep -qE 'visibility: *(hidden|after_due_date)|^performance:|baselines:' "$student_rubric" ||
  fail "the released rubric keeps hidden groups or performance"

# The workflow runs the script this test runs.
grep -q 'run: scripts/check-all.sh$' "$tree/.github/workflows/check.yml" ||
  fail "the workflow does not run check-all.sh"
grep -qF "assignments/$assignment/README.md" "$tree/README.md" || fail "the README does not link the handout"
# The student container travels with the release, and its definition holds there.
"$(dirname "$0")/student_container.sh" definition "$tree" || fail "the released student container"
[ -f "$tree/docs/student-environment.md" ] || fail "docs/student-environment.md was not released"

# A non-empty folder needs --force, which keeps its .git.
mkdir -p "$tree/.git" && echo keep > "$tree/.git/marker" && echo stale > "$tree/stale.txt"
if "$grader" release "$assignment" --out "$tree" > "$work/again.txt" 2>&1; then
  fail "a non-empty --out was accepted"
fi
grep -q "is not empty" "$work/again.txt" || fail "the refusal does not say why: $(cat "$work/again.txt")"
"$grader" release "$assignment" --out "$tree" --force > /dev/null || fail "--force exited $?"
[ -f "$tree/.git/marker" ] && [ ! -e "$tree/stale.txt" ] ||
  fail "--force did not keep .git alone or replace the rest"
rm -rf "$tree/.git"

# A copy, built from scratch by its own check script, checks the starter: the tests fail, the build does not.
cp -a "$tree" "$work/clone"
chmod -R a+rX "$work/clone"
start=$(date +%s)
set +e
"$work/clone/scripts/check-all.sh" > "$work/check.txt" 2>&1
code=$?
set -e
echo "check-all.sh: exit $code in $(( $(date +%s) - start )) s"
cat "$work/check.txt"
[ "$code" -eq 1 ] || fail "check-all.sh exited $code, not 1 (the starter's tests fail)"
[ -x "$work/clone/build/bin/grader" ] || fail "the copy did not build its own grader in build/, as scripts/grader does"
grep -q "checking $work/clone/starter/$assignment" "$work/check.txt" || fail "the starter was not checked"
classroom="$work/clone/build/classroom/$assignment.json"
[ "$(jq -r .status "$classroom")" = fail ] || fail "the Classroom result of the starter is not a failure: $(cat "$classroom")"
grep -qE "^$assignment — backend cpu .* — 0 / [0-9]+" "$work/check.txt" || fail "no headline with 0 points"
grep -qE "^ +FAIL +Width 1 " "$work/check.txt" || fail "no failing test of the size 1"
grep -qF "no kernel was launched" "$work/check.txt" || fail "not the starter's own failure (it launches no kernel)"
! grep -qiE "does not compile|build failed|cannot be graded" "$work/check.txt" || fail "the starter did not build"

# The student's work done: with the solution in place of the starter, the same script is green (exit 0),
# though this grader has no nvcc for the checks that read its report: not checked is not failed.
cp "$kit/solutions/$assignment/"*.cu "$work/clone/starter/$assignment/"
set +e
GITHUB_OUTPUT="$work/github-output" "$work/clone/scripts/check-all.sh" > "$work/check-solved.txt" 2>&1
code=$?
set -e
echo "check-all.sh with the solution: exit $code"
[ "$code" -eq 0 ] || { cat "$work/check-solved.txt"; fail "check-all.sh exited $code with the solution in place, not 0"; }
grep -qE "^$assignment — backend cpu .* — " "$work/check-solved.txt" || fail "no headline for the solution"
! grep -qE "^ +FAIL " "$work/check-solved.txt" || fail "a test of the solution failed"

# GitHub Classroom gets full marks of what the CPU backend measured, per group, from the step output the
# workflow hands its reporter.
[ "$(jq -r .status "$classroom")" = pass ] || fail "the Classroom result of the solution: $(cat "$classroom")"
[ "$(jq '(([.tests[].score] | add) - .max_score) as $d | .max_score > 0 and $d < 0.01 and $d > -0.01' "$classroom")" = true ] ||
  fail "the solution's Classroom points are not full marks: $(cat "$classroom")"
[ "$(jq '.tests | length' "$classroom")" -gt 1 ] || fail "the Classroom result has no groups: $(cat "$classroom")"
grep -q "^$assignment=" "$work/github-output" || fail "no step output for the reporter: $(cat "$work/github-output")"
grep "^$assignment=" "$work/github-output" | tail -1 | cut -d= -f2- | base64 -d | cmp -s - "$classroom" ||
  fail "the step output is not the Classroom result"
grep -qF "${assignment^^}_RESULTS: \"\${{ steps.check.outputs.$assignment }}\"" "$tree/.github/workflows/check.yml" ||
  fail "the workflow does not hand the reporter this assignment's result"

# The README's own command uses the same build (nothing to rebuild) and agrees: exit 0.
start=$(date +%s)
(cd "$work/clone" && scripts/grader check "$assignment" > "$work/readme-check.txt" 2>&1) ||
  { cat "$work/readme-check.txt"; fail "the README's command exited $? with the solution in place"; }
echo "scripts/grader check, after check-all.sh: $(( $(date +%s) - start )) s"
grep -qF "checking your file, $work/clone/starter/$assignment/" "$work/readme-check.txt" ||
  fail "the README's command did not check the student's file: $(head -3 "$work/readme-check.txt")"
echo "ok"
