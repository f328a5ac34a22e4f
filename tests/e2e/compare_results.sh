#!/usr/bin/env bash
# scripts/compare-results.sh on two small results folders: a test name repeated in two groups is compared
# within its group, a status that differs is reported and fails the comparison, points inside the
# tolerance do not, and a student in one folder only is a difference.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v jq >/dev/null || { echo "SKIP: needs jq"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/a" "$work/b"
result() {  # file, score, then one "group|name|status|score" per test
  local file="$1" score="$2"; shift 2
  local tests=""
  for t in "$@"; do
    IFS='|' read -r g n s p <<<"$t"
    tests+="${tests:+,}{\"category\":\"correctness\",\"group\":\"$g\",\"name\":\"$n\",\"status\":\"$s\",\"score\":$p}"
  done
  echo "{\"score\":$score,\"tests\":[$tests]}" >"$file"
}
fail() { echo "FAIL: $*"; exit 1; }

# The same grades, listed in another order, with "Width 16" in two groups worth different points.
result "$work/a/s1.json" 5 "small|Width 16|passed|1.5" "large|Width 16|passed|3.5"
result "$work/b/s1.json" 5 "large|Width 16|passed|3.5" "small|Width 16|passed|1.6"
out="$("$root/scripts/compare-results.sh" "$work/a" "$work/b")" || fail "equal grades compared as different: $out"
! grep -q "differ" <<<"$out" || fail "a name repeated in two groups was paired across groups: $out"

# A status that differs in one group only.
result "$work/b/s1.json" 3.5 "large|Width 16|passed|3.5" "small|Width 16|failed|0"
status=0
out="$("$root/scripts/compare-results.sh" "$work/a" "$work/b")" || status=$?
[ "$status" -eq 1 ] || fail "a differing status exits $status, not 1"
grep -qF "status differs: correctness / small / Width 16: passed (1.5) against failed (0)" <<<"$out" || fail "$out"
! grep -q "large" <<<"$out" || fail "the group that agrees is reported: $out"

# A student graded on one side only.
result "$work/b/s1.json" 5 "small|Width 16|passed|1.5" "large|Width 16|passed|3.5"
result "$work/b/s2.json" 0
status=0
out="$("$root/scripts/compare-results.sh" "$work/a" "$work/b")" || status=$?
[ "$status" -eq 1 ] && grep -qF "s2: only in $work/b" <<<"$out" || fail "a missing student: $out"
echo "compare-results as expected"
