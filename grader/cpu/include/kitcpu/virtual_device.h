// The one device the CPU backend presents. Its limits are those of a compute capability 8.0 GPU (the
// common teaching GPUs of the kit's era), so a launch a GPU rejects is rejected here too, and
// occupancy arithmetic gives the numbers a student would compute from the CUDA guide's tables.
#pragma once

#include <cstddef>

namespace kitcpu::virtual_device {

inline constexpr const char* kName = "kit CPU backend (virtual device)";
inline constexpr int kComputeMajor = 8;
inline constexpr int kComputeMinor = 0;

inline constexpr int kWarpSize = 32;
inline constexpr unsigned kMaxThreadsPerBlock = 1024;
inline constexpr unsigned kMaxBlockDim[3] = {1024, 1024, 64};
inline constexpr unsigned kMaxGridDim[3] = {2147483647u, 65535, 65535};

// Static plus dynamic shared memory one block may use without an opt-in.
inline constexpr std::size_t kSharedMemoryPerBlock = 48 * 1024;
inline constexpr std::size_t kSharedMemoryPerBlockOptin = 163 * 1024;
inline constexpr std::size_t kSharedMemoryPerMultiprocessor = 164 * 1024;
inline constexpr std::size_t kReservedSharedMemoryPerBlock = 1024;
inline constexpr std::size_t kConstantMemory = 64 * 1024;

// A fixed count rather than the host's core count: results a student sees (e.g. a grid sized from
// multiProcessorCount) must not depend on the machine that graded them.
inline constexpr int kMultiprocessorCount = 8;
inline constexpr int kMaxThreadsPerMultiprocessor = 2048;
inline constexpr int kMaxBlocksPerMultiprocessor = 32;
inline constexpr int kRegistersPerBlock = 65536;
inline constexpr int kRegistersPerMultiprocessor = 65536;

inline constexpr std::size_t kGlobalMemory = std::size_t{8} << 30;
inline constexpr int kL2CacheBytes = 4 * 1024 * 1024;
inline constexpr int kMemoryBusWidthBits = 256;
// Nominal clocks in kHz, answered by cudaDeviceGetAttribute; nothing here is timed against them.
inline constexpr int kClockRateKHz = 1000000;
inline constexpr int kMemoryClockRateKHz = 1000000;

}  // namespace kitcpu::virtual_device
