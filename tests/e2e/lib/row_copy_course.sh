# A course tree's assignment of its own, for the tests that grade from a course tree (--kit):
# row-copy, a copy of a rows x cols matrix: its header, harness, rubric and solution.
#   make_row_copy_course COURSE   writes COURSE/assignments/row-copy and COURSE/solutions/row-copy
make_row_copy_course() {
  local course="$1"
  mkdir -p "$course/assignments/row-copy" "$course/solutions/row-copy" "$course/starter/row-copy"
  cat > "$course/assignments/row-copy/row_copy.h" <<'H'
// out = in for a rows x cols float matrix, one block per row: the copy problem's arrays.
void row_copy(float* d_out, const float* d_in, int rows, int cols);
H
  cat > "$course/assignments/row-copy/harness.cpp" <<'H'
#include "kit/harness.h"
#include "row_copy.h"

namespace {
void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  row_copy(a.out<float>(0), a.in<float>(0), static_cast<int>(d[0]), static_cast<int>(d[1]));
}
}  // namespace

const kit::Harness kit_harness = {"row-copy", {{"row_copy", call}}};
H
  cat > "$course/assignments/row-copy/rubric.yaml" <<'H'
assignment: row-copy
title: The course's row copy
problem: copy
student_files: [row_copy.cu]
seed: 271828
tolerance: {policy: exact}
correctness:
  - group: any size
    points: 10
    sizes: [1x1, 3x5, 40x33]
H
  cat > "$course/solutions/row-copy/row_copy.cu" <<'H'
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
}
