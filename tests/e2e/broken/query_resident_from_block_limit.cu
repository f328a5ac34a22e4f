// broken: device-query
// bug: the resident threads are computed from maxThreadsPerBlock, one block per SM, instead of per SM
// expect-fail: on the default device
// expect-fail: on every device
// expect-text: maxResidentThreads: you reported
// expect-text-cpu: maxResidentThreads: you reported 8192, the grader computes 16384
// expect-text: a block's limit, not an SM's

// The device's properties with one deliberate bug, described above. An SM holds several blocks: with
// 1024 threads per block and 2048 per SM, the device holds twice what this reports.
#include "device_query.h"

#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
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
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, device);

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

    // Every SM at once, each as full as its thread slots allow: the per-SM limit, not the per-block one.
    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerBlock;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    // The resident warps over the warps an SM can hold.
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = static_cast<float>(report->blocksPerSM * warpsPerBlock) / maxWarpsPerSM;
}
