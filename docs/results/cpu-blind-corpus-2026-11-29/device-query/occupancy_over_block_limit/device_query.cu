// BLIND-BUG: occupancy divides resident threads by maxThreadsPerBlock instead of the SM's thread capacity (wrong denominator: per block vs per SM).
// BLIND-LINE: 48
// A device's properties and the limits they set on a launch.
#include "device_query.h"

#include <algorithm>
#include <cstring>

int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    if (blockSize > prop.maxThreadsPerBlock)
        return 0;
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int registersPerBlock = registersPerThread * warpsPerBlock * prop.warpSize;
    if (registersPerBlock > prop.regsPerBlock)
        return 0;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    int byWarps = maxWarpsPerSM / warpsPerBlock;
    int byBlocks = prop.maxBlocksPerMultiProcessor;
    int byRegisters = prop.regsPerMultiprocessor / registersPerBlock;
    return std::min(std::min(byWarps, byBlocks), byRegisters);
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);
    cudaGetDeviceProperties(&prop, device);

    std::strncpy(report->name, prop.name, sizeof report->name - 1);
    report->name[sizeof report->name - 1] = '\0';
    report->multiProcessorCount = prop.multiProcessorCount;
    report->maxThreadsPerBlock = prop.maxThreadsPerBlock;
    report->maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    report->maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    report->sharedMemPerBlock = (int)prop.sharedMemPerBlock;
    report->regsPerBlock = prop.regsPerBlock;
    report->regsPerMultiprocessor = prop.regsPerMultiprocessor;
    report->warpSize = prop.warpSize;

    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
    int blocks = blocks_per_sm(prop, blockSize, registersPerThread);
    report->blocksPerSM = blocks;
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = (float)(blocks * warpsPerBlock * prop.warpSize) / (float)prop.maxThreadsPerBlock;
}
