#!/usr/bin/env bash
# How every kernel of the memory-bound assignments touches memory, as `grader access` measures it: the
# kit's solutions, the slow kernel the coalescing assignment starts from, and the broken kernels. Run it
# once with --backend cpu and once with --backend cuda (Nsight Compute) to set the two side by side.
#   scripts/access-table.sh cpu|cuda [GRADER]
set -uo pipefail
cd "$(dirname "$0")/.."
backend=$1
grader=${2:-build/bin/grader}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# assignment  file (or a broken kernel's patch)  function  size
runs=(
  "transpose solutions/transpose/transpose.cu copy_matrix 256x256"
  "transpose solutions/transpose/transpose.cu transpose_naive 256x256"
  "transpose solutions/transpose/transpose.cu transpose_coalesced 256x256"
  "transpose solutions/transpose/transpose.cu transpose_no_bank_conflicts 256x256"
  "transpose assignments/transpose/broken/transpose_no_padding.patch transpose_no_bank_conflicts 256x256"
  "transpose assignments/transpose/broken/transpose_naive_as_coalesced.patch transpose_coalesced 256x256"
  "transpose assignments/transpose/broken/transpose_tile_not_swapped.patch transpose_coalesced 256x256"
  "transpose assignments/transpose/broken/transpose_block_rows_literal.patch transpose_no_bank_conflicts 256x256"
  "transpose assignments/transpose/broken/transpose_copied_not_transposed.patch transpose_naive 256x256"
  "coalescing solutions/coalescing/coalescing.cu matmul_coalesced 256"
  "coalescing assignments/coalescing/baselines/matmul_uncoalesced.cu matmul_coalesced 256"
  "coalescing assignments/coalescing/broken/coalescing_mapping_still_swapped.patch matmul_coalesced 256"
)
for run in "${runs[@]}"; do
  read -r assignment file function size <<<"$run"
  folder="$work/$(basename "${file%.*}")"
  mkdir -p "$folder"
  if [[ $file == *.patch ]]; then "$(dirname "$grader")/kit-apply-patch" "$file" "$folder" || exit 2
  else cp "$file" "$folder/$(echo "$assignment" | tr - _).cu"; fi
  echo "== $file: $function at $size"
  "$grader" access "$assignment" --submission "$folder" --function "$function" --size "$size" --backend "$backend" |
    tail -n +2
done
