#!/usr/bin/env bash
# `grader report` on a class graded through `grader batch` (CPU backend): the kit's transpose solution
# and starter, broken kernels whose diagnoses are known (two students share each of two), two students
# who wrote their own transposes, and one student who handed in a disguised copy of one of them. The
# report must count each diagnosis for exactly the students holding that bug, rank them by points lost,
# point at the handout, find the copy and nothing else, keep names out unless asked for them, and render
# in a browser as a page that is drawn and logs nothing to the console.
# Usage: class_report.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
kit=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the files (docs/sandbox.md)

fail() { echo "NOT AS EXPECTED: $1"; exit 1; }

class="$work/class"
patch() { mkdir -p "$class/$1"; "$(dirname "$grader")/kit-apply-patch" "$kit/assignments/transpose/broken/$2.patch" "$class/$1"; }
own() { mkdir -p "$class/$1"; cp "$here/class-report/$2/transpose.cu" "$class/$1/"; }
mkdir -p "$class/Quinn-solution" "$class/Rhea-starter"
cp "$kit/solutions/transpose/transpose.cu" "$class/Quinn-solution/"
cp "$kit/starter/transpose/transpose.cu" "$class/Rhea-starter/"
patch Alma-barrier transpose_missing_barrier
patch Boris-barrier transpose_missing_barrier
patch Cleo-edges transpose_unguarded_edges
patch Dmitri-edges transpose_unguarded_edges
patch Elif-copied transpose_copied_not_transposed
patch Femi-grid transpose_grid_floor
own Gita-own original
own Hugo-copy copy
own Ines-own independent
chmod -R a+rX "$class"

out="$work/out"
"$grader" batch transpose --submissions "$class" --out "$out" --jobs 2 --backend cpu > "$work/batch.txt" 2>&1 ||
  { cat "$work/batch.txt"; fail "the batch failed"; }
"$grader" report "$out" > "$work/report.txt" 2>&1 || { cat "$work/report.txt"; fail "grader report failed"; }
cat "$work/report.txt"
"$grader" report "$out" --names --out "$work/named" > /dev/null 2>&1 || fail "grader report --names failed"
report="$out/report"
[ -s "$report/report.html" ] && [ -s "$report/report.json" ] || fail "report.html and report.json were not both written"

python3 - "$report/report.json" "$work/named/report.json" <<'PY' || fail "the report's facts (above)"
import json, sys
report, named = (json.load(open(p)) for p in sys.argv[1:3])
problems = []
def expect(what, got, wanted):
    if got != wanted:
        problems.append(f"{what}: {got!r}, expected {wanted!r}")

expect("students", report["counts"]["students"], 11)
expect("graded", report["counts"]["graded"], 11)
def students(category, cause_part=""):
    return sum(m["students"] for m in report["misconceptions"] if m["category"] == category and cause_part in m["cause"])
# Which kernels carry which bug is known: two students each for the barrier and the edges, one each for
# the copy that does not transpose and the grid that rounds down. The students' own transposes are right.
expect("students missing the barrier", students("missing-barrier"), 2)
expect("students reading past the edge", students("out-of-bounds-read"), 2)
expect("students writing past the edge", students("out-of-bounds-write"), 2)
expect("students whose copy does not transpose", students("wrong-answer", "copied, not transposed"), 1)
expect("students whose launch is refused", students("invalid-launch"), 1)
lost = [m["points_lost"] for m in report["misconceptions"]]
expect("misconceptions ranked by points lost", lost, sorted(lost, reverse=True))
barrier = [m for m in report["misconceptions"] if m["category"] == "missing-barrier"]
expect("the handout section of the missing barrier", barrier[0]["handout_section"] if barrier else None,
       "The barrier between loading and reading the tile")
# The copy is found, and nothing else: the broken kernels are the reference with one bug each, and the
# reference is given code, as the starter is.
pairs = [sorted((p["a"], p["b"])) for p in named["similarity"]["pairs"]]
expect("pairs that look copied", pairs, [["Gita-own", "Hugo-copy"]])
expect("pairs under pseudonyms", len(report["similarity"]["pairs"]), 1)
for m in report["misconceptions"]:
    print(f'{m["students"]:3d} students {m["points_lost"]:7.2f} points lost  {m["category"]}  {m["cause"][:60]}')
print("pairs that look copied:", pairs)
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
PY
for name in Quinn Rhea Alma Boris Cleo Dmitri Elif Femi Gita Hugo Ines; do
  ! grep -q "$name" "$report/report.html" "$report/report.json" || fail "$name is named in the report made without --names"
done
grep -q "Gita-own" "$work/named/report.html" || fail "--names does not show the students' names"

browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
  echo "SKIPPED the browser's view: no chromium-headless-shell or chromium here (scripts/install-deps.sh --tests)"
  exit 77
fi
# A headless browser draws the page as a reader sees it, and logs what its console would show: the page
# has no script, so any console line is a resource it failed to load or a page it could not parse.
"$browser" --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0 --window-size=1200,2000 \
  --screenshot="$work/report.png" "file://$report/report.html" > "$work/browser.txt" 2>&1 ||
  { cat "$work/browser.txt"; fail "the browser could not render the report"; }
! grep -E "CONSOLE|Uncaught" "$work/browser.txt" || fail "the page logged to the browser's console (above)"
python3 "$here/lib/png_is_drawn.py" "$work/report.png" 0.05 || fail "the browser drew the page (nearly) blank"
echo "the class report counts each bug for its students, finds the one copy, and renders"
