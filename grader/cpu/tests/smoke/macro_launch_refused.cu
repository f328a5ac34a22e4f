// A launch split between a #define and its use: the macro holds the kernel and the configuration, the
// arguments come where it is used. The backend cannot rewrite that soundly and must say so.
__global__ void fill(int* values) { values[threadIdx.x] = 1; }

#define FILL_ONE_BLOCK fill<<<1, 32>>>

void run(int* values) { FILL_ONE_BLOCK(values); }
