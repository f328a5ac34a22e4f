// broken: device-query
// bug: blocks per SM (and so the occupancy) leave out the register limit
// expect-fail: on the default device
// expect-fail: on every device
// expect-text: blocksPerSM: you reported 16, the grader computes 8
// expect-text: the registers, 64 per thread, limit it further

// The device's properties with one deliberate bug, described above. Right wherever threads or block
// slots are the tighter limit; wrong for every launch whose registers fill the SM first (128 threads with
// 64 registers each: 8192 registers a block, 8 blocks in 65536).
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

    int blocks = byThreads;
    if (bySlots < blocks) blocks = bySlots;
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
    report->maxResidentThreads = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);

    // The resident warps over the warps an SM can hold.
    int warpsPerBlock = (blockSize + prop.warpSize - 1) / prop.warpSize;
    int maxWarpsPerSM = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    report->occupancy = static_cast<float>(report->blocksPerSM * warpsPerBlock) / maxWarpsPerSM;
}
