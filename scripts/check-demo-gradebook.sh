#!/usr/bin/env bash
# Checks the gradebook of a batch over a class made by make-demo-class.sh: every student has a row and was
# graded; students holding the same file got the same score (a grading does not depend on the student, the
# order or the load); the solution has the best score; the starter, and every broken kernel whose metadata
# expects a failing group on this backend, score below it. Prints one line per kind of file.
#   scripts/check-demo-gradebook.sh CLASS_DIR BATCH_OUT_DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CLASS_DIR BATCH_OUT_DIR" >&2; exit 2; }
class=$1 out=$2
kit="$(cd "$(dirname "$0")/.." && pwd)"
book="$out/gradebook.csv"
[ -f "$book" ] || { echo "no gradebook at $book" >&2; exit 2; }

problems=0
problem() { echo "NOT AS EXPECTED: $*"; problems=$((problems + 1)); }

# The gradebook is CSV with quoted fields (a group's name may hold a comma): read it split at the unit
# separator (a tab would not do: read joins empty fields between whitespace separators).
csv_fields() {
  tr -d '\r' | awk '{
    out = ""; field = ""; quoted = 0
    for (i = 1; i <= length($0); ++i) {
      c = substr($0, i, 1)
      if (quoted) {
        if (c != "\"") field = field c
        else if (substr($0, i + 1, 1) == "\"") { field = field c; ++i }
        else quoted = 0
      } else if (c == "\"") quoted = 1
      else if (c == ",") { out = out field "\037"; field = "" }
      else field = field c
    }
    print out field
  }'
}
header=$(head -n 1 "$book" | csv_fields)
column() { echo "$header" | tr '\037' '\n' | grep -n -x "$1" | cut -d: -f1; }
c_student=$(column student) c_score=$(column score) c_status=$(column status) c_backend=$(column backend)

students=$(find "$class" -mindepth 1 -maxdepth 1 -type d | wc -l)
rows=$(( $(wc -l < "$book") - 1 ))
[ "$rows" -eq "$students" ] || problem "$rows rows for $students students"

declare -A score_of count_of
backend=""
while IFS=$'\037' read -r -a field; do
  student=${field[c_student - 1]} score=${field[c_score - 1]} status=${field[c_status - 1]}
  backend=${field[c_backend - 1]}
  [ "$status" = graded ] || problem "$student: status $status"
  origin=${student#student-???-}
  if [ -n "${score_of[$origin]+set}" ] && [ "${score_of[$origin]}" != "$score" ]; then
    problem "$student scored $score, others with the same file (${origin}) ${score_of[$origin]}"
  fi
  score_of[$origin]=$score
  count_of[$origin]=$(( ${count_of[$origin]:-0} + 1 ))
done < <(tail -n +2 "$book" | csv_fields)

best=${score_of[solution]:-}
[ -n "$best" ] || problem "no solution in the class"
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
for origin in $(printf '%s\n' "${!score_of[@]}" | sort); do
  score=${score_of[$origin]}
  expect="any score"
  if [ "$origin" = solution ]; then
    for other in "${!score_of[@]}"; do below "$best" "${score_of[$other]}" && problem "$other scored above the solution"; done
    expect="the best score"
  elif [ "$origin" = starter ]; then
    below "$score" "$best" || problem "the starter scored $score, not below the solution's $best"
    expect="below the solution"
  elif grep -q -E "^expect-fail(-$backend)?:" "$kit"/assignments/*/broken/"$origin.patch" 2>/dev/null; then
    below "$score" "$best" || problem "$origin scored $score, not below the solution's $best"
    expect="below the solution"
  fi
  printf '%-36s %3d students  score %-6s (%s)\n' "$origin" "${count_of[$origin]}" "$score" "$expect"
done
[ "$problems" -eq 0 ] || exit 1
echo "gradebook as expected: $rows students, backend $backend"
