// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <cstring>

static int smallest(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int regsForBlock = registersPerThread * warpsPerBlock * prop.warpSize;

    if (blockSize > prop.maxThreadsPerMultiProcessor)
        return 0;
    if (regsForBlock > prop.regsPerBlock)
        return 0;

    int warpLimit = (prop.maxThreadsPerMultiProcessor / prop.warpSize) / warpsPerBlock;
    int blockLimit = prop.maxBlocksPerMultiProcessor;
    int regLimit = prop.regsPerMultiprocessor / regsForBlock;
    return smallest(warpLimit, blockLimit, regLimit);
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int dev;
    cudaGetDevice(&dev);
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);
    cudaGetDeviceProperties(&prop, dev);

    // the properties, copied as they are
    std::memcpy(report->name, prop.name, sizeof(prop.name));
    report->name[sizeof(report->name) - 1] = '\0';
    report->multiProcessorCount = prop.multiProcessorCount;
    report->maxThreadsPerBlock = prop.maxThreadsPerBlock;
    report->maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    report->maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    report->sharedMemPerBlock = static_cast<int>(prop.sharedMemPerBlock);
    report->regsPerBlock = prop.regsPerBlock;
    report->regsPerMultiprocessor = prop.regsPerMultiprocessor;
    report->warpSize = prop.warpSize;

    // what they mean for this launch
    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    float maxWarps = (float)prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = report->blocksPerSM * warpsPerBlock / maxWarps;
}
