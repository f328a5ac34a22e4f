// broken: matmul-tiled
// bug: reaches the solution through the kit's public header folder (-I<kit>/grader/include, then ../..)
// class: calling the reference instead of writing the kernel (catalogue 16)
// defence: sandbox: only grader/include itself is bound, not its parents' other folders
// expect-build-fail: No such file
// expect-zero: score

#include "kit/../../../solutions/matmul-tiled/matmul_tiled.cu"
