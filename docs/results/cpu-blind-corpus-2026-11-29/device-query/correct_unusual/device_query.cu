// BLIND-BUG: none (correct)
// BLIND-LINE: none
// Device query, written with a small struct of limits and ternaries (an unusual but valid style).
#include "device_query.h"

#include <cstdio>
#include <cstring>

namespace {
struct Limits {
    int warps;      // warps of one block
    int regs;       // registers of one block
};

inline Limits limits_of(const cudaDeviceProp& p, int blockSize, int regsPerThread)
{
    Limits L;
    L.warps = blockSize / p.warpSize + (blockSize % p.warpSize != 0);
    L.regs = L.warps * p.warpSize * regsPerThread;
    return L;
}
}  // namespace

int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    const Limits L = limits_of(prop, blockSize, registersPerThread);
    const bool runnable = blockSize <= prop.maxThreadsPerBlock && L.regs <= prop.regsPerBlock;
    if (!runnable)
        return 0;
    int n = (prop.maxThreadsPerMultiProcessor / prop.warpSize) / L.warps;
    n = prop.maxBlocksPerMultiProcessor < n ? prop.maxBlocksPerMultiProcessor : n;
    const int byRegs = prop.regsPerMultiprocessor / L.regs;
    return byRegs < n ? byRegs : n;
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    int dev = -1;
    if (cudaGetDevice(&dev) != cudaSuccess)
        dev = 0;
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, dev);

    std::snprintf(report->name, sizeof report->name, "%s", prop.name);
    report->multiProcessorCount = prop.multiProcessorCount;
    report->maxThreadsPerBlock = prop.maxThreadsPerBlock;
    report->maxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    report->maxBlocksPerMultiProcessor = prop.maxBlocksPerMultiProcessor;
    report->sharedMemPerBlock = static_cast<int>(prop.sharedMemPerBlock);
    report->regsPerBlock = prop.regsPerBlock;
    report->regsPerMultiprocessor = prop.regsPerMultiprocessor;
    report->warpSize = prop.warpSize;

    report->maxResidentThreads = prop.maxThreadsPerMultiProcessor * prop.multiProcessorCount;
    report->blocksPerSM = blocks_per_sm(prop, blockSize, registersPerThread);
    const Limits L = limits_of(prop, blockSize, registersPerThread);
    const double residentWarps = double(report->blocksPerSM) * L.warps;
    report->occupancy = float(residentWarps * prop.warpSize / prop.maxThreadsPerMultiProcessor);
}
