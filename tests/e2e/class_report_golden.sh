#!/usr/bin/env bash
# The class report is made from the results alone, as the gradebook is: from a fixed batch folder (six
# sealed transpose results of a CPU batch, its key and its pseudonym salt) `grader report` gives exactly
# the committed report.json, and every student's score and status in it are those of their result, the
# one record the gradebook and the leaderboard are made from too.
# Regenerate the expected file after a deliberate change of the report:
#   build/bin/grader report tests/e2e/class-report/batch --no-similarity --out /tmp/r &&
#   cp /tmp/r/report.json tests/e2e/class-report/expected-report.json
# Usage: class_report_golden.sh GRADER
set -euo pipefail
grader=$1
data=$(cd "$(dirname "$0")/class-report" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }

# The batch folder is copied: the report writes its salt there if it had none, and the source tree stays
# as it is.
cp -r "$data/batch" "$work/batch"
"$grader" report "$work/batch" --no-similarity --out "$work/report" > /dev/null || fail "grader report failed"
diff -u "$data/expected-report.json" "$work/report/report.json" || fail "report.json differs from the expected (diff above)"

"$grader" report "$work/batch" --no-similarity --names --out "$work/named" > /dev/null || fail "grader report --names failed"
python3 - "$work/named/report.json" "$work/batch/results" <<'PY' || fail "the report and the results disagree (above)"
import glob, json, sys
report = {s["name"]: s for s in json.load(open(sys.argv[1]))["students"]}
results = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[2] + "/*.json"))]
problems = []
if len(results) != len(report):
    problems.append(f"{len(results)} results, {len(report)} students in the report")
for r in results:
    name = r["batch"]["people"][0]["name"]
    s = report.get(name)
    if s is None:
        problems.append(f"{name} has a result and is not in the report")
    elif s["score"] != r["score"] or s["max_score"] != r["max_score"] or s["status"] != r["batch"]["status"]:
        problems.append(f"{name}: result {r['score']}/{r['max_score']} {r['batch']['status']}, report {s['score']}/{s['max_score']} {s['status']}")
print("\n".join(problems) or f"{len(results)} students: the report's scores and statuses are their results'")
sys.exit(1 if problems else 0)
PY
