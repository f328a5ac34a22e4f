#!/usr/bin/env bash
# Adding a check category is one file and one row of the check table: the grader built with a throwaway
# check (throwaway_check.cpp, nothing else changed) grades it on every submission, counts its point in the
# total, shows it in every report format, and lists it as not run when the gate stops a file.
# Usage: throwaway_check.sh GRADER GRADER_WITH_THE_CHECK KIT_SOURCE_DIR
set -euo pipefail
grader=$1
with_check=$2
src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the submissions (docs/sandbox.md)
fail() { echo "throwaway check: $*" >&2; exit 1; }

solution="$src/solutions/vector-add"
"$grader" grade vector-add --submission "$solution" --backend cpu --format json --output "$work/plain.json" > /dev/null
"$with_check" grade vector-add --submission "$solution" --backend cpu --format json --output "$work/with.json" \
  > "$work/with.txt"
"$with_check" grade vector-add --submission "$solution" --backend cpu --format junit --output "$work/with.xml" > /dev/null
"$with_check" grade vector-add --submission "$solution" --backend cpu --format gradescope \
  --output "$work/with-gradescope.json" > /dev/null

python3 - "$work/plain.json" "$work/with.json" <<'PY' || fail "graded or scored wrong"
import json, sys
plain, with_check = (json.load(open(p)) for p in sys.argv[1:])
layout = [t for t in with_check["tests"] if t["category"] == "layout"]
assert [(t["name"], t["status"], t["score"]) for t in layout] == [("ends its last line", "passed", 1)], layout
assert with_check["tests"][-1]["category"] == "layout", "the table's new row runs last"
assert with_check["score"] == plain["score"] + 1 and with_check["max_score"] == plain["max_score"] + 1
verdicts = lambda tests: [(t["category"], t["name"], t["status"], t["score"]) for t in tests if t["category"] != "layout"]
assert verdicts(with_check["tests"]) == verdicts(plain["tests"]), "the other checks' verdicts changed"
PY
grep -Eq "^layout +1 / +1$" "$work/with.txt" || { cat "$work/with.txt"; fail "no layout section in the text report"; }
grep -q '<testsuite name="vector-add.layout" tests="1"' "$work/with.xml" || fail "no layout suite in JUnit"
python3 -c 'import json,sys; t=[t for t in json.load(open(sys.argv[1]))["tests"] if "layout" in t["tags"]]
assert len(t) == 1 and t[0]["score"] == 1, t' "$work/with-gradescope.json" || fail "not in the Gradescope results"

# The gate stops a file that does not compile: the new check's test is listed, not run, worth its point.
mkdir "$work/broken"
sed 's/^}/}}/' "$solution/vector_add.cu" > "$work/broken/vector_add.cu"
chmod -R a+rX "$work/broken"
"$with_check" grade vector-add --submission "$work/broken" --backend cpu --format json --output "$work/broken.json" \
  > /dev/null
python3 - "$work/broken.json" <<'PY' || fail "not listed as not run when the build failed"
import json, sys
r = json.load(open(sys.argv[1]))
layout = [t for t in r["tests"] if t["category"] == "layout"]
assert len(layout) == 1 and layout[0]["status"] == "failed" and layout[0]["message"].startswith("not run: "), layout
assert layout[0]["max_score"] == 1 and r["score"] == 0
PY
echo "throwaway check: graded, scored and reported"
