// BLIND-BUG: none (correct)
// BLIND-LINE: none
// A device's properties and the limits they set on a launch.
#include "device_query.h"

#include <cmath>
#include <cstdio>
#include <cstring>

int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    if (blockSize > prop.maxThreadsPerBlock)
        return 0;
    const int warps = (blockSize + prop.warpSize - 1) / prop.warpSize;
    const long long regs = (long long)registersPerThread * warps * prop.warpSize;
    if (regs > prop.regsPerBlock)
        return 0;

    // add blocks one at a time until one of the SM's three budgets runs out
    int blocks = 0;
    long long warpsUsed = 0, regsUsed = 0;
    const long long warpBudget = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    while (blocks < prop.maxBlocksPerMultiProcessor &&
           warpsUsed + warps <= warpBudget &&
           regsUsed + regs <= prop.regsPerMultiprocessor) {
        ++blocks;
        warpsUsed += warps;
        regsUsed += regs;
    }
    return blocks;
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);
    cudaGetDeviceProperties(&prop, device);

    DeviceReport r;
    std::memset(&r, 0, sizeof r);
    std::snprintf(r.name, sizeof r.name, "%s", prop.name);
    r.multiProcessorCount = prop.multiProcessorCount;
    r.maxThreadsPerBlock = prop.maxThreadsPerBlock;
    r.maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    r.maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    r.sharedMemPerBlock = static_cast<int>(prop.sharedMemPerBlock);
    r.regsPerBlock = prop.regsPerBlock;
    r.regsPerMultiprocessor = prop.regsPerMultiprocessor;
    r.warpSize = prop.warpSize;

    r.maxResidentThreads = r.multiProcessorCount * r.maxThreadsPerMultiProcessor;
    r.blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    const double warpsPerBlock = std::ceil((double)blockSize / r.warpSize);
    const double smWarps = (double)r.maxThreadsPerMultiProcessor / r.warpSize;
    r.occupancy = static_cast<float>(r.blocksPerSM * warpsPerBlock / smWarps);

    *report = r;
}
