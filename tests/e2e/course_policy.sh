#!/usr/bin/env bash
# A course policy over three collections of a small class's resubmissions (docs/course-policy.md): each
# `grader batch` on the CPU backend is one collection with its own --submitted-at (before the due date, a day
# after it, four days after it), and `grader gradebook` over the three counts one submission per student and
# takes off its late penalty, as the policy says. The same files in two collections are one submission.
# vector-add: the solution earns 100 on the CPU backend, the starter 0.
#   alice: the starter on time; the solution a day late; the same solution again four days late
#   bob:   the solution on time; the starter a day late (a resubmission that made it worse)
#   carol: the solution four days late, her only submission
# Usage: course_policy.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)
file=vector_add.cu

fail() {
  echo "NOT AS EXPECTED: $1"
  for f in "$work"/*.csv "$work"/*.txt; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done
  exit 1
}

solution() { mkdir -p "$1"; cp "$kit/solutions/vector-add/$file" "$1/"; }
starter() { mkdir -p "$1"; cp "$kit/starter/vector-add/$file" "$1/"; }
starter "$work/hand-in-1/alice"
solution "$work/hand-in-1/bob"
solution "$work/hand-in-2/alice"
starter "$work/hand-in-2/bob"
solution "$work/hand-in-3/alice"
solution "$work/hand-in-3/carol"
chmod -R a+rX "$work"

# Due 2026-12-01T23:59:00-05:00; a day late without penalty, then 10% of the 100 points a day started.
policy() {  # policy FILE COUNTED LATE_DAYS
  cat > "$1" <<EOF
defaults:
  late_days: $3
  late_penalty: 10
  last_accepted: 7
  counted: $2
assignments:
  vector-add:
    due: 2026-12-01T23:59:00-05:00
EOF
}
policy "$work/before-due.yaml" best_before_due 1
policy "$work/best.yaml" best 1
policy "$work/last.yaml" last 0

start=$(date +%s)
times=("2026-12-01T23:00:00-05:00" "2026-12-02T12:00:00-05:00" "2026-12-05T12:00:00-05:00")
for i in 1 2 3; do
  "$grader" batch vector-add --submissions "$work/hand-in-$i" --out "$work/batch-$i" --jobs 2 --backend cpu \
      --submitted-at "${times[i - 1]}" --policy "$work/before-due.yaml" > "$work/batch-$i.txt" ||
    fail "batch $i exited with $?"
done
batch_seconds=$(( $(date +%s) - start ))

# Each result records when its submission was made: the collection's time.
grep -q '"submitted_at": "2026-12-01T23:00:00-05:00"' "$work/batch-1/results/alice.json" || fail "batch 1's time in its result"
# The batch's own gradebook applies the policy to its one collection: carol is 4 days late, 3 beyond her late day.
carol_in_3=$(grep '^carol,' "$work/batch-3/gradebook.csv" | tr -d '\r')
[[ "$carol_in_3" == carol,,,70,100,*",graded,cpu,"*",2026-12-05T12:00:00-05:00,4,30,the only submission" ]] ||
  fail "carol's row in the third batch's gradebook: $carol_in_3"
grep -q "course policy .*before-due.yaml: vector-add is due 2026-12-01T23:59:00-05:00" "$work/batch-3/summary.txt" ||
  fail "the third batch's summary names the policy"
grep -q "4 days late: 30 points off" "$work/batch-3/summary.txt" || fail "the third batch's summary says carol's penalty"

gradebook() {  # gradebook POLICY: the three collections' gradebook under POLICY, in $work/<POLICY>.csv
  "$grader" gradebook --results "$work/batch-1" --results "$work/batch-2" --results "$work/batch-3" \
      --policy "$work/$1.yaml" --output "$work/$1.csv" > "$work/$1.txt" || fail "the gradebook under $1 exited with $?"
}
row() { grep "^$2," "$work/$1.csv" | tr -d '\r'; }
expect_row() {  # expect_row POLICY STUDENT SCORE TAIL
  local line
  line=$(row "$1" "$2")
  [[ "$line" == "$2,,,$3,100,"*",graded,cpu"*",$4" ]] || fail "$2's row under $1: $line (expected score $3 and ...,$4)"
}

gradebook before-due
head -n 1 "$work/before-due.csv" | tr -d '\r' | grep -q ',status,backend,device,seconds,submitted_at,days_late,penalty,counted$' ||
  fail "the policy's columns"
# On time wins over better and later, even within the late day.
expect_row before-due alice 0 "2026-12-01T23:00:00-05:00,0,0,1 of 2 submissions: the best before the due date"
expect_row before-due bob 100 "2026-12-01T23:00:00-05:00,0,0,1 of 2 submissions: the best before the due date"
expect_row before-due carol 70 "2026-12-05T12:00:00-05:00,4,30,the only submission"
grep -q "carol .* 70 / 100  graded .*the only submission; 4 days late: 30 points off" "$work/before-due.txt" ||
  fail "the summary says carol's penalty in words"

gradebook best
# alice's solution a day late costs nothing within the late day; bob's worse resubmission does not count.
expect_row best alice 100 "2026-12-02T12:00:00-05:00,1,0,2 of 2 submissions: the best"
expect_row best bob 100 "2026-12-01T23:00:00-05:00,0,0,1 of 2 submissions: the best"
expect_row best carol 70 "2026-12-05T12:00:00-05:00,4,30,the only submission"

gradebook last
# alice's solution in the third collection is the one she handed in a day late: one submission, made then
# (1 day late, no late day: 10 points off), never a third submission four days late. bob's last scores 0,
# and its penalty takes nothing below that.
expect_row last alice 90 "2026-12-02T12:00:00-05:00,1,10,2 of 2 submissions: the last"
expect_row last bob 0 "2026-12-02T12:00:00-05:00,1,0,2 of 2 submissions: the last"
expect_row last carol 60 "2026-12-05T12:00:00-05:00,4,40,the only submission"
# Gradescope's CSV carries the score after the penalty.
"$grader" gradebook --results "$work/batch-1" --results "$work/batch-2" --results "$work/batch-3" \
    --policy "$work/last.yaml" --format gradescope --output "$work/last-gradescope.csv" > /dev/null
grep -q '^carol,,,60' "$work/last-gradescope.csv" || fail "the Gradescope CSV's score after the penalty"

# Without a policy the gradebook is as it always was: no policy columns.
"$grader" gradebook --results "$work/batch-1" --results "$work/batch-2" --results "$work/batch-3" \
    --output "$work/no-policy.csv" > /dev/null
head -n 1 "$work/no-policy.csv" | tr -d '\r' | grep -q ',status,backend,device,seconds$' || fail "the gradebook without a policy"

# A result kept from an earlier run keeps its time, whatever this run's --submitted-at.
"$grader" batch vector-add --submissions "$work/hand-in-1" --out "$work/batch-1" --jobs 2 --backend cpu \
    --submitted-at 2026-12-09T00:00:00Z > "$work/again.txt" || fail "batch 1 run again exited with $?"
grep -q "0 graded now, 2 kept from an earlier run" "$work/again.txt" || fail "batch 1 run again graded again"
grep -q '"submitted_at": "2026-12-01T23:00:00-05:00"' "$work/batch-1/results/alice.json" || fail "a kept result's time"

# Mistakes are exit 2, named, before anything is graded or written.
printf 'assignments:\n  vector-add:\n    due: 2026-12-01T23:59:00\n' > "$work/no-offset.yaml"
set +e
out=$("$grader" gradebook --results "$work/batch-1" --policy "$work/no-offset.yaml" --output "$work/x.csv" 2>&1)
code=$?
set -e
[ "$code" -eq 2 ] || fail "a due date without an offset exited with $code"
[[ "$out" == *"no-offset.yaml:3:10: assignments.vector-add.due: '2026-12-01T23:59:00' has no UTC offset"* ]] ||
  fail "a due date without an offset: $out"
[ ! -e "$work/x.csv" ] || fail "a gradebook was written under a policy with a mistake"
set +e
out=$("$grader" batch vector-add --submissions "$work/hand-in-1" --out "$work/batch-x" --backend cpu \
          --submitted-at "2026-12-01 23:00" 2>&1)
code=$?
set -e
[ "$code" -eq 2 ] && [[ "$out" == *"--submitted-at '2026-12-01 23:00' has no UTC offset"* ]] ||
  fail "a --submitted-at without an offset: exit $code: $out"
[ ! -e "$work/batch-x/results" ] || fail "a batch with a bad --submitted-at made its folder"

echo "3 collections of a class of 3 (6 gradings) in ${batch_seconds} s; the policy's gradebooks as expected"
