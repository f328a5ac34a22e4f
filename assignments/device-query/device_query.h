// What your device_query.cu must define. The grader calls query_device once per test with a block size
// and a register count per thread, and checks every field of the report against the device the test
// runs on: the first group of fields as cudaGetDeviceProperties gives them, the second derived from
// them as the handout (assignments/device-query/README.md) defines.
#pragma once

struct DeviceReport {
    // The device's properties, copied from its cudaDeviceProp.
    char name[256];
    int multiProcessorCount;
    int maxThreadsPerBlock;
    int maxThreadsPerMultiProcessor;
    int maxBlocksPerMultiProcessor;
    int sharedMemPerBlock;  // bytes
    int regsPerBlock;
    int regsPerMultiprocessor;
    int warpSize;

    // Derived from them.
    int maxResidentThreads;  // threads the whole device holds at once
    int blocksPerSM;         // blocks of blockSize threads, registersPerThread registers each, one SM holds at once
    float occupancy;         // the warps of those blocks over the warps one SM can hold, from 0 to 1
};

// Fills *report for the current device (cudaGetDevice). blockSize is a number of threads per block,
// registersPerThread the registers each of those threads uses.
void query_device(int blockSize, int registersPerThread, DeviceReport* report);
