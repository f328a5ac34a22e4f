#!/usr/bin/env bash
# A class made of the kit's own files, for trying `grader batch` and measuring it: COUNT student folders
# (one per student, as `grader batch --submissions` reads them) holding, in turn, the assignment's
# solution, its starter and each of its deliberately broken kernels (assignments/ASSIGNMENT/broken/*.patch,
# applied by kit-apply-patch: KIT_APPLY_PATCH, or the one in build/bin), round after round.
#   scripts/make-demo-class.sh ASSIGNMENT COUNT OUT_DIR
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 ASSIGNMENT COUNT OUT_DIR" >&2; exit 2; }
assignment=$1 count=$2 out=$3
kit="$(cd "$(dirname "$0")/.." && pwd)"
[ -d "$kit/solutions/$assignment" ] || { echo "no assignment '$assignment' with a solution in $kit" >&2; exit 2; }
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "COUNT must be a positive whole number, not '$count'" >&2; exit 2; }
[ ! -e "$out" ] || [ -z "$(ls -A "$out")" ] || { echo "$out exists and is not empty" >&2; exit 2; }
file=$(cd "$kit/solutions/$assignment" && ls *.cu | head -n 1)
apply_patch=${KIT_APPLY_PATCH:-$kit/build/bin/kit-apply-patch}
[ -x "$apply_patch" ] || { echo "no $apply_patch: build the kit first, or set KIT_APPLY_PATCH" >&2; exit 2; }

sources=("$kit/solutions/$assignment/$file" "$kit/starter/$assignment/$file")
while IFS= read -r broken; do sources+=("$broken"); done < <(ls "$kit/assignments/$assignment"/broken/*.patch 2>/dev/null | sort)

mkdir -p "$out"
for ((i = 0; i < count; ++i)); do
  source=${sources[i % ${#sources[@]}]}
  name=$(basename "$source" .patch)
  [ "$source" = "${sources[0]}" ] && name=solution
  [ "$source" = "${sources[1]}" ] && name=starter
  student=$(printf "student-%03d-%s" "$i" "$name")
  mkdir -p "$out/$student"
  if [[ $source == *.patch ]]; then "$apply_patch" "$source" "$out/$student"; else cp "$source" "$out/$student/$file"; fi
done
chmod -R a+rX "$out"
echo "$count students in $out (${#sources[@]} different files: solution, starter, $(( ${#sources[@]} - 2 )) broken kernels)"
