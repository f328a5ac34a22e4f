#!/usr/bin/env bash
# A course's own tree beside the kit (`--kit DIR`, docs/course-tree.md): an assignment of the course's, and
# its copy of a kit assignment with a title of its own, are listed with the kit's others; the course's
# assignment is checked (its starter by default), graded, given datasets and graded as a class in a batch;
# without --kit it is unknown. Usage: course_tree.sh GRADER KIT_SOURCE_DIR
set -euo pipefail
grader=$1
. "$(dirname "$0")/lib/row_copy_course.sh"
kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the course (docs/sandbox.md)
fail() { echo "NOT AS EXPECTED: $1"; exit 1; }
course="$work/course"
mkdir -p "$work/class/ada"

make_row_copy_course "$course"
sed 's/out\[r \* cols + c\] = in\[r \* cols + c\];/\/\/ TODO: copy the element/' \
  "$course/solutions/row-copy/row_copy.cu" > "$course/starter/row-copy/row_copy.cu"
cp "$course/solutions/row-copy/row_copy.cu" "$work/class/ada/"
cp -r "$kit/assignments/matmul-naive" "$course/assignments/"
sed -i 's/^title: .*/title: Matmul, as this course teaches it/' "$course/assignments/matmul-naive/rubric.yaml"
chmod -R a+rX "$course" "$work/class"

cd "$work"
"$grader" --kit "$course" list > list.txt
grep -q "^row-copy  *The course's row copy" list.txt || fail "the course's assignment is not listed"
grep -q "^matmul-naive  *Matmul, as this course teaches it" list.txt || fail "the course's copy is not the one listed"
grep -q "^transpose " list.txt || fail "the kit's assignments are not listed beside the course's"

set +e
"$grader" check row-copy --kit "$course" --backend cpu > check.txt 2>&1
checked=$?
set -e
[ "$checked" -eq 1 ] && grep -q "checking the starter, $course/starter/row-copy/row_copy.cu" check.txt || fail "the course's starter: exit $checked"

"$grader" grade row-copy --kit "$course" --submission "$course/solutions/row-copy" --backend cpu --format json \
  --output result.json > /dev/null
grep -q '"score": 10' result.json || fail "the course's solution did not earn 10"

"$grader" datasets row-copy --kit "$course" --out data > /dev/null
test -f data/row-copy/any-size/40x33/seed-1/idata.npy || fail "no datasets for the course's assignment"

"$grader" --kit "$course" batch row-copy --submissions class --out batch --backend cpu > /dev/null
grep -q "^ada,,,10,10," batch/gradebook.csv || fail "the batch did not grade ada: $(cat batch/gradebook.csv)"

set +e
"$grader" grade row-copy --submission "$course/solutions/row-copy" --backend cpu > /dev/null 2> unknown.txt
unknown=$?
set -e
[ "$unknown" -eq 2 ] && grep -q "unknown assignment 'row-copy'" unknown.txt || fail "row-copy known without --kit"
echo "the course's tree was listed, checked, graded, given datasets and batch-graded beside the kit"
