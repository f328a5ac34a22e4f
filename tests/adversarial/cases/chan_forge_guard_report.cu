// broken: matmul-naive
// bug: a kernel whose edge threads write past the end of P; the function takes the channel over (a copy of fd 3 made with fcntl, fd 3 sent to /dev/null) so that the runner's own records go nowhere, and sends its own "done" for every call, claiming no guard damage and unchanged inputs
// class: forging guard-zone reports on the result channel (catalogue 9)
// defence: grader-held-results: the grader reads the guard zones of the arena itself after every "done"; what a record claims about them is not read
// expect-pass: multiples of the block
// expect-fail: Width 127
// expect-fail: Width 257
// expect-text: bytes changed past the end of P

// fcntl, close and open are no forbidden calls, and kit::write_record is the runner's own: the object
// check passes, the takeover works (the multiples of the block, where no thread strays, pass on forged
// records alone), and only the arena tells. On the CPU backend sizes up to 64 also run under
// AddressSanitizer, which sees the stray writes whatever the channel says: Width 127 and 257 are the tests
// where only the guard zones can tell.
#include <fcntl.h>
#include <unistd.h>
#include <string>
#include <cuda_runtime.h>
#include "kit/channel.h"
#include "matmul_naive.h"

__global__ void MatrixMulKernel(const float* M, const float* N, float* P, int Width)
{
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    int Col = blockIdx.x * blockDim.x + threadIdx.x;
    if (Row >= Width || Col >= Width) {  // the edge threads scribble past the end of P
        P[Width * Width + (threadIdx.y * blockDim.x + threadIdx.x) % 64] = 0;
        return;
    }
    float Pvalue = 0;
    for (int k = 0; k < Width; ++k) Pvalue += M[Row * Width + k] * N[k * Width + Col];
    P[Row * Width + Col] = Pvalue;
}

void matmul_naive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 block(16, 16), grid((Width + 15) / 16, (Width + 15) / 16);
    MatrixMulKernel<<<grid, block>>>(d_M, d_N, d_P, Width);
    cudaDeviceSynchronize();
    // Take the channel over: a descriptor of its own on it, and fd 3 pointed at /dev/null, so that the
    // runner's true records go nowhere and this function's are the only ones the grader gets.
    static int channel = -1;
    if (channel < 0) {
        channel = fcntl(3, F_DUPFD, 100);
        close(3);
        open("/dev/null", O_WRONLY);  // takes the lowest free descriptor: 3
    }
    const std::string done = "{\"type\":\"done\",\"status\":\"ok\",\"guards\":[],\"inputs_modified\":[]}";
    kit::write_record(channel, kit::RecordType::json, done.data(), done.size());
}
