#!/usr/bin/env bash
# A technique finding about host code judged on the correctness runs never names a hidden test (its name
# holds its size): vector-add with every correctness group hidden, graded for Gradescope with a file that
# frees C only up to the technique check's own n = 1000, so that only the correctness runs show the leak,
# says "in a hidden correctness test", and no hidden test's name is in anything students see.
# Usage: hidden_host_code.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the course (docs/sandbox.md)
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }

course="$work/course"
mkdir -p "$course/assignments" "$course/starter" "$course/solutions" "$work/student"
cp -r "$kit/assignments/vector-add" "$course/assignments/"
cp -r "$kit/starter/vector-add" "$course/starter/"
cp -r "$kit/solutions/vector-add" "$course/solutions/"
rubric="$course/assignments/vector-add/rubric.yaml"
# Every group hidden: the only correctness runs a finding could name are hidden ones.
sed -i -e '/^    visibility: /d' -e '/^  - group: /a\    visibility: hidden' "$rubric"
[ "$(grep -c '^    visibility: hidden$' "$rubric")" = "$(grep -c '^  - group: ' "$rubric")" ] || fail "the rubric copy is not all hidden"
sed 's/^    CHECK(cudaFree(d_C));$/    if (n <= 1000) CHECK(cudaFree(d_C));/' "$kit/solutions/vector-add/vector_add.cu" > "$work/student/vector_add.cu"
grep -q "if (n <= 1000) CHECK(cudaFree(d_C));" "$work/student/vector_add.cu" || fail "the solution's cudaFree(d_C) line has changed: update this test"
chmod -R a+rX "$course" "$work/student"

"$grader" grade vector-add --kit "$course" --submission "$work/student" --backend cpu --format gradescope \
  --output "$work/results.json" > "$work/report.txt" 2>&1 || true
[ -s "$work/results.json" ] || { cat "$work/report.txt"; fail "no results.json"; }
python3 - "$work/results.json" <<'PY' || fail "what students see (above)"
import json, sys
r = json.load(open(sys.argv[1]))
hidden = [t["name"] for t in r["tests"] if t.get("visibility") == "hidden"]
shown = [t for t in r["tests"] if t.get("visibility", "visible") == "visible"]
text = r.get("output", "") + "".join(t.get("name", "") + t.get("output", "") for t in shown)
problems = []
frees = [t for t in shown if "freed" in t["name"]]
if not frees or "in a hidden correctness test" not in frees[0].get("output", ""):
    problems.append("the frees check does not say 'in a hidden correctness test': " + (frees[0].get("output", "") if frees else "no such test"))
for name in hidden:
    size = name.split(": ")[-1].split(" (")[0]  # "one element: n 1 (...)" -> "n 1"
    if size and size in text:
        problems.append(f"a hidden test's size '{size}' is in what students see")
print("\n".join(problems) or f"{len(hidden)} hidden tests, none named where students look")
sys.exit(1 if problems else 0)
PY
