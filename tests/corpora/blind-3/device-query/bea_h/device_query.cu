// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <algorithm>
#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int registersPerBlock = registersPerThread * warpsPerBlock * prop.warpSize;

    // blocks the device cannot run at all
    if (blockSize > prop.maxThreadsPerBlock || registersPerBlock > prop.regsPerBlock)
        return 0;

    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    int limitWarps = maxWarpsPerSM / warpsPerBlock;
    int limitBlocks = prop.maxBlocksPerMultiProcessor;
    int limitRegs = prop.regsPerMultiprocessor / registersPerBlock;

    return std::min(limitWarps, std::min(limitBlocks, limitRegs));
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);
    cudaGetDeviceProperties(&prop, device);

    std::strncpy(report->name, prop.name, sizeof(report->name) - 1);
    report->name[sizeof(report->name) - 1] = '\0';
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

    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = (float)(report->blocksPerSM * warpsPerBlock / maxWarpsPerSM);
}
