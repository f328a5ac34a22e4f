// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Return 0 when a block has more threads than prop.maxThreadsPerBlock, or needs more
    // STARTER: //       registers than prop.regsPerBlock. Otherwise return the smallest of the three limits:
    // STARTER: //       the SM's warps over a block's warps, prop.maxBlocksPerMultiProcessor, and the SM's
    // STARTER: //       registers over a block's registers (README, "Blocks per SM").
    // STARTER: return 0;
    // An SM schedules whole warps: a block of 100 threads takes 4 warps' worth of thread slots.
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int registersPerBlock = registersPerThread * warpsPerBlock * prop.warpSize;
    if (blockSize > prop.maxThreadsPerBlock || registersPerBlock > prop.regsPerBlock)
        return 0;

    int byThreads = (prop.maxThreadsPerMultiProcessor / prop.warpSize) / warpsPerBlock;
    int bySlots = prop.maxBlocksPerMultiProcessor;
    int byRegisters = registersPerThread > 0 ? prop.regsPerMultiprocessor / registersPerBlock : bySlots;

    int blocks = byThreads;
    if (bySlots < blocks) blocks = bySlots;
    if (byRegisters < blocks) blocks = byRegisters;
    return blocks;
    // END SOLUTION
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    // BEGIN SOLUTION
    // STARTER: // TODO: Get the current device's properties: cudaGetDevice, then cudaGetDeviceProperties
    // STARTER: //       (README, "Asking the device").
    // STARTER: cudaDeviceProp prop;
    // STARTER: std::memset(&prop, 0, sizeof prop);
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: Copy the device's name and its eight limits from prop into the report's fields of
    // STARTER: //       the same names (README, "The properties").
    std::strncpy(report->name, prop.name, sizeof report->name - 1);
    report->name[sizeof report->name - 1] = '\0';
    report->multiProcessorCount = prop.multiProcessorCount;
    report->maxThreadsPerBlock = prop.maxThreadsPerBlock;
    report->maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    report->maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    report->sharedMemPerBlock = static_cast<int>(prop.sharedMemPerBlock);
    report->regsPerBlock = prop.regsPerBlock;
    report->regsPerMultiprocessor = prop.regsPerMultiprocessor;
    report->warpSize = prop.warpSize;
    // END SOLUTION

    // BEGIN SOLUTION
    // STARTER: // TODO: The derived limits: the threads the whole device holds at once, the blocks per SM of
    // STARTER: //       this launch (blocks_per_sm), and the occupancy those blocks give one SM
    // STARTER: //       (README, "Resident threads" and "Occupancy").
    // STARTER: report->maxResidentThreads = 0;
    // STARTER: report->blocksPerSM = 0;
    // STARTER: report->occupancy = 0.0f;
    // Every SM at once, each as full as its thread slots allow: the per-SM limit, not the per-block one.
    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    // The resident warps over the warps an SM can hold.
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = static_cast<float>(report->blocksPerSM * warpsPerBlock) / maxWarpsPerSM;
    // END SOLUTION
}
