// The CUDA runtime functions a cuda runner's link wraps (the linker's --wrap), so that every call the
// student's code makes to them passes through the runner's record (grader/runner/runtime_record.h).
// One list for the build command (build.cpp) and the wrappers.
#pragma once

namespace kit {

// nvcc's launch code calls __cudaLaunchKernel (CUDA 13), or its _ptsz twin with a per-thread default
// stream; a file may also call cudaLaunchKernel itself. Allocations and synchronisation are recorded for
// the assignments where the student writes the host code (leaks, injected failures, copies not waited for).
// Every entry point that allocates, copies or sets memory is here or refused by the object check
// (symbol_check.cpp), so that where an answer came from can be followed (answer_flow.h).
constexpr const char* kWrappedRuntimeCalls[] = {"cudaMemcpy", "cudaMemcpyAsync", "cudaMemcpyToSymbol",
                                                "cudaMemcpyFromSymbol", "cudaMemset", "cudaMemsetAsync",
                                                "cudaLaunchKernel", "__cudaLaunchKernel", "__cudaLaunchKernel_ptsz",
                                                "cudaMalloc", "cudaFree", "cudaMallocManaged", "cudaMallocHost",
                                                "cudaHostAlloc", "cudaFreeHost",
                                                // Events and waits: what a timing is judged by.
                                                "cudaEventCreate", "cudaEventCreateWithFlags", "cudaEventDestroy",
                                                "cudaEventRecord", "cudaEventSynchronize", "cudaEventQuery",
                                                "cudaEventElapsedTime",
                                                "cudaDeviceSynchronize", "cudaStreamSynchronize"};

}  // namespace kit
