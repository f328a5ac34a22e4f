#!/usr/bin/env bash
# `grader batch` grades a small class on the CPU backend and writes its gradebook, and a batch run again
# grades only the student whose result is gone. The class is made of the kit's own files: the solution
# (in a folder whose name needs CSV quoting), the starter, two broken kernels and an empty folder.
# Usage: batch_class.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

solution='Doe, "JD" Jane'
class="$work/class"
mkdir -p "$class/$solution" "$class/starter" "$class/no-launch" "$class/no-bounds" "$class/empty"
cp "$kit/solutions/matmul-naive/matmul_naive.cu" "$class/$solution/"
cp "$kit/starter/matmul-naive/matmul_naive.cu" "$class/starter/"
"$(dirname "$grader")/kit-apply-patch" "$kit/assignments/matmul-naive/broken/naive_no_launch.patch" "$class/no-launch"
"$(dirname "$grader")/kit-apply-patch" "$kit/assignments/matmul-naive/broken/naive_no_bounds_check.patch" "$class/no-bounds"
chmod -R a+rX "$class"
out="$work/out"

fail() {
  echo "NOT AS EXPECTED: $1"
  echo "--- gradebook.csv"; cat "$out/gradebook.csv" 2>/dev/null || true
  exit 1
}
row() { grep -F -- "$1" "$out/gradebook.csv" | tr -d '\r'; }

start=$(date +%s)
"$grader" batch matmul-naive --submissions "$class" --out "$out" --jobs 2 --backend cpu > "$work/first.txt" ||
  { cat "$work/first.txt"; fail "the first batch exited with $?"; }
first_seconds=$(( $(date +%s) - start ))
cat "$work/first.txt"

header="student,sid,email,score,max_score,small sizes,multiples of the block,not a multiple of the block,"
header+="full-mantissa inputs,hidden random sizes,performance (Width 4096),status,backend,device,seconds"
[ "$(head -n 1 "$out/gradebook.csv" | tr -d '\r')" = "$header" ] || fail "the header is not $header"
[ "$(wc -l < "$out/gradebook.csv")" -eq 6 ] || fail "the gradebook does not have a row per student"
# Every correctness point on the CPU backend; performance is not measured there.
row '"Doe, ""JD"" Jane",,,70,100,10,20,25,5,10,0,graded,cpu,' | grep -q . || fail "the solution's row"
row 'starter,,,0,100,0,0,0,0,0,0,graded,cpu,' | grep -q . || fail "the starter's row"
row 'empty,,,0,100,,,,,,,no submission,' | grep -q . || fail "the empty folder's row"
for broken in no-launch no-bounds; do
  line=$(row "$broken,,,")
  [[ "$line" == *",graded,cpu,"* ]] || fail "$broken was not graded"
  score=$(cut -d, -f4 <<< "$line")
  [ "${score%%.*}" -lt 70 ] || fail "$broken earned every correctness point"
done
grep -q "no submission: no matmul_naive.cu in the folder" "$out/summary.txt" || fail "the summary's empty folder"
for f in "$out"/results/*.json; do cp "$f" "$f.before"; done

# Run again without the starter's result: only the starter is graded, every other result is kept as is.
rm "$out/results/starter.json"
start=$(date +%s)
"$grader" batch matmul-naive --submissions "$class" --out "$out" --jobs 2 --backend cpu > "$work/second.txt" ||
  { cat "$work/second.txt"; fail "the second batch exited with $?"; }
second_seconds=$(( $(date +%s) - start ))
cat "$work/second.txt"
grep -q "1 graded now, 3 kept from an earlier run" "$work/second.txt" || fail "more than the starter was graded again"
for name in "$solution" no-launch no-bounds; do
  cmp -s "$out/results/$name.json" "$out/results/$name.json.before" || fail "$name's result changed"
done
row 'starter,,,0,100,0,0,0,0,0,0,graded,cpu,' | grep -q . || fail "the starter's row after the second batch"

# Two batches merged: the class's gradebook in Gradescope's format.
"$grader" gradebook --results "$out" --results "$out" --format gradescope --output "$work/gradescope.csv" > /dev/null
grep -qF '"Doe, ""JD"" Jane",,,70' "$work/gradescope.csv" || fail "the Gradescope gradebook"

echo "a class of 5 graded in ${first_seconds} s with --jobs 2; one student graded again in ${second_seconds} s"
