// BLIND-BUG: maxResidentThreads is multiProcessorCount * maxThreadsPerBlock, the limit of one block, instead of multiProcessorCount * maxThreadsPerMultiProcessor, so it counts one block per SM
// BLIND-LINE: 51
// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int regsNeeded = registersPerThread * warpsPerBlock * prop.warpSize;

    if (blockSize > prop.maxThreadsPerBlock || regsNeeded > prop.regsPerBlock)
        return 0;

    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    int byThreads = maxWarpsPerSM / warpsPerBlock;
    int byBlocks = prop.maxBlocksPerMultiProcessor;
    int byRegs = prop.regsPerMultiprocessor / regsNeeded;

    int blocks = byThreads;
    if (byBlocks < blocks)
        blocks = byBlocks;
    if (byRegs < blocks)
        blocks = byRegs;
    return blocks;
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

    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerBlock;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = (float)(report->blocksPerSM * warpsPerBlock) / maxWarpsPerSM;
}
