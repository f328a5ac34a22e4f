// Tests of the device-query problem: its reference is the device's, and a wrong report is named value by
// value, with the typical mistakes recognised.
#include "kit/problem.h"

#include <gtest/gtest.h>

#include <cstring>

namespace kit {
namespace {

const Problem& device_query() {
  const Problem* p = find_problem("device_query");
  EXPECT_NE(p, nullptr);
  return *p;
}

// The reference's values on a device, for blocks of `block_size` threads with `registers` each.
Expected on(const std::string& device, long block_size, long registers) {
  return device_query().device_reference(virtual_device_limits(device), {block_size, registers}, {});
}

TEST(DeviceQuery, PropertiesAndDerivedLimitsOnTheDefaultDevice) {
  const Expected e = on("cc80", 256, 32);
  ASSERT_EQ(e.values.size(), 3u);
  const std::vector<double>& v = e.values[0];
  EXPECT_EQ(v[0], 8);      // multiProcessorCount
  EXPECT_EQ(v[2], 2048);   // maxThreadsPerMultiProcessor
  EXPECT_EQ(v[4], 49152);  // sharedMemPerBlock
  EXPECT_EQ(v[8], 16384);  // maxResidentThreads: 8 SMs of 2048 threads
  EXPECT_EQ(v[9], 8);      // 8 warps a block, 64 warps an SM; 8192 registers a block, 65536 an SM
  EXPECT_DOUBLE_EQ(e.values[1][0], 1.0);
  EXPECT_EQ(e.values[2][0], 'k');
  EXPECT_EQ(e.values[2][255], 0);
}

TEST(DeviceQuery, RegistersLimitTheBlocksWhenThreadsDoNot) {
  // 128 threads with 64 registers: 8192 registers a block, so 8 blocks, not the 16 thread slots allow.
  const Expected e = on("cc80", 128, 64);
  EXPECT_EQ(e.values[0][9], 8);
  EXPECT_DOUBLE_EQ(e.values[1][0], 0.5);
  // The textbook's device D: 512 threads with 11 registers each fit twice, not three times.
  const Expected d = on("textbook-d", 512, 11);
  EXPECT_EQ(d.values[0][9], 2);
  EXPECT_NEAR(d.values[1][0], 2.0 / 3.0, 1e-12);
  EXPECT_EQ(on("textbook-d", 512, 10).values[0][9], 3);
}

TEST(DeviceQuery, ALaunchTheDeviceCannotRunHoldsNoBlocks) {
  EXPECT_EQ(on("threads-256", 512, 11).values[0][9], 0);  // more threads than a block may have
  EXPECT_EQ(on("cc80", 1024, 128).values[0][9], 0);        // more registers than a block may have
  EXPECT_EQ(on("cc80", 1024, 128).values[1][0], 0);
}

// A report with wrong values, as the harness would have copied it, and what the headline says of it.
std::string cause_of(const std::string& device, const Dims& dims, const std::vector<std::pair<std::size_t, double>>& wrong) {
  const Expected e = device_query().device_reference(virtual_device_limits(device), dims, {});
  HostArray got = make_array(device_query().outputs(dims)[0]);
  for (std::size_t i = 0; i < e.values[0].size(); ++i) got.set(i, e.values[0][i]);
  for (const auto& [index, value] : wrong) got.set(index, value);
  const Comparison c{};
  const Arrays inputs;
  const Knobs knobs;
  const Failure f{c, got, inputs, dims, knobs, &e.values[0]};
  return device_query().shape_cause(f);
}

TEST(DeviceQuery, EachWrongValueIsNamedWithTheDevicesOwn) {
  EXPECT_EQ(cause_of("cc80", {256, 32}, {{2, 1024}}), "maxThreadsPerMultiProcessor: you reported 1024, the device has 2048");
  const std::string two = cause_of("cc80", {256, 32}, {{0, 80}, {7, 64}});
  EXPECT_NE(two.find("multiProcessorCount: you reported 80, the device has 8; warpSize: you reported 64"), std::string::npos)
      << two;
}

TEST(DeviceQuery, TypicalMistakesAreRecognised) {
  const std::string resident = cause_of("cc80", {256, 32}, {{8, 8 * 1024}});
  EXPECT_NE(resident.find("maxResidentThreads: you reported 8192, the grader computes 16384"), std::string::npos);
  EXPECT_NE(resident.find("a block's limit, not an SM's"), std::string::npos);
  const std::string registers = cause_of("cc80", {128, 64}, {{9, 16}});
  EXPECT_NE(registers.find("blocksPerSM: you reported 16, the grader computes 8 for blocks of 128 threads with 64 "
                           "registers each"), std::string::npos) << registers;
  EXPECT_NE(registers.find("limit it further"), std::string::npos);
}

TEST(DeviceQuery, TheDefaultReferenceIsTheDefaultVirtualDevices) {
  const Expected a = device_query().reference({96, 40}, {}, {});
  const Expected b = on("", 96, 40);
  EXPECT_EQ(a.values, b.values);
  EXPECT_TRUE(device_query().host_answer);
}

}  // namespace
}  // namespace kit
