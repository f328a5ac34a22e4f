// Stands in for CUDA's cuda_runtime.h when a file is compiled for the CPU backend; only the kit's include
// path for CPU runners lists this folder.
#pragma once
#include <kitcpu/kitcpu.h>
