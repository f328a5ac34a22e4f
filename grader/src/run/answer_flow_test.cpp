// Following where an answer came from (answer_flow.h), on records of both backends' shapes.
#include "run/answer_flow.h"

#include "run/worker.h"

#include <gtest/gtest.h>

#include <limits>

namespace kit {
namespace {

using Calls = std::vector<nlohmann::json>;
using nlohmann::json;

json host(const std::string& array, const std::string& role, std::uint64_t offset = 0) {
  return {{"array", array}, {"role", role}, {"side", "host"}, {"buffer", "host " + array}, {"offset", offset}};
}
json device(int id, const std::string& memory = "device", std::uint64_t offset = 0) {
  return {{"array", memory == "pinned" ? "host" : "device memory"}, {"role", ""}, {"memory", memory},
          {"buffer", "allocation " + std::to_string(id)}, {"offset", offset}};
}
json arena(const std::string& array, const std::string& role) {
  return {{"array", array}, {"role", role}, {"buffer", "array " + array}, {"offset", 0}};
}
const json kPlainHost = {{"array", "host"}, {"role", ""}, {"memory", "host"}};

json copy_call(const json& from, const json& to, std::uint64_t bytes, const std::string& at = "vector_add.cu:40") {
  return {{"call", "cudaMemcpy"}, {"bytes", bytes}, {"from", from}, {"to", to}, {"at", at}};
}
// A copy to the device whose bytes the runner compared with what the harness handed over.
json carried(json copy, const std::string& what) {
  copy["carried"] = what;
  return copy;
}
// A copy to the host of the student's that the runner numbered, and its bytes found in C at `offset`.
json numbered(json copy, int number) {
  copy["copy"] = number;
  return copy;
}
json staged(int number, std::uint64_t bytes, std::uint64_t offset = 0) {
  return {{"call", "staged-copy"}, {"kind", "device-to-host"}, {"copy", number}, {"bytes", bytes},
          {"from", device(2, "device", offset)}, {"to", host("C", "output", offset)}};
}
json memset_call(const json& to, std::uint64_t bytes) {
  return {{"call", "cudaMemset"}, {"bytes", bytes}, {"to", to}, {"at", "vector_add.cu:33"}};
}
json launch(const std::vector<json>& arguments, const std::string& kernel = "vecAdd(float const*, float*)") {
  return {{"call", "launch"}, {"kernel", kernel}, {"arguments", arguments}, {"at", "vector_add.cu:38"},
          {"result", "cudaSuccess"}};
}
json writes(const std::vector<json>& ends) { return {{"call", "kernel-writes"}, {"writes", ends}}; }
json wrote(json end, std::uint64_t bytes) {
  end["bytes"] = bytes;
  return end;
}

const std::vector<AnswerOutput> kC = {{"C", 4000, 4}};

// The contract: inputs in, a kernel writes d_C, d_C back into the host's C.
Calls honest(bool cpu_writes) {
  Calls calls = {carried(copy_call(host("A", "input"), device(0), 4000), "inputs"), launch({device(0), device(2)})};
  if (cpu_writes) calls.push_back(writes({wrote(device(2), 4000)}));
  calls.push_back(copy_call(device(2), host("C", "output"), 4000));
  return calls;
}

TEST(AnswerFlow, AKernelsOutputCopiedBackIsTheDevicesAnswer) {
  for (bool cpu : {false, true}) {
    const AnswerFlow flow = follow_answer(honest(cpu), kC, true);
    EXPECT_EQ(flow.host_work, "") << cpu;
    EXPECT_EQ(flow.kernels, (std::set<std::string>{"vecAdd"}));
  }
}

TEST(AnswerFlow, ASumCopiedUpAndBackPastAnEmptyKernelIsTheHosts) {
  // The host adds, copies the sum into d_C, launches a kernel that writes nothing, copies d_C back.
  const Calls calls = {copy_call(kPlainHost, device(2), 4000, "vector_add.cu:31"), launch({device(2)}), writes({}),
                       copy_call(device(2), host("C", "output"), 4000)};
  const AnswerFlow flow = follow_answer(calls, kC, true);
  EXPECT_EQ(flow.host_work,
            "the answer came from host code: C was last written from the host (cudaMemcpy at vector_add.cu:31), not "
            "by a kernel; the result must be computed by a kernel and copied back from device memory (cudaMalloc)");
  EXPECT_TRUE(flow.kernels.empty());
  // On a GPU the launch's argument is all the record has: the kernel given d_C counts as its writer, but
  // the bytes it was given are not the inputs, so what it wrote is not its own work.
  const Calls gpu = {copy_call(kPlainHost, device(2), 4000, "vector_add.cu:31"), launch({device(2)}),
                     copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_EQ(follow_answer(gpu, kC, true).host_work.rfind(
                "the answer came from host code: a copy to the device (cudaMemcpy at vector_add.cu:31) carried bytes "
                "that are not the inputs",
                0),
            0u);
  // ... but not one launched without it.
  const Calls unrelated = {copy_call(kPlainHost, device(2), 4000), launch({device(0)}), copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_NE(follow_answer(unrelated, kC, true).host_work, "");
}

TEST(AnswerFlow, ASumCopiedUpAsAnInputLaundersTheKernelsWork) {
  // The host adds, copies the sum into d_A, zeroes d_B, and a kernel adds the two into d_C.
  for (bool cpu : {false, true}) {
    Calls calls = {carried(copy_call(kPlainHost, device(0), 4000, "vector_add.cu:31"), "other"),
                   memset_call(device(1), 4000), launch({device(0), device(1), device(2)}, "vecAdd(float const*, float const*, float*)")};
    if (cpu) calls.push_back(writes({wrote(device(2), 4000)}));
    calls.push_back(copy_call(device(2), host("C", "output"), 4000));
    const AnswerFlow flow = follow_answer(calls, kC, true);
    EXPECT_EQ(flow.host_work,
              "the answer came from host code: a copy to the device (cudaMemcpy at vector_add.cu:31) carried bytes that "
              "are not the inputs as the harness handed them over, and the kernel vecAdd at vector_add.cu:38 computed "
              "from them; C came from it: the kernels must compute from the inputs as they were handed over, copied to "
              "the device unchanged")
        << cpu;
    EXPECT_TRUE(flow.kernels.empty());
    // A kernel that reads what such a kernel wrote computes from host work too.
    calls.insert(calls.end() - 1, launch({device(2), device(3)}, "copy(float const*, float*)"));
    EXPECT_NE(follow_answer(calls, kC, true).host_work.find("carried bytes that are not the inputs"), std::string::npos);
  }
  // A copy up that the runner could not vouch for counts the same; one it found to be the inputs (a
  // pinned staging buffer holding A) is the contract.
  const Calls unchecked = {copy_call(kPlainHost, device(0), 4000), launch({device(0), device(2)}),
                           copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_NE(follow_answer(unchecked, kC, true).host_work, "");
  const Calls staged_in = {carried(copy_call(device(5, "pinned"), device(0), 4000), "inputs"), launch({device(0), device(2)}),
                           copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_EQ(follow_answer(staged_in, kC, true).host_work, "");
  // Where the harness owns the arrays the runner compares nothing, and a host copy up is judged as before.
  EXPECT_EQ(follow_answer({copy_call(kPlainHost, arena("A", "input"), 4000), launch({arena("A", "input"), arena("C", "output")})},
                          kC, false)
                .host_work,
            "");
}

TEST(AnswerFlow, AKernelGivenPinnedMemoryComputesFromHostWork) {
  // The host writes its sum into pinned memory, which a kernel reads, adding zeros.
  const Calls calls = {memset_call(device(1), 4000), launch({device(5, "pinned"), device(1), device(2)}),
                       copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_EQ(follow_answer(calls, kC, true).host_work.rfind(
                "the answer came from host code: the kernel vecAdd at vector_add.cu:38 was given pinned host memory", 0),
            0u);
}

TEST(AnswerFlow, AStagedCopyCarriesTheWritersOfItsTime) {
  // d_C is copied into a pinned buffer, which plain host code copies into C: the runner found the copy's
  // bytes in C when the function returned.
  Calls calls = honest(true);
  calls.back() = numbered(copy_call(device(2), device(6, "pinned"), 4000), 0);
  calls.push_back(staged(0, 4000));
  EXPECT_EQ(follow_answer(calls, kC, true).host_work, "");
  EXPECT_EQ(follow_answer(calls, kC, true).kernels, (std::set<std::string>{"vecAdd"}));
  // What d_C holds later changes nothing: the bytes left the device when the copy ran.
  Calls later = calls;
  later.insert(later.end() - 1, memset_call(device(2), 4000));
  EXPECT_EQ(follow_answer(later, kC, true).host_work, "");
  // A sum copied into d_C, copied out, and a kernel writing d_C afterwards: the bytes in C are the sum's.
  const Calls before = {carried(copy_call(kPlainHost, device(2), 4000, "vector_add.cu:31"), "other"),
                        numbered(copy_call(device(2), device(6, "pinned"), 4000), 0), launch({device(2)}),
                        writes({wrote(device(2), 4000)}), staged(0, 4000)};
  EXPECT_NE(follow_answer(before, kC, true).host_work.find("C was last written from the host (cudaMemcpy at vector_add.cu:31)"),
            std::string::npos);
  // Chunks: each copy's bytes land at its source's offset; a staged copy of an unknown number is nothing.
  Calls chunks = honest(true);
  chunks.back() = numbered(copy_call(device(2), device(6, "pinned"), 2000), 0);
  chunks.push_back(numbered(copy_call(device(2, "device", 2000), device(6, "pinned"), 2000), 1));
  chunks.push_back(staged(0, 2000));
  EXPECT_EQ(follow_answer(chunks, kC, true).short_copy.rfind("only the first 2000 bytes of C's 4000", 0), 0u);
  chunks.push_back(staged(7, 2000, 2000));
  EXPECT_NE(follow_answer(chunks, kC, true).short_copy, "");
  chunks.push_back(staged(1, 2000, 2000));
  EXPECT_EQ(follow_answer(chunks, kC, true).host_work, "");
  EXPECT_EQ(follow_answer(chunks, kC, true).short_copy, "");
}

// A copy back counted in elements rather than bytes: the kernel's answer came back, too little of it. Not
// host work; the test fails all the same, and a host loop that filled in the rest is caught by it too.
TEST(AnswerFlow, AFourByteCopyBackDoesNotCoverTheOutput) {
  const Calls calls = {launch({device(2)}), writes({wrote(device(2), 4)}), copy_call(device(2), host("C", "output"), 4)};
  EXPECT_EQ(follow_answer(calls, kC, true).host_work, "");
  EXPECT_EQ(follow_answer(calls, kC, true).short_copy,
            "only the first 4 bytes of C's 4000 were copied back from the device; C[1] to C[999] were never written: "
            "cudaMemcpy counts bytes, so copy back the number of elements times the size of one (sizeof)");
  // Where the rest holds the right values, host code wrote them (run_outputs.cpp chooses by the values).
  EXPECT_EQ(follow_answer(calls, kC, true).short_copy_host_work.rfind("the answer came from host code: C[1] to C[999]", 0), 0u);
  // A copy back that starts past the output's start is no short count: what came before it is the host's.
  const Calls later = {launch({device(2)}), writes({wrote(device(2), 4000)}),
                       copy_call(device(2, "device", 4), host("C", "output", 4), 3996)};
  EXPECT_EQ(follow_answer(later, kC, true).short_copy, "");
  EXPECT_NE(follow_answer(later, kC, true).host_work, "");
}

TEST(AnswerFlow, CopiesBetweenDeviceBuffersCarryTheirWriters) {
  // A kernel writes d_T; d_T is copied to d_C, then back: the kernel's.
  const Calls good = {launch({device(3)}), writes({wrote(device(3), 4000)}), copy_call(device(3), device(2), 4000),
                      copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_EQ(follow_answer(good, kC, true).host_work, "");
  // A memset's bytes moved by a copy stay the memset's.
  Calls bad = {{{"call", "cudaMemset"}, {"bytes", 4000}, {"to", device(3)}, {"at", "v.cu:9"}},
               copy_call(device(3), device(2), 4000), copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_NE(follow_answer(bad, kC, true).host_work.find("was last written by cudaMemset at v.cu:9"), std::string::npos);
}

TEST(AnswerFlow, AKernelMayRewriteAWordItWasGivenFresh) {
  // The CPU backend sees only changed words: one the kernel wrote with the value fresh memory held is
  // still the kernel's when the buffer was its argument.
  const Calls calls = {launch({device(2)}), writes({wrote(device(2), 400)}), copy_call(device(2), host("C", "output"), 4000)};
  EXPECT_EQ(follow_answer(calls, kC, true).host_work, "");
}

TEST(AnswerFlow, MemoryTheHostCanWriteIsNeverTheDevicesAnswer) {
  const Calls managed = {launch({device(2, "managed")}), writes({wrote(device(2, "managed"), 4000)}),
                         copy_call(device(2, "managed"), host("C", "output"), 4000)};
  EXPECT_NE(follow_answer(managed, kC, true).host_work.find("managed memory (cudaMallocManaged), which host code can write too"),
            std::string::npos);
}

TEST(AnswerFlow, WhereTheHarnessOwnsTheArraysHostVisibleMemoryFails) {
  const std::vector<AnswerOutput> p = {{"P", 64, 4}};
  const Calls pinned_argument = {launch({arena("M", "input"), device(0, "pinned")}, "copyOut(float const*, float*)"),
                                 launch({arena("P", "output")}, "copyIn(float*)")};
  EXPECT_NE(follow_answer(pinned_argument, p, false).host_work.find("the kernel copyOut at vector_add.cu:38 was given pinned host memory"),
            std::string::npos);
  const Calls allocated = {{{"call", "cudaMallocHost"}, {"bytes", 64}, {"at", "m.cu:3"}}, launch({arena("P", "output")})};
  EXPECT_EQ(follow_answer(allocated, p, false).host_work,
            "the answer came from host code: your code made memory that both the host and kernels reach "
            "(cudaMallocHost at m.cu:3); in this assignment the kernels work on the device arrays they are given");
  // A product copied up from a __device__ variable the host filled, through device memory, into P.
  const json symbol = {{"array", "device memory"}, {"role", ""}, {"memory", "symbol"}, {"buffer", "symbol"}, {"offset", 0}};
  const Calls via_symbol = {copy_call(kPlainHost, symbol, 64, "m.cu:7"), copy_call(symbol, arena("P", "output"), 64, "m.cu:8")};
  EXPECT_NE(follow_answer(via_symbol, p, false).host_work.find("P was last written from the host"), std::string::npos);
  // The kernel writing P is the contract.
  EXPECT_EQ(follow_answer({launch({arena("M", "input"), arena("P", "output")})}, p, false).host_work, "");
}

TEST(AnswerFlow, EachSeedIsJudgedOnItsOwn) {
  // The first seed copies back; the second does not: its C is the host's.
  Calls calls = honest(true);
  const std::size_t first = calls.size();
  calls.push_back(launch({device(2)}));
  calls.push_back(writes({wrote(device(2), 4000)}));
  EXPECT_EQ(follow_answers(calls, {first}, kC, true).host_work, "");
  EXPECT_NE(follow_answers(calls, {first, calls.size()}, kC, true).host_work, "");
}

TEST(AnswerFlow, ARecordSplitsIntoItsSeeds) {
  const Calls calls = {launch({}), launch({}), launch({})};
  const std::vector<Calls> seeds = calls_by_seed(calls, {1, 3});
  ASSERT_EQ(seeds.size(), 2u);
  EXPECT_EQ(seeds[0].size(), 1u);
  EXPECT_EQ(seeds[1].size(), 2u);
  // Ends past the record, or before the last one, are cut to what is there.
  EXPECT_EQ(calls_by_seed(calls, {2, 1, 9}).back().size(), 1u);
}

TEST(AnswerFlow, AnOutputAnyFiniteValuePassesHasNoAnswerToFollow) {
  // A timing report: the host measures it, the harness writes it, no kernel computes it.
  const std::vector<ArraySpec> specs = {{"y", DType::f32, {8}}, {"report", DType::f32, {4}}};
  Expected expected;
  expected.error_scales = {std::vector<double>(8, 0.0), std::vector<double>(4, std::numeric_limits<double>::infinity())};
  const std::vector<AnswerOutput> followed = answer_outputs(specs, expected);
  ASSERT_EQ(followed.size(), 1u);
  EXPECT_EQ(followed[0].name, "y");
  EXPECT_EQ(followed[0].bytes, 32u);
  // Without error scales (a spot-checked case) every output is followed.
  EXPECT_EQ(answer_outputs(specs, Expected{}).size(), 2u);
}

TEST(AnswerFlow, TheRunnersMarkSaysTheFunctionWroteItsHostCode) {
  EXPECT_TRUE(host_code_record({launch({}), {{"call", "host-arrays"}}}));
  EXPECT_FALSE(host_code_record({launch({})}));
}

TEST(AnswerFlow, KernelKeysMatchTheRecordAndTheCompilersReport) {
  EXPECT_EQ(kernel_key("vecAdd(float const*, float*)"), "vecAdd");
  EXPECT_EQ(kernel_key("void TiledKernel<16>(float const*, float const*, float*, int)"), "TiledKernel");
  EXPECT_EQ(kernel_key("TiledKernel<TILE_WIDTH>"), "TiledKernel");
  EXPECT_EQ(kernel_key("void tiles::TiledKernel<(int)16, Add<float> >(float*)"), "TiledKernel");
  EXPECT_EQ(kernel_key("plain"), "plain");
}

TEST(AnswerFlow, AKernelWhoseWritesALaterKernelRewroteIsNoEvidence) {
  // A decoy writes all of P, a second kernel writes P again. At a small size, where the decoy's one phase
  // is the whole product, the second writes the same values and the CPU backend sees no change: the decoy
  // is the last writer. At a larger size the second kernel's writes show, but for a few words.
  const json P = arena("P", "output");
  const Calls small = {launch({P}, "Decoy(float*)"), writes({wrote(P, 64)}), launch({P}, "Naive(float*)"), writes({})};
  const AnswerFlow at_small = follow_answer(small, {{"P", 64, 4}}, false);
  EXPECT_EQ(at_small.kernels, (std::set<std::string>{"Decoy"}));
  EXPECT_EQ(at_small.answer_bytes, 64u);
  json rest = P;
  rest["offset"] = 24;
  const Calls large = {launch({P}, "Decoy(float*)"), writes({wrote(P, 1024)}), launch({P}, "Naive(float*)"),
                       writes({wrote(rest, 1000)})};
  const AnswerFlow at_large = follow_answer(large, {{"P", 1024, 4}}, false);
  EXPECT_EQ(at_large.kernels, (std::set<std::string>{"Naive"}));  // 24 of 1024 bytes is no share of the work
  EXPECT_EQ(at_large.answer_bytes, 1024u);
  // The grading keeps the larger run's kernels, whichever order the tests end in.
  for (bool large_first : {false, true}) {
    CorrectnessEvidence e;
    const AnswerFlow& first = large_first ? at_large : at_small;
    const AnswerFlow& second = large_first ? at_small : at_large;
    credit_kernels(e, first.kernels, first.answer_bytes);
    credit_kernels(e, second.kernels, second.answer_bytes);
    EXPECT_EQ(e.launched_kernels, (std::set<std::string>{"Naive"})) << large_first;
  }
}

}  // namespace
}  // namespace kit
