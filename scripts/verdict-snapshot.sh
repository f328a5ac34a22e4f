#!/usr/bin/env bash
# The verdicts of the whole corpus on the CPU backend, as one folder of normalised JSON: a change that
# should not change behaviour (a refactoring) leaves it the same, byte for byte.
#
#   scripts/verdict-snapshot.sh OUT_DIR                  the CPU backend: grade, then write OUT_DIR/<test>.json
#   scripts/verdict-snapshot.sh --cuda BUILD OUT_DIR     the same on a GPU, with the kit built in BUILD
#   scripts/verdict-snapshot.sh --compare A B            list the tests whose verdicts differ (exit 1 if any)
#
# Graded on the CPU backend: every solution and starter with `grader grade` (the full rubric, the default
# seed), every broken kernel and every adversarial case through its CTest test (the checkers keep the report
# when KIT_VERDICT_SNAPSHOT names a folder). On a GPU: the solutions and starters with `grader check` and the
# broken kernels, without the performance tests, whose figures no two runs share (the adversarial corpus on a
# GPU takes longer than one sitting). Removed before comparing: times, the stages, the runner starts, the
# clocks, and the grading's temporary folders inside messages. Needs jq and a built kit (build/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v jq >/dev/null || { echo "verdict-snapshot: needs jq (apt-get install jq)" >&2; exit 2; }

# What does not belong to a verdict: how long things took and where the grading's scratch lived.
normalise='
  def scrub: if type == "string" then gsub("/tmp/kit-[A-Za-z0-9._-]+"; "<tmp>") | gsub("/tmp/[A-Za-z0-9._-]*kit[A-Za-z0-9._-]*"; "<tmp>") else . end;
  del(.report.stages?, .report.execution_time_s?, .report.clocks?, .report.timestamp?, .report.started?, .report.seconds?)
  | if (.report | type) == "object" and (.report.tests | type) == "array" then
      .report.tests |= map(del(.seconds?, .metrics.seconds?, .metrics.runner_starts?))
    else . end
  | walk(scrub)'

if [ "${1:-}" = "--compare" ]; then
  [ $# -eq 3 ] || { echo "usage: verdict-snapshot.sh --compare BEFORE AFTER" >&2; exit 2; }
  diffs="$(for f in "$2"/*.json "$3"/*.json; do
    name="$(basename "$f")"
    if [ ! -f "$2/$name" ] || [ ! -f "$3/$name" ]; then echo "only in one: $name"
    elif ! cmp -s "$2/$name" "$3/$name"; then echo "differs: $name"; fi
  done | sort -u)"
  [ -z "$diffs" ] && { echo "verdict-snapshot: the same verdicts"; exit 0; }
  echo "$diffs"
  exit 1
fi

backend=cpu command=grade build="$root/build" tests='^(e2e\.broken|adversarial)\.cpu\.'
if [ "${1:-}" = "--cuda" ] && [ $# -eq 3 ]; then
  backend=cuda command=check build="$(cd "$2" && pwd)" tests='^e2e\.broken\.cuda\.'
  shift 2
  # Performance figures differ from run to run, and so do the clocks a GPU report names.
  normalise="$normalise"' | del(.report.device?, .report.leaderboard?)
    | if (.report | type) == "object" and (.report.tests | type) == "array" then
        .report.tests |= map(select(.category != "performance")) else . end'
fi
[ $# -eq 1 ] || { echo "usage: verdict-snapshot.sh [--cuda BUILD] OUT_DIR | --compare BEFORE AFTER" >&2; exit 2; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
# The reports as the checkers kept them, until they are normalised: a run cut short still leaves them.
raw="$out/raw"
rm -rf "$raw" && mkdir -p "$raw"
grader="$build/bin/grader"
[ -x "$grader" ] || { echo "verdict-snapshot: build the kit first (scripts/build.sh)" >&2; exit 2; }

for rubric in "$root"/assignments/*/rubric.yaml; do
  a="$(basename "$(dirname "$rubric")")"
  for kind in solutions starter; do
    set +e
    "$grader" "$command" "$a" --submission "$root/$kind/$a" --backend "$backend" --format json \
      --output "$raw/report.json" >/dev/null 2>&1
    code=$?
    set -e
    report="null"; [ -f "$raw/report.json" ] && report="$(cat "$raw/report.json")"
    jq -n --arg t "$command.$kind.$a" --argjson c "$code" --argjson r "$report" '{test: $t, exit_code: $c, report: $r}' \
      >"$raw/grade.$kind.$a.json"
    rm -f "$raw/report.json"
  done
done

KIT_VERDICT_SNAPSHOT="$raw" ctest --test-dir "$build" -R "$tests" -j "$(nproc)" >"$out/ctest.log" 2>&1 || true
for f in "$raw"/*.json; do
  jq -S "$normalise" "$f" >"$out/$(basename "$f")"
done
rm -rf "$raw"
echo "verdict-snapshot: $(ls "$out"/*.json | wc -l) verdicts in $out"
