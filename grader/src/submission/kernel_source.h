// The kernels of a student file as text: where a __global__ function's body is, and whether the kernels
// a run launched can touch shared memory, which decides whether "a barrier is missing" can explain a
// result that changes with the thread order. Like source_text.h, linear in the file's size and never
// failing. `code` is the output of code_without_comments_and_literals.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kit {

// The name of a kernel as a launch record gives it ("void tile<16>(float const*, int)",
// "ns::MatrixMulKernel(float*, int)"): "tile", "MatrixMulKernel".
std::string kernel_name_of(std::string_view recorded);

// The body, braces included, of the __global__ function `name`, or "" when none is found.
std::string_view kernel_body(std::string_view code, std::string_view name);

// Whether any of the kernels `names` can touch shared memory: its body declares __shared__, or the file
// declares __shared__ outside every __global__ body (a __device__ function or the file's scope, which a
// kernel may reach), or its body is not found. With no names: whether the file declares __shared__.
bool kernels_may_use_shared_memory(std::string_view code, const std::vector<std::string>& names);

}  // namespace kit
