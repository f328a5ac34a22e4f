// broken: matmul-tiled
// bug: includes the kit's own solution by a path relative to the assignment's include folder
// class: calling the reference instead of writing the kernel (catalogue 16)
// defence: sandbox: a compile sees the contract header and the kit's public headers, never solutions/
// expect-build-fail: No such file
// expect-zero: score

// -I<kit>/assignments/matmul-tiled is on the compiler's command line, so outside a sandbox this path
// reaches <kit>/solutions and the file grades as the reference.
#include "../../solutions/matmul-tiled/matmul_tiled.cu"
