#!/usr/bin/env bash
# An installed kit is relocatable: `cmake --install` into a prefix, the prefix moved elsewhere, and the
# moved grader checks the naive matmul solution on the CPU backend with KIT_ROOT unset, from another
# folder, and (where bubblewrap can hide a folder) with the source and build trees out of sight.
# Usage: installed_kit.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the kit (docs/sandbox.md)

cmake --install "$build" --prefix "$work/installed" > "$work/install.log"
mv "$work/installed" "$work/moved"
kit="$work/moved/share/cuda-memory-kit"
for piece in bin/grader share/cuda-memory-kit/assignments/matmul-naive/rubric.yaml \
             share/cuda-memory-kit/grader/include/kit/harness.h; do
  test -e "$work/moved/$piece" || { echo "NOT INSTALLED: $piece"; exit 1; }
done
test ! -e "$kit/assignments/problems" || { echo "the problems' sources were installed"; exit 1; }

# Out of sight: the source tree, and the build tree when it lies elsewhere.
hide=(--tmpfs "$(realpath "$source")")
case "$(realpath "$build")/" in "$(realpath "$source")"/*) ;; *) hide+=(--tmpfs "$(realpath "$build")") ;; esac
run=(env -u KIT_ROOT)
if bwrap --dev-bind / / "${hide[@]}" -- true 2> /dev/null; then
  run=(bwrap --dev-bind / / "${hide[@]}" --chdir "$work" -- env -u KIT_ROOT)
else
  echo "(bubblewrap cannot hide a folder here: the source tree stays visible, KIT_ROOT is unset)"
fi
cd "$work"
"${run[@]}" "$work/moved/bin/grader" check matmul-naive --submission "$kit/solutions/matmul-naive" --backend cpu \
  > "$work/check.txt" || { echo "the moved grader's check failed"; cat "$work/check.txt"; exit 1; }
grep -Eq "^total +60 / +60" "$work/check.txt" || { echo "not full marks"; cat "$work/check.txt"; exit 1; }
set +e
"${run[@]}" "$work/moved/bin/grader" list > "$work/list.txt"
listed=$?
set -e
test "$listed" -eq 0 && grep -q "^matmul-naive" "$work/list.txt" || { echo "list failed"; cat "$work/list.txt"; exit 1; }
echo "the moved kit graded the solution: $(grep -E '^total' "$work/check.txt")"
