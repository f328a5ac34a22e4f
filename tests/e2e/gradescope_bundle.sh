#!/usr/bin/env bash
# `grader bundle gradescope` writes the autograder zip, and its run_autograder, run in a made-up
# /autograder (AUTOGRADER_ROOT) with the kit installed where setup.sh installs it, writes a valid
# results.json: full correctness and pending performance for the solution, no correctness points for the
# starter, and a message for a submission without the file. Its hidden tests are drawn from the grading
# seed given to the bundle, not from the rubric's public one, and without a seed no bundle is made.
# Usage: gradescope_bundle.sh GRADER BUILD_DIR SOURCE_DIR
set -euo pipefail
grader=$1
build=$2
source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }

code=0
"$grader" bundle gradescope matmul-naive --out "$work/unseeded.zip" > "$work/unseeded.txt" 2>&1 || code=$?
[ "$code" -eq 2 ] && grep -q -- "--seed" "$work/unseeded.txt" && [ ! -e "$work/unseeded.zip" ] ||
  fail "a bundle without a grading seed was not refused (exit $code): $(cat "$work/unseeded.txt")"
"$grader" bundle gradescope matmul-naive --seed 31337 --out "$work/autograder.zip" > /dev/null
unzip -p "$work/autograder.zip" bundle.conf | grep -qx "seed=31337" || fail "bundle.conf does not carry the seed"
unzip -Z1 "$work/autograder.zip" > "$work/listing"
for entry in setup.sh run_autograder bundle.conf kit/CMakeLists.txt kit/scripts/install-deps.sh \
             kit/grader/src/grading/grade.cpp kit/assignments/matmul-naive/rubric.yaml kit/solutions/matmul-naive/matmul_naive.cu; do
  grep -qx "$entry" "$work/listing" || fail "the zip has no $entry"
done
! grep -q "^kit/datasets/\|^kit/build/\|^kit/docs/" "$work/listing" || fail "the zip carries datasets, a build or docs"
unzip -Z "$work/autograder.zip" run_autograder | grep -q "^-rwx" || fail "run_autograder is not executable"

# The image as setup.sh leaves it, without the build: the zip in source/, the kit installed in kit/.
ag="$work/autograder"
mkdir -p "$ag/source" "$ag/submission"
chmod 711 "$ag"
(cd "$ag/source" && unzip -q "$work/autograder.zip")
cmake --install "$build" --prefix "$ag/kit" > /dev/null

# grade FILE: submits FILE (or nothing) and prints results.json.
grade() {
  rm -rf "$ag/submission" "$ag/results"
  mkdir -p "$ag/submission/upload"
  [ -z "$1" ] || cp "$1" "$ag/submission/upload/"
  AUTOGRADER_ROOT="$ag" "$ag/source/run_autograder" > "$work/stdout" 2>&1 || fail "run_autograder exited non-zero"
  jq . "$ag/results/results.json" > /dev/null || fail "results.json is not JSON"
}
sum() { jq "[.tests[] | select(.tags[0] == \"$1\") | .$2] | add" "$ag/results/results.json"; }

grade "$source/solutions/matmul-naive/matmul_naive.cu"
correct=$(sum correctness score)
[ "$correct" = "$(sum correctness max_score)" ] && [ "$correct" != 0 ] || fail "the solution lost correctness points"
[ "$(jq '.score' "$ag/results/results.json")" = "$correct" ] || fail "the score is not the correctness points"
pending=$(jq '[.tests[] | select(.tags[0] == "performance")] | .[0]' "$ag/results/results.json")
[ "$(jq -r .status <<< "$pending")" = passed ] && [ "$(jq .max_score <<< "$pending")" != 0 ] &&
  jq -r .output <<< "$pending" | grep -q "^pending: measured on the course's GPU" || fail "performance is not pending: $pending"

# The hidden Widths the bundle graded, and those the rubric's public seed draws (what any copy shows).
hidden_widths() { jq -r '.tests[] | select(.visibility == "hidden") | .name' "$1" | grep -o 'Width [0-9]*' | sort; }
hidden_widths "$ag/results/results.json" > "$work/bundle-hidden"
mkdir -p "$work/public"
cp "$source/starter/matmul-naive/matmul_naive.cu" "$work/public/"
"$grader" grade matmul-naive --submission "$work/public" --backend cpu --format json --output "$work/public.json" > /dev/null || true
hidden_widths "$work/public.json" > "$work/public-hidden"
[ -s "$work/bundle-hidden" ] && [ -s "$work/public-hidden" ] || fail "no hidden tests to compare"
! cmp -s "$work/bundle-hidden" "$work/public-hidden" ||
  fail "the bundle's hidden sizes are the public seed's: $(tr '\n' ' ' < "$work/public-hidden")"

grade "$source/starter/matmul-naive/matmul_naive.cu"
[ "$(sum correctness score)" = 0 ] || fail "the starter earned correctness points"
[ "$(jq '[.tests[] | select(.tags[0] == "correctness" and .status == "failed")] | length' "$ag/results/results.json")" -gt 0 ] ||
  fail "the starter failed no test"

grade ""
jq -r .output "$ag/results/results.json" | grep -q "no file named matmul_naive.cu" || fail "no message for a missing file"
echo "the bundle's run_autograder graded the solution ($correct points), the starter (0) and an empty submission;"
echo "its hidden sizes ($(tr '\n' ' ' < "$work/bundle-hidden")) are not the public seed's ($(tr '\n' ' ' < "$work/public-hidden"))"
