// Binds the student's query_device() to the device-query problem: the test's size is the block size and
// the register count per thread, and the report's fields are copied into the problem's outputs, named
// values in the order of the problem's list (assignments/problems/device_query/device_query.cpp).
#include <cstring>

#include <cuda_runtime.h>

#include "device_query.h"
#include "kit/harness.h"

namespace {

void call(const kit::DeviceArrays& a, const kit::Dims& d) {
  DeviceReport report;
  std::memset(&report, 0, sizeof report);
  query_device(static_cast<int>(d[0]), static_cast<int>(d[1]), &report);

  const int values[] = {report.multiProcessorCount,   report.maxThreadsPerBlock, report.maxThreadsPerMultiProcessor,
                        report.maxBlocksPerMultiProcessor, report.sharedMemPerBlock, report.regsPerBlock,
                        report.regsPerMultiprocessor, report.warpSize,           report.maxResidentThreads,
                        report.blocksPerSM};
  // The name up to its end: bytes after the terminator are whatever the struct held, not the answer.
  char name[sizeof report.name] = {};
  std::strncpy(name, report.name, sizeof name - 1);
  cudaMemcpy(a.out<int>(0), values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemcpy(a.out<float>(1), &report.occupancy, sizeof report.occupancy, cudaMemcpyHostToDevice);
  cudaMemcpy(a.out<unsigned char>(2), name, sizeof name, cudaMemcpyHostToDevice);
}

}  // namespace

const kit::Harness kit_harness = {"device-query", {{"query_device", call}}};
