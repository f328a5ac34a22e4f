#!/usr/bin/env bash
# scripts/parity-table.sh on two small sets of kept reports: a group both backends fail is one row with
# both counts, a group only one backend fails is marked ≠, a kernel graded on one backend only shows "—".
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v jq >/dev/null || { echo "SKIP: needs jq"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cpu" "$work/cuda"
report() {  # file, then one "group|status|category" per test
  local file="$1"; shift
  local tests=""
  for t in "$@"; do
    IFS='|' read -r g s c <<<"$t"
    tests+="${tests:+,}{\"category\":\"correctness\",\"group\":\"$g\",\"status\":\"$s\",\"diagnosis\":{\"category\":\"$c\"}}"
  done
  echo "{\"report\":{\"tests\":[$tests,{\"category\":\"technique\",\"group\":\"technique\",\"status\":\"failed\"}]}}" >"$file"
}
report "$work/cpu/e2e.broken.cpu.k1.json" "edges|failed|out-of-bounds-read" "edges|passed|" "whole|passed|" "racy|failed|missing-barrier"
report "$work/cuda/e2e.broken.cuda.k1.json" "edges|failed|wrong-answer" "edges|failed|wrong-answer" "whole|passed|" "racy|passed|"
report "$work/cpu/e2e.broken.cpu.k2.json" "whole|failed|crash"
table="$("$root/scripts/parity-table.sh" "$work/cpu" "$work/cuda")"
echo "$table"
fail() { echo "FAIL: $*"; exit 1; }
grep -qF "| k1 | edges | fail 1/2 (out-of-bounds-read) | fail 2/2 (wrong-answer) |  |" <<<"$table" || fail "a group both fail"
grep -qF "| k1 | whole | pass | pass |  |" <<<"$table" || fail "a group both pass"
grep -qF "| k1 | racy | fail 1/1 (missing-barrier) | pass | ≠ |" <<<"$table" || fail "a group that differs is marked"
grep -qF "| k2 | whole | fail 1/1 (crash) | — |  |" <<<"$table" || fail "a kernel of one backend"
! grep -q "technique" <<<"$table" || fail "only correctness groups"
echo "parity table as expected"
