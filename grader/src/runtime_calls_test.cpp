// Judging where an answer came from, from the runtime calls a runner made (kit/runtime_calls.h).
#include "kit/runtime_calls.h"

#include <gtest/gtest.h>


#ifdef KIT_HAVE_CPU_BACKEND
#include "cpu_call_form.h"
#endif

namespace kit {
namespace {

const nlohmann::json kLaunch = {{"call", "launch"}, {"kernel", "matmul(float*)"}};

nlohmann::json copy(const std::string& kind, const nlohmann::json& from, const nlohmann::json& to) {
  return {{"call", "cudaMemcpy"}, {"kind", kind}, {"bytes", 64}, {"from", from}, {"to", to}};
}
const nlohmann::json kInputM = {{"array", "M"}, {"role", "input"}};
const nlohmann::json kOutputP = {{"array", "P"}, {"role", "output"}};
const nlohmann::json kHost = {{"array", "host"}, {"role", ""}};
const nlohmann::json kOwnDevice = {{"array", "device memory"}, {"role", ""}};

TEST(AnswerSource, AKernelAndDeviceCopiesAreTheKernelsWork) {
  EXPECT_EQ(answer_from_the_host({kLaunch}), "");
  // Staging an input in device memory of one's own is still device work.
  EXPECT_EQ(answer_from_the_host({copy("device-to-device", kInputM, kOwnDevice), kLaunch}), "");
}

TEST(AnswerSource, NoLaunchIsNoKernel) {
  EXPECT_EQ(answer_from_the_host({}), "no kernel was launched: the result must be computed by a kernel");
  EXPECT_EQ(answer_from_the_host({copy("device-to-device", kInputM, kOutputP)}),
            "no kernel was launched: the result must be computed by a kernel");
}

TEST(AnswerSource, ReadingInputsOrWritingOutputsFromTheHostIsHostWork) {
  EXPECT_EQ(answer_from_the_host({copy("device-to-host", kInputM, kHost), kLaunch,
                                  copy("host-to-device", kHost, kOutputP)}),
            "the answer came from host code: your code copied the input M (cudaMemcpy) to the host and wrote "
            "the output P (cudaMemcpy) from the host; it must be computed by a kernel");
  // Laundering an input through device memory of one's own first changes nothing.
  nlohmann::json laundered = copy("device-to-host", kOwnDevice, kHost);
  laundered["at"] = "matmul.cu:12";
  EXPECT_EQ(answer_from_the_host({kLaunch, laundered}),
            "the answer came from host code: your code copied device memory (cudaMemcpy at matmul.cu:12) to the "
            "host; it must be computed by a kernel");
}

TEST(AnswerSource, DescribesTheFirstCallsAndCountsTheRest) {
  std::vector<nlohmann::json> calls(14, kLaunch);
  calls[0] = copy("device-to-host", kInputM, kHost);
  const std::string text = describe_calls(calls);
  EXPECT_EQ(text.substr(0, text.find('\n')), "  cudaMemcpy device-to-host from M to host (64 bytes)");
  EXPECT_NE(text.find("  launch matmul(float*)\n"), std::string::npos);
  EXPECT_EQ(text.substr(text.rfind('\n') + 1), "  ... 2 more");
}

#ifdef KIT_HAVE_CPU_BACKEND
TEST(AnswerSource, TheCpuBackendsCallsNameTheArenasArrays) {
  const RunnerCase layout = layout_runner_case("f", {4, 4, 4}, {{"M", DType::f32, {4, 4}}}, {{"P", DType::f32, {4, 4}}},
                                               4096);
  kitcpu::RuntimeCall adopt;
  adopt.call = "adopt_device_memory";
  adopt.region = 0;
  kitcpu::RuntimeCall read;
  read.call = "cudaMemcpy";
  read.file = "matmul.cu";
  read.line = 7;
  read.effective_kind = "device-to-host";
  read.src = {"adopted", 0, static_cast<std::int64_t>(layout.arrays[0].offset + 8)};
  read.dst = {"host", -1, 0};
  read.bytes = 56;
  kitcpu::RuntimeCall launch;
  launch.call = "launch";
  launch.kernel = "matmul";
  launch.file = "matmul.cu";
  launch.line = 9;
  kitcpu::RuntimeCall write = read;
  write.line = 10;
  write.effective_kind = "host-to-device";
  write.src = {"pinned", 1, 0};
  write.dst = {"adopted", 0, static_cast<std::int64_t>(layout.arrays[1].offset)};
  std::vector<nlohmann::json> calls;
  for (const kitcpu::RuntimeCall& c : {adopt, read, launch, write}) {
    const nlohmann::json j = judged_form(c, layout);
    if (!j.is_null()) calls.push_back(j);
  }
  ASSERT_EQ(calls.size(), 3u);  // the adoption says nothing about the answer
  EXPECT_EQ(calls[0]["from"], kInputM);
  EXPECT_EQ(calls[0]["to"], kHost);
  EXPECT_EQ(calls[0]["at"], "matmul.cu:7");
  EXPECT_EQ(calls[1]["kernel"], "matmul");
  EXPECT_EQ(calls[2]["from"], kHost);  // pinned memory is host memory
  EXPECT_EQ(calls[2]["to"], kOutputP);
  EXPECT_EQ(answer_from_the_host(calls),
            "the answer came from host code: your code copied the input M (cudaMemcpy at matmul.cu:7) to the host "
            "and wrote the output P (cudaMemcpy at matmul.cu:10) from the host; it must be computed by a kernel");
}
#endif

}  // namespace
}  // namespace kit
