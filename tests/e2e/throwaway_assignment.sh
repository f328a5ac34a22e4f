#!/usr/bin/env bash
# Adding an assignment touches only its own folders: a throwaway assignment, written into an otherwise
# empty kit folder, is listed, checked, graded and given datasets by the grader as built, with no list
# edited anywhere. Usage: throwaway_assignment.sh GRADER
set -euo pipefail
grader=$1
kit=$(mktemp -d)
trap 'rm -rf "$kit"' EXIT
chmod 711 "$kit"  # a root grader's sandbox runs as uid 65534, which must reach the kit (docs/sandbox.md)
mkdir -p "$kit/assignments/row-copy" "$kit/solutions/row-copy" "$kit/broken"

cat > "$kit/assignments/row-copy/row_copy.h" <<'H'
// out = in for a rows x cols float matrix, one block per row: the copy problem's arrays.
void row_copy(float* d_out, const float* d_in, int rows, int cols);
H
cat > "$kit/assignments/row-copy/harness.cpp" <<'H'
#include "kit/harness.h"
#include "row_copy.h"

namespace {
void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  row_copy(a.out<float>(0), a.in<float>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}
}  // namespace

const kit::Harness kit_harness = {"row-copy", {{"row_copy", call}}};
H
# The broken file mirrors each row instead of copying it.
cat > "$kit/assignments/row-copy/rubric.yaml" <<'H'
assignment: row-copy
title: A throwaway assignment on the copy problem
problem: copy
student_files: [row_copy.cu]
tolerance: {policy: exact}
correctness:
  - group: any size
    points: 10
    sizes: [1x1, 3x5, 40x33]
H
cat > "$kit/solutions/row-copy/row_copy.cu" <<'H'
#include "row_copy.h"

__global__ void copyRows(float* out, const float* in, int rows, int cols)
{
    int r = blockIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < cols) out[r * cols + c] = in[r * cols + c];
}

void row_copy(float* d_out, const float* d_in, int rows, int cols)
{
    copyRows<<<dim3((cols + 31) / 32, rows), 32>>>(d_out, d_in, rows, cols);
}
H
sed 's/if (c < cols) out\[r \* cols + c\]/if (c < cols) out[r * cols + cols - 1 - c]/' \
  "$kit/solutions/row-copy/row_copy.cu" > "$kit/broken/row_copy.cu"

export KIT_ROOT="$kit"
"$grader" list | grep -q "row-copy" || { echo "not listed"; exit 1; }
"$grader" check row-copy --submission "$kit/solutions/row-copy" --backend cpu
if "$grader" check row-copy --submission "$kit/broken" --backend cpu > "$kit/broken.txt"; then
  echo "the broken file passed"; cat "$kit/broken.txt"; exit 1
fi
grep -q "elements wrong" "$kit/broken.txt" || { echo "no failure message"; cat "$kit/broken.txt"; exit 1; }
"$grader" datasets row-copy --out "$kit/data"
test -f "$kit/data/row-copy/any-size/40x33/seed-1/idata.npy"
echo "a throwaway assignment was graded without touching the kit"
