#!/usr/bin/env bash
# One file of a blind corpus (tests/corpora/<corpus>/: student files written from the handouts alone by
# someone who had not read the grader, and their MANIFEST.tsv), checked as a student would check it:
#   blind_corpus.sh GRADER CORPUS_DIR ASSIGNMENT FOLDER BACKEND
# A file with a bug must lose correctness or technique points; a correct one must pass every correctness
# and technique test the backend measures. A file in KNOWN-MISSES.tsv is a bug this backend cannot see
# (the reason is written there): it must still pass, so that catching it one day updates the list.
set -euo pipefail
grader="$1" corpus="$2" assignment="$3" folder="$4" backend="$5"
command -v jq >/dev/null || { echo "SKIP: needs jq"; exit 77; }
[ "$backend" != cuda ] || nvidia-smi -L >/dev/null 2>&1 || { echo "SKIP: no GPU"; exit 77; }
line=$(awk -F'\t' -v a="$assignment" -v f="$folder" '$1 == a && $2 == f' "$corpus/MANIFEST.tsv")
[ -n "$line" ] || { echo "FAIL: $assignment/$folder is not in $corpus/MANIFEST.tsv"; exit 1; }
bug_line=$(cut -f4 <<<"$line")
missed=""
[ -f "$corpus/KNOWN-MISSES.tsv" ] &&
  missed=$(awk -F'\t' -v a="$assignment" -v f="$folder" '$1 == a && $2 == f { print $3 }' "$corpus/KNOWN-MISSES.tsv")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A file with a bug needs one failing test: the check stops there (--first-failure), in the rubric's order.
stop=()
[ "$bug_line" != none ] && [ -z "$missed" ] && stop=(--first-failure)
status=0
"$grader" check "$assignment" --submission "$corpus/$assignment/$folder" --backend "$backend" "${stop[@]}" \
  --format json --output "$work/report.json" >"$work/report.txt" 2>&1 || status=$?
if [ "$status" -ge 2 ]; then
  cat "$work/report.txt"
  echo "FAIL: the grader exited $status"
  exit 1
fi
failed=$(jq -r '[.tests[] | select((.category == "correctness" or .category == "technique") and .status == "failed")
                 | "\(.group): \(.name): \(.message)"] | .[]' "$work/report.json")
echo "$(cut -f5 <<<"$line")"
if [ "$bug_line" = none ] || [ -n "$missed" ]; then
  if [ -n "$failed" ]; then
    echo "$failed"
    [ -n "$missed" ] && echo "FAIL: a known miss is caught now ($missed): take it out of KNOWN-MISSES.tsv" ||
      echo "FAIL: a correct file fails a correctness or technique test"
    exit 1
  fi
  echo "${missed:+known miss: $missed; }every correctness and technique test passes, as expected"
  exit 0
fi
if [ -z "$failed" ]; then
  cat "$work/report.txt"
  echo "FAIL: the bug at line $bug_line costs no correctness or technique point"
  exit 1
fi
echo "caught: $(head -1 <<<"$failed")"
