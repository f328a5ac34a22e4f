// The record of runtime calls: what the runtime writes reads back the same, and reads as a sentence.
#include <kitcpu/runtime_calls.h>

#include <kitcpu/runtime_api.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

namespace kitcpu {
namespace {

RuntimeCall copy_to_host() {
  RuntimeCall c;
  c.call = "cudaMemcpy";
  c.result = "cudaSuccess";
  c.file = "matmul.cu";
  c.line = 57;
  c.requested_kind = "host-to-host";
  c.effective_kind = "device-to-host";
  c.src = {"adopted", 0, 128};
  c.dst = {"host", -1, 0};
  c.bytes = 4096;
  return c;
}

RuntimeCall launch() {
  RuntimeCall c;
  c.call = "launch";
  c.result = "cudaErrorInvalidValue";
  c.file = "matmul.cu";
  c.line = 60;
  c.kernel = "matmul<float, 16>";
  c.grid = {4, 4, 1};
  c.block = {16, 16, 1};
  c.shared_bytes = 256;
  c.stream = 0;
  return c;
}

TEST(RuntimeCalls, JsonLinesNameOnlyWhatApplies) {
  EXPECT_EQ(runtime_call_to_json_line(copy_to_host()),
            "{\"call\":\"cudaMemcpy\",\"result\":\"cudaSuccess\",\"file\":\"matmul.cu\",\"line\":57,"
            "\"requested_kind\":\"host-to-host\",\"effective_kind\":\"device-to-host\","
            "\"src\":{\"memory\":\"adopted\",\"region\":0,\"offset\":128},\"dst\":{\"memory\":\"host\"},\"bytes\":4096}");
  EXPECT_EQ(runtime_call_to_json_line(launch()),
            "{\"call\":\"launch\",\"result\":\"cudaErrorInvalidValue\",\"file\":\"matmul.cu\",\"line\":60,"
            "\"kernel\":\"matmul<float, 16>\",\"grid\":[4,4,1],\"block\":[16,16,1],\"shared_bytes\":256,\"stream\":0}");
  RuntimeCall sync;
  sync.call = "cudaDeviceSynchronize";
  sync.result = "cudaSuccess";
  EXPECT_EQ(runtime_call_to_json_line(sync), "{\"call\":\"cudaDeviceSynchronize\",\"result\":\"cudaSuccess\"}");
}

TEST(RuntimeCalls, WhatIsWrittenReadsBackTheSame) {
  RuntimeCall malloc_call;
  malloc_call.call = "cudaMalloc";
  malloc_call.result = "cudaSuccess";
  malloc_call.bytes = 4000;
  malloc_call.allocation = 3;
  RuntimeCall memset_call;
  memset_call.call = "cudaMemsetAsync";
  memset_call.result = "cudaSuccess";
  memset_call.dst = {"device", 3, 0};
  memset_call.bytes = 4000;
  memset_call.value = 255;
  memset_call.stream = 2;
  RuntimeCall elapsed;
  elapsed.call = "cudaEventElapsedTime";
  elapsed.result = "cudaSuccess";
  elapsed.event = 1;
  elapsed.end_event = 2;

  const std::string path = ::testing::TempDir() + "kitcpu_runtime_calls_test.jsonl";
  {
    std::ofstream out(path);
    for (const RuntimeCall& c : {copy_to_host(), launch(), malloc_call, memset_call, elapsed}) {
      out << runtime_call_to_json_line(c) << "\n";
    }
    out << "{\"call\":\"cudaMemcpy\",\"res";  // a record cut short by a kill
  }
  const std::vector<RuntimeCall> calls = read_runtime_calls(path);
  std::remove(path.c_str());
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_EQ(runtime_call_to_json_line(calls[0]), runtime_call_to_json_line(copy_to_host()));
  EXPECT_EQ(calls[0].src.memory, "adopted");
  EXPECT_EQ(calls[0].src.id, 0);
  EXPECT_EQ(calls[0].src.offset, 128);
  EXPECT_EQ(calls[1].kernel, "matmul<float, 16>");
  EXPECT_EQ(calls[1].block[1], 16u);
  EXPECT_EQ(calls[1].stream, 0);
  EXPECT_EQ(calls[2].allocation, 3);
  EXPECT_EQ(calls[2].bytes, 4000u);
  EXPECT_EQ(calls[3].value, 255);
  EXPECT_EQ(calls[3].dst.id, 3);
  EXPECT_EQ(calls[4].end_event, 2);
  EXPECT_EQ(calls[4].allocation, -1);
  EXPECT_TRUE(read_runtime_calls(path).empty());  // no file: nothing recorded
}

TEST(RuntimeCalls, SentencesAndMemoryNames) {
  EXPECT_EQ(format_runtime_call(copy_to_host()),
            "cudaMemcpy at matmul.cu:57: 4096 bytes from adopted region 0 + 128 to host memory, device-to-host "
            "(asked host-to-host): cudaSuccess");
  EXPECT_EQ(format_runtime_call(launch()),
            "launch of matmul<float, 16><<<(4,4,1), (16,16,1), 256>>> at matmul.cu:60: cudaErrorInvalidValue");
  EXPECT_EQ(describe_memory({"device", 2, 0}), "device allocation 2");
  EXPECT_EQ(describe_memory({"symbol", -1, 8}), "a __constant__ or __device__ variable + 8");
  EXPECT_TRUE(is_device_memory({"adopted", 0, 0}));
  EXPECT_TRUE(is_device_memory({"managed", 1, 0}));
  EXPECT_FALSE(is_device_memory({"pinned", 1, 0}));
  EXPECT_FALSE(is_device_memory({"host", -1, 0}));
}

// A runner's record holds the time cudaEventElapsedTime returned (the timing checks hold a report to it),
// in memory only: the JSON line leaves it out.
TEST(RuntimeCalls, AnElapsedTimeIsCapturedWithTheValueReturned) {
  start_capturing_calls();
  cudaEvent_t start, stop;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&stop), cudaSuccess);
  cudaEventRecord(start, nullptr);
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  cudaEventRecord(stop, nullptr);
  float ms = 0;
  ASSERT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  const std::vector<RuntimeCall> calls = take_captured_calls();
  const RuntimeCall* elapsed = nullptr;
  for (const RuntimeCall& c : calls)
    if (c.call == "cudaEventElapsedTime") elapsed = &c;
  ASSERT_NE(elapsed, nullptr);
  EXPECT_EQ(elapsed->elapsed_ms, static_cast<double>(ms));
  EXPECT_GE(elapsed->elapsed_ms, 3.0);
  EXPECT_EQ(runtime_call_to_json_line(*elapsed).find("elapsed"), std::string::npos);
  for (const RuntimeCall& c : calls)
    if (c.call != "cudaEventElapsedTime") EXPECT_EQ(c.elapsed_ms, -1);
}

}  // namespace
}  // namespace kitcpu
