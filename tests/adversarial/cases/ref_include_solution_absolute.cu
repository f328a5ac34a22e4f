// broken: matmul-tiled
// bug: includes the kit's own solution by its absolute path on the grading machine
// class: calling the reference instead of writing the kernel (catalogue 16)
// defence: sandbox: the kit tree is not in the compile's view
// expect-build-fail: No such file
// expect-zero: score

// The checker writes the kit's real root in place of @KIT_ROOT@: a student who knows where the grader
// lives (/autograder/source, say) can name it.
#include "@KIT_ROOT@/solutions/matmul-tiled/matmul_tiled.cu"
