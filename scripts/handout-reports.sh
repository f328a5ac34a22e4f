#!/usr/bin/env bash
# Regenerates the real failure reports the handouts show. A handout marks each one with
#   <!-- report: assignments/ASSIGNMENT/broken/NAME.patch TEST NAME -->
#   ...
#   <!-- end report -->
# and everything between the two lines is replaced by what `grader check` prints for that test when it
# grades the broken kernel NAME.patch makes (build/bin/kit-apply-patch) on the CPU backend (the FAIL line
# and the lines under it, as `--verbose` shows them).
#   scripts/handout-reports.sh [--check] [BUILD_DIR]
# --check changes nothing and exits 1 when a handout's report differs from a fresh one.
set -uo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
build="${1:-build}"
grader="$build/bin/grader"
apply_patch="$build/bin/kit-apply-patch"
[ -x "$grader" ] && [ -x "$apply_patch" ] || { echo "no $grader or $apply_patch: build the kit first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stale=0

# The lines `grader check` prints for one test of a broken kernel, with the scratch folder's name removed.
report_of() {
  local patch=$1 test=$2 assignment student
  [[ $patch =~ ^assignments/([^/]+)/broken/[^/]+\.patch$ ]] ||
    { echo "$patch is not assignments/ASSIGNMENT/broken/NAME.patch" >&2; return 2; }
  assignment=${BASH_REMATCH[1]}
  student="$work/$(basename "$patch" .patch)"
  if [ ! -f "$student/report.txt" ]; then
    "$apply_patch" "$patch" "$student" || return 2
    # --verbose: every failing test with its details (by default a report folds all but the first); the
    # launch lines it adds are left out below.
    "$grader" check "$assignment" --submission "$student" --backend cpu --verbose > "$student/report.txt" 2>&1
  fi
  awk -v test="$test" '
    index($0, "    FAIL  " test " ") == 1 || $0 == "    FAIL  " test { found = 1; print; next }
    found && /^    [^ ]/ { exit }
    found && /^  [^ ]/ { exit }
    found && /^[^ ]/ { exit }
    found && /^          launch / { next }
    found { print }
  ' "$student/report.txt" | sed -E 's|/tmp/kit-grade-[A-Za-z0-9]+/submission/||g; s/[[:space:]]+$//'
}

for handout in assignments/*/README.md; do
  grep -q '^<!-- report: ' "$handout" || continue
  out="$work/$(basename "$(dirname "$handout")").md"
  : > "$out"
  skipping=0
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line =~ ^\<!--\ report:\ ([^ ]+)\ (.+)\ --\>$ ]]; then
      printf '%s\n' "$line" >> "$out"
      text=$(report_of "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}") || exit 2
      [ -n "$text" ] || { echo "$handout: ${BASH_REMATCH[1]} has no failing test '${BASH_REMATCH[2]}'" >&2; exit 2; }
      printf '```text\n%s\n```\n' "$text" >> "$out"
      skipping=1
    elif [ "$line" = '<!-- end report -->' ]; then
      printf '%s\n' "$line" >> "$out"
      skipping=0
    elif [ $skipping -eq 0 ]; then
      printf '%s\n' "$line" >> "$out"
    fi
  done < "$handout"
  if ! cmp -s "$out" "$handout"; then
    if [ $check -eq 1 ]; then
      echo "$handout: a failure report is out of date (run scripts/handout-reports.sh)"
      diff -u "$handout" "$out" | head -40
      stale=1
    else
      cp "$out" "$handout"
      echo "updated $handout"
    fi
  fi
done
exit $stale
