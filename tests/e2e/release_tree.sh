#!/usr/bin/env bash
# `grader release` writes a student tree that gives nothing away and works: no solution, baseline, hidden
# group, marker line, broken kernel or other assignment in it; --force keeps a .git; and a copy of it,
# built from scratch by its own scripts/check-all.sh (what its GitHub workflow runs), checks the starter
# and reports its failing tests, not a build error.
# Usage: release_tree.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
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
for path in solutions tests docs/results grader/cpu/smoke grader/cpu/bench grader/cpu/tests grader/tests; do
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
[ "$(ls "$tree/assignments" | tr '\n' ' ')" = "CMakeLists.txt $assignment problems " ] ||
  fail "assignments/ holds $(ls "$tree/assignments")"

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
[ -x "$work/clone/build-check/bin/grader" ] || fail "the copy did not build its own grader"
grep -q "checking the starter, starter/$assignment/" "$work/check.txt" || fail "the starter was not checked"
grep -qE "^$assignment — backend cpu .* — 0 / [0-9]+" "$work/check.txt" || fail "no headline with 0 points"
grep -qE "^ +FAIL +Width 1 " "$work/check.txt" || fail "no failing test of the size 1"
grep -qF "no kernel was launched" "$work/check.txt" || fail "not the starter's own failure (it launches no kernel)"
! grep -qiE "does not compile|build failed|cannot be graded" "$work/check.txt" || fail "the starter did not build"
echo "ok"
