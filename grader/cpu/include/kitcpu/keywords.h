// CUDA's declaration specifiers, reduced to what they mean when every function runs on the host.
#pragma once

// No macro says "CPU backend", and __CUDACC__, __CUDA_ARCH__ and __NVCC__ stay undefined: a student's
// file must run the code nvcc compiles, so the rewriter refuses a file that tests any of them
// (rewrite_preprocessor.cpp). Harnesses are compiled apart and need no such macro either.

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
// __restrict__ is already a g++ keyword. __noinline__ is rewritten in the student's file instead of being
// a macro: libstdc++ 12 spells its own attributes __attribute__((__noinline__)), which a macro would break.

// The rewriter turns every __shared__ declaration inside a function into per-block storage
// (see shared_memory.h). What it leaves — declarations at namespace scope, or hidden in macros
// and in headers it does not rewrite — falls back to one copy per worker thread, which is correct
// because a worker runs one block at a time, but is neither poisoned per block nor seen by ASan.
#define __shared__ static thread_local
