// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <algorithm>
#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    const int warp = prop.warpSize;
    const int warpsPerBlock = (blockSize + warp - 1) / warp;
    const int regsNeeded = registersPerThread * warpsPerBlock * warp;

    // a block that can't be launched at all
    if (blockSize > prop.maxThreadsPerBlock) return 0;
    if (regsNeeded > prop.regsPerBlock) return 0;

    // thread slots (in whole warps) and block slots
    const int warpsPerSM = prop.maxThreadsPerMultiProcessor / warp;
    const int byWarps = warpsPerSM / warpsPerBlock;
    const int bySlots = prop.maxBlocksPerMultiProcessor;

    return std::min(byWarps, bySlots);
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int device;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);
    cudaGetDeviceProperties(&prop, device);

    std::strcpy(report->name, prop.name);
    report->multiProcessorCount = prop.multiProcessorCount;
    report->maxThreadsPerBlock = prop.maxThreadsPerBlock;
    report->maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    report->maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    report->sharedMemPerBlock = (int)prop.sharedMemPerBlock;
    report->regsPerBlock = prop.regsPerBlock;
    report->regsPerMultiprocessor = prop.regsPerMultiprocessor;
    report->warpSize = prop.warpSize;

    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    const int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    const int warpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = (float)(report->blocksPerSM * warpsPerBlock) / (float)warpsPerSM;
}
