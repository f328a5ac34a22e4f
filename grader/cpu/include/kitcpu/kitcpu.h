// Everything a CUDA source file needs to compile with g++ for the CPU backend. The rewriter puts
// `#include <kitcpu/kitcpu.h>` first in every file it rewrites; harnesses reach it through the
// cuda_runtime.h shim. Kernels then run as fibers on the backend's worker threads (see README.md).
#pragma once

// <ctype.h> and <limits.h> because nvcc's cuda_runtime.h includes them: a file that uses INT_MAX without
// including <climits> compiles with nvcc, and must here too.
#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <kitcpu/atomics.h>
#include <kitcpu/detail/execution_context.h>
#include <kitcpu/detail/student_file.h>
#include <kitcpu/device_math.h>
#include <kitcpu/exit_codes.h>
#include <kitcpu/keywords.h>
#include <kitcpu/launch.h>
#include <kitcpu/runtime_api.h>
#include <kitcpu/shared_memory.h>
#include <kitcpu/vector_types.h>
#include <kitcpu/virtual_device.h>
#include <kitcpu/warp.h>

// Every file built against the backend refers to this symbol of the runtime library, so that the
// runtime's sanitizer settings are linked into the runner even if it never launches a kernel.
extern "C" const int kitcpu_runtime_anchor;
static const int* const kitcpu_runtime_anchor_use __attribute__((used)) = &kitcpu_runtime_anchor;
