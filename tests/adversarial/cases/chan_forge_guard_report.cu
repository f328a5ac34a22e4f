// broken: matmul-naive
// bug: a kernel whose edge threads write past the end of P; the function takes the channel over (a copy of fd 3 made with fcntl, fd 3 sent to /dev/null) and reports no guard damage
// class: forging guard-zone reports on the result channel (catalogue 9)
// defence: grader-held-results: the grader reads the guard zones itself
// waits-for: grader-held-results
// expect-fail: Width 127
// expect-fail: Width 257
// expect-text: out-of-bounds write

// On the CPU backend, sizes up to 64 also run under AddressSanitizer, which sees the stray writes whatever
// the channel says: Width 127 and 257 are the tests where only the guard zones can tell.
#include <fcntl.h>
#include <unistd.h>
#include <string>
#include <vector>
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
    // runner's true reports (guard damage and all) go nowhere and this function's are the only ones.
    static int channel = -1;
    if (channel < 0) {
        channel = fcntl(3, F_DUPFD, 100);
        close(3);
        open("/dev/null", O_WRONLY);  // takes the lowest free descriptor: 3
    }
    std::vector<float> P((size_t)Width * Width);
    cudaMemcpy(P.data(), d_P, P.size() * sizeof(float), cudaMemcpyDeviceToHost);
    const std::string report = "{\"type\":\"case\",\"status\":\"ok\",\"guards\":[],\"inputs_modified\":[]}";
    kit::write_record(channel, kit::RecordType::json, report.data(), report.size());
    kit::write_record(channel, kit::RecordType::array, P.data(), P.size() * sizeof(float));
}
