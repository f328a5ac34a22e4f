// Judging host code from its record (run/runtime_calls.h): the vector-add contract, where the student's
// function copies the harness's host arrays itself (kit/host_arrays.h).
#include "run/runtime_calls.h"

#include <gtest/gtest.h>

#include "kit/runner_case.h"
#include "run/call_sites.h"

#ifdef KIT_HAVE_CPU_BACKEND
#include "cpu_call_form.h"
#include "runtime_record.h"
#endif

namespace kit {
namespace {

using Calls = std::vector<nlohmann::json>;

const nlohmann::json kHostA = {{"array", "A"}, {"role", "input"}, {"side", "host"}};
const nlohmann::json kHostC = {{"array", "C"}, {"role", "output"}, {"side", "host"}};
const nlohmann::json kHostCodeDevice = {{"array", "device memory"}, {"role", ""}};

nlohmann::json copy_call(const nlohmann::json& from, const nlohmann::json& to, const std::string& at) {
  return {{"call", "cudaMemcpy"}, {"bytes", 16}, {"from", from}, {"to", to}, {"at", at}};
}
nlohmann::json host_code_launch(unsigned blocks, unsigned threads) {
  return {{"call", "launch"}, {"kernel", "vecAddKernel(float const*, float const*, float*, int)"},
          {"grid", {blocks, 1u, 1u}}, {"block", {threads, 1u, 1u}}, {"at", "vector_add.cu:38"}};
}

TEST(HostCodeAnswer, CopiesInAndBackAroundALaunchAreTheContract) {
  EXPECT_EQ(answer_from_the_host(Calls{copy_call(kHostA, kHostCodeDevice, "vector_add.cu:34"), host_code_launch(4, 256),
                                  copy_call(kHostCodeDevice, kHostC, "vector_add.cu:41")}),
            "");
}

TEST(HostCodeAnswer, AnOutputNeverCopiedBackWasComputedOnTheHost) {
  EXPECT_EQ(answer_from_the_host(Calls{copy_call(kHostA, kHostCodeDevice, "vector_add.cu:34"), host_code_launch(4, 256)}),
            "the answer came from host code: the output was never written by a copy from the device after the "
            "kernel ran (cudaMemcpy ..., cudaMemcpyDeviceToHost); the result must be computed by a kernel and copied "
            "back");
  // A host-to-host copy into C is host work too.
  EXPECT_NE(answer_from_the_host(Calls{copy_call(kHostA, kHostCodeDevice, "x"), host_code_launch(4, 256), copy_call(kHostA, kHostC, "y")}), "");
}

TEST(HostCodeAnswer, ACopyBackBeforeTheLaunchIsNamed) {
  EXPECT_EQ(answer_from_the_host(Calls{copy_call(kHostA, kHostCodeDevice, "vector_add.cu:34"),
                                  copy_call(kHostCodeDevice, kHostC, "vector_add.cu:36"), host_code_launch(4, 256)}),
            "the answer came from host code: your code copied back C (cudaMemcpy at vector_add.cu:36) before any "
            "kernel ran; copy the result back after the launch");
}

TEST(HostCodeAnswer, NoLaunchIsNoKernel) {
  EXPECT_EQ(answer_from_the_host(Calls{copy_call(kHostA, kHostCodeDevice, "a"), copy_call(kHostCodeDevice, kHostC, "b")}),
            "no kernel was launched: the result must be computed by a kernel");
}

TEST(FailedLaunch, NamesTheLaunchTheRuntimeRefused) {
  nlohmann::json refused = host_code_launch(1, 2048);
  refused["result"] = "cudaErrorInvalidValue";
  nlohmann::json ok = host_code_launch(4, 256);
  ok["result"] = "cudaSuccess";
  EXPECT_EQ(failed_launch(Calls{ok, refused}),
            "the launch of vecAddKernel at vector_add.cu:38 was refused: cudaErrorInvalidValue");
  EXPECT_EQ(failed_launch(Calls{ok, host_code_launch(4, 256)}), "");  // a launch with no result recorded is not judged
}

TEST(UncoveredTail, AGridRoundedDownLeavesTheTail) {
  const ArraySpec c{"C", DType::f32, {1000}};
  std::vector<bool> wrong(1000, false);
  for (std::size_t i = 768; i < 1000; ++i) wrong[i] = true;
  EXPECT_EQ(uncovered_tail(Calls{host_code_launch(3, 256), host_code_launch(3, 256)}, c, wrong),
            "the grid of (3,1,1) blocks of (256,1,1) threads covers 768 elements; C has 1000: round the number of "
            "blocks up, (n + BLOCK - 1) / BLOCK");
  wrong[767] = true;  // another pattern: not the grid's doing
  EXPECT_EQ(uncovered_tail(Calls{host_code_launch(3, 256)}, c, wrong), "");
  wrong[767] = false;
  EXPECT_EQ(uncovered_tail(Calls{host_code_launch(4, 256)}, c, wrong), "");  // the grid covers C
  EXPECT_EQ(uncovered_tail(Calls{}, c, wrong), "");
}

TEST(CallSites, ParsesAddr2linesInlinedFrames) {
  const std::string text =
      "0x0000000000001234\n/tmp/x/cuda_runtime.h:150\n/sandbox/vector_add.cu:31 (discriminator 2)\n"
      "0x0000000000005678\n??:0\n";
  const auto places = parse_addr2line(text, 2);
  ASSERT_EQ(places.size(), 2u);
  EXPECT_EQ(places[0], (std::vector<std::string>{"/tmp/x/cuda_runtime.h:150", "/sandbox/vector_add.cu:31 (discriminator 2)"}));
  EXPECT_EQ(places[1], (std::vector<std::string>{"??:0"}));
  EXPECT_EQ(parse_addr2line("", 3).size(), 3u);  // a missing answer leaves the calls unplaced
}

TEST(CallSites, WithoutFramesNothingChanges) {
  std::vector<nlohmann::json> calls = {host_code_launch(1, 1)};
  place_calls(calls, "/nonexistent/runner", "vector_add.cu");
  EXPECT_EQ(calls[0]["at"], "vector_add.cu:38");
}

TEST(RunnerCase, CarriesTheAllocationToFail) {
  RunnerCase c = layout_runner_case("vector_add", {5}, {{"A", DType::f32, {5}}}, {{"C", DType::f32, {5}}}, 4096);
  EXPECT_EQ(decode_runner_case(encode_runner_case(c)).fail_allocation, 0);
  c.fail_allocation = 2;
  EXPECT_EQ(decode_runner_case(encode_runner_case(c)).fail_allocation, 2);
}

TEST(RunnerCase, CarriesWhetherSharedMemoryIsKept) {
  RunnerCase c = layout_runner_case("vector_add", {5}, {{"A", DType::f32, {5}}}, {{"C", DType::f32, {5}}}, 4096);
  EXPECT_FALSE(decode_runner_case(encode_runner_case(c)).keep_shared_memory);  // filled, by default
  c.keep_shared_memory = true;
  EXPECT_TRUE(decode_runner_case(encode_runner_case(c)).keep_shared_memory);
}

#ifdef KIT_HAVE_CPU_BACKEND
TEST(HostCodeAnswer, TheCpuBackendsCallsNameTheHostCopies) {
  const RunnerCase layout =
      layout_runner_case("vector_add", {4}, {{"A", DType::f32, {4}}}, {{"C", DType::f32, {4}}}, 4096);
  std::vector<unsigned char> arena(layout.arena_bytes);
  float host_a[4], host_c[4];
  name_host_copy(host_a, sizeof host_a, arena.data() + layout.arrays[0].offset);
  name_host_copy(host_c, sizeof host_c, arena.data() + layout.arrays[1].offset);
  kitcpu::RuntimeCall in;
  in.call = "cudaMemcpy";
  in.effective_kind = "host-to-device";
  in.src = {"host", -1, 0, reinterpret_cast<std::uintptr_t>(host_a + 1)};
  in.dst = {"device", 0, 0};
  in.bytes = 12;
  in.result = "cudaSuccess";
  kitcpu::RuntimeCall back = in;
  back.effective_kind = "device-to-host";
  back.src = {"device", 2, 0};
  back.dst = {"host", -1, 0, reinterpret_cast<std::uintptr_t>(host_c)};
  kitcpu::RuntimeCall malloc_call;
  malloc_call.call = "cudaMalloc";
  malloc_call.allocation = 2;
  malloc_call.bytes = 16;
  malloc_call.result = "cudaSuccess";
  kitcpu::RuntimeCall early = malloc_call;
  early.before = true;
  const nlohmann::json j_in = judged_form(in, layout, arena.data());
  const nlohmann::json j_back = judged_form(back, layout, arena.data());
  const nlohmann::json j_malloc = judged_form(malloc_call, layout, arena.data());
  forget_host_copies();
  // Each end also names its buffer and how far into it the copy starts (answer_flow.h).
  nlohmann::json host_a_end = kHostA, host_c_end = kHostC;
  host_a_end.update({{"buffer", "host A"}, {"offset", 4}});
  host_c_end.update({{"buffer", "host C"}, {"offset", 0}});
  EXPECT_EQ(j_in["from"], host_a_end);
  EXPECT_EQ(j_back["to"], host_c_end);
  EXPECT_EQ(j_in["to"], (nlohmann::json{{"array", "device memory"}, {"role", ""}, {"memory", "device"},
                                        {"buffer", "allocation 0"}, {"offset", 0}}));
  EXPECT_EQ(j_malloc["pointer"], "allocation 2");
  EXPECT_EQ(j_malloc["result"], "cudaSuccess");
  EXPECT_FALSE(j_malloc.contains("before"));
  EXPECT_EQ(judged_form(early, layout, arena.data())["before"], true);
  // Without the arena's address, host memory is only host memory.
  EXPECT_EQ(judged_form(in, layout)["from"]["array"], "host");
}

// The runner's word on the bytes of the student's copies (runtime_record.h): what a copy to the device
// carried, and which copies to the student's own host memory the output holds as they delivered them.
TEST(HostCodeBytes, CopiesUpMustCarryTheInputsAndStagedCopiesAreFoundInTheOutput) {
  const RunnerCase layout =
      layout_runner_case("vector_add", {4}, {{"A", DType::f32, {4}}}, {{"C", DType::f32, {4}}}, 4096);
  std::vector<unsigned char> arena(layout.arena_bytes);
  float host_a[4] = {1, 2, 3, 4}, host_c[4] = {-9, -9, -9, -9};
  name_host_copy(host_a, sizeof host_a, arena.data() + layout.arrays[0].offset);
  name_host_copy(host_c, sizeof host_c, arena.data() + layout.arrays[1].offset, true);
  const nlohmann::json pinned = {{"array", "host"}, {"role", ""}, {"memory", "pinned"}, {"buffer", "allocation 5"}, {"offset", 0}};
  auto device_at = [](std::size_t offset) {
    return nlohmann::json{{"array", "device memory"}, {"role", ""}, {"memory", "device"}, {"buffer", "allocation 0"}, {"offset", offset}};
  };
  // A staged A, the poisoned C, A's tail at its own offset and in a second array of one allocation.
  float staged_in[4] = {1, 2, 3, 4}, sums[4] = {5, 6, 7, 8};
  EXPECT_EQ(carried_bytes(pinned, device_at(0), staged_in, 16), "inputs");
  EXPECT_EQ(carried_bytes(pinned, device_at(0), host_c, 16), "inputs");
  EXPECT_EQ(carried_bytes(pinned, device_at(8), staged_in + 2, 8), "inputs");
  EXPECT_EQ(carried_bytes(pinned, device_at(24), staged_in + 2, 8), "inputs");
  EXPECT_EQ(carried_bytes(pinned, device_at(4), staged_in + 2, 8), "other");
  EXPECT_EQ(carried_bytes(pinned, device_at(0), sums, 16), "other");
  // A's own host copy, changed by the host before the copy, is not what was handed over.
  host_a[0] = 42;
  nlohmann::json a_end = kHostA;
  a_end.update({{"buffer", "host A"}, {"offset", 0}});
  EXPECT_EQ(carried_bytes(a_end, device_at(0), host_a, 16), "other");
  // Copies that carry nothing up are not judged.
  EXPECT_EQ(carried_bytes(device_at(0), pinned, sums, 16), "");
  // Two chunks of d_C into one pinned buffer; the output gets the first as delivered, and the host's own
  // bytes where the second went.
  float p_out[2] = {5, 6};
  EXPECT_EQ(delivered_copy(device_at(0), pinned, p_out, 8), 0);
  p_out[0] = 7;
  p_out[1] = 8;
  EXPECT_EQ(delivered_copy(device_at(8), pinned, p_out, 8), 1);
  nlohmann::json c_end = kHostC;
  c_end.update({{"buffer", "host C"}, {"offset", 0}});
  EXPECT_EQ(delivered_copy(device_at(0), c_end, host_c, 16), -1);  // straight into the output: the record says so
  host_c[0] = 5;
  host_c[1] = 6;
  host_c[2] = 7;
  host_c[3] = 9;
  find_staged_copies();
  const std::vector<nlohmann::json> staged = staged_copy_calls(layout, arena.data());
  ASSERT_EQ(staged.size(), 1u);
  EXPECT_EQ(staged[0]["call"], "staged-copy");
  EXPECT_EQ(staged[0]["copy"], 0);
  EXPECT_EQ(staged[0]["to"]["buffer"], "host C");
  EXPECT_EQ(staged[0]["to"]["offset"], 0);
  EXPECT_EQ(staged[0]["from"], device_at(0));
  host_c[3] = 8;
  find_staged_copies();
  EXPECT_EQ(staged_copy_calls(layout, arena.data()).size(), 2u);
  forget_host_copies();
  EXPECT_EQ(delivered_copy(device_at(0), pinned, p_out, 8), -1);  // no host code, nothing kept
}
#endif

}  // namespace
}  // namespace kit
