#!/usr/bin/env bash
# Two gradings of the same students, test by test: the results folders of two batches (or any two folders
# of result JSON named <student>.json), say one at --jobs 3 and one at --jobs 1. Prints one line per student
# with both scores, then every test whose status differs, and every test whose points differ by more than
# TOLERANCE (default 0.5). Performance points move a little from run to run; a status never should.
# Exit 0 when no status differs and every student is in both, 1 otherwise, 2 on bad input.
#   scripts/compare-results.sh A_RESULTS B_RESULTS [TOLERANCE]
set -euo pipefail
export LC_ALL=C  # sort and join must agree on the order of names
command -v jq >/dev/null || { echo "compare-results: needs jq (apt-get install jq)" >&2; exit 2; }
[ $# -ge 2 ] && [ -d "$1" ] && [ -d "$2" ] || { echo "usage: compare-results.sh A_RESULTS B_RESULTS [TOLERANCE]" >&2; exit 2; }
a=$1 b=$2 tolerance=${3:-0.5}

# One line per test: its key <TAB> status <TAB> score. A test's name alone is not unique ("Width 16" is in
# several groups), so the key is category / group / name.
tests_of() {
  jq -r '.tests // [] | .[] | [([.category, .group, .name] | map(select(. != null and . != "")) | join(" / ")),
                               .status, (.score // 0)] | @tsv' "$1"
}

differences=0
for fa in "$a"/*.json; do
  student=$(basename "$fa" .json)
  fb="$b/$student.json"
  if [ ! -f "$fb" ]; then
    echo "$student: only in $a"; differences=$((differences + 1)); continue
  fi
  printf '%-44s %8s %8s\n' "$student" "$(jq -r '.score' "$fa")" "$(jq -r '.score' "$fb")"
  # The two reports' tests side by side, joined on the test's name.
  while IFS=$'\t' read -r name status_a score_a status_b score_b; do
    if [ "$status_a" != "$status_b" ]; then
      echo "    status differs: $name: $status_a ($score_a) against $status_b ($score_b)"
      differences=$((differences + 1))
    elif awk -v x="$score_a" -v y="$score_b" -v t="$tolerance" 'BEGIN { d = x - y; exit !(d > t || -d > t) }'; then
      echo "    points differ: $name: $score_a against $score_b"
    fi
  done < <(join -t $'\t' -a 1 -a 2 -e missing -o 0,1.2,1.3,2.2,2.3 \
             <(tests_of "$fa" | sort -t $'\t' -k 1,1) <(tests_of "$fb" | sort -t $'\t' -k 1,1))
done
for fb in "$b"/*.json; do
  [ -f "$a/$(basename "$fb")" ] || { echo "$(basename "$fb" .json): only in $b"; differences=$((differences + 1)); }
done
[ "$differences" -eq 0 ] && { echo "compare-results: the same statuses for every student and test"; exit 0; }
echo "compare-results: $differences differences"
exit 1
