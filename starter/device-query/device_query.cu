// A device's properties and the limits they set on a launch. The handout
// (assignments/device-query/README.md) explains every step.
#include "device_query.h"

#include <cstring>

// The blocks of blockSize threads, registersPerThread registers each, that one SM holds at once: the
// smallest of three limits. A block the device cannot run at all holds 0.
int blocks_per_sm(const cudaDeviceProp& prop, int blockSize, int registersPerThread)
{
    // TODO: Return 0 when a block has more threads than prop.maxThreadsPerBlock, or needs more
    //       registers than prop.regsPerBlock. Otherwise return the smallest of the three limits:
    //       the SM's warps over a block's warps, prop.maxBlocksPerMultiProcessor, and the SM's
    //       registers over a block's registers (README, "Blocks per SM").
    return 0;
}

void query_device(int blockSize, int registersPerThread, DeviceReport* report)
{
    // TODO: Get the current device's properties: cudaGetDevice, then cudaGetDeviceProperties
    //       (README, "Asking the device").
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof prop);

    // TODO: Copy the device's name and its eight limits from prop into the report's fields of
    //       the same names (README, "The properties").

    // TODO: The derived limits: the threads the whole device holds at once, the blocks per SM of
    //       this launch (blocks_per_sm), and the occupancy those blocks give one SM
    //       (README, "Resident threads" and "Occupancy").
    report->maxResidentThreads = 0;
    report->blocksPerSM = 0;
    report->occupancy = 0.0f;
}
