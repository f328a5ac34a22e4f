// The launch record as reports show it (assignment/launch_record.h).
#include "assignment/launch_record.h"

#include <gtest/gtest.h>

#include "reports/report_json.h"
#include "reports/report_text.h"

namespace kit {
namespace {

TEST(LaunchRecord, ReadsTheLaunchesOfTheRecordOnly) {
  const std::vector<nlohmann::json> calls = {
      {{"call", "cudaMalloc"}, {"bytes", 4000}},
      {{"call", "launch"}, {"kernel", "vecAddKernel(float const*, float const*, float*, int)"}, {"grid", {4u, 1u, 1u}},
       {"block", {256u, 1u, 1u}}, {"shared_bytes", 0}, {"stream", 0}, {"at", "vector_add.cu:38"},
       {"result", "cudaSuccess"}},
      {{"call", "launch"}, {"kernel", "k"}, {"grid", {1, 1, 1}}, {"block", {32, 64, 1}}, {"stream", "0x5a"},
       {"result", "cudaErrorInvalidValue"}},
  };
  const std::vector<LaunchRecord> launches = launches_in_record(calls);
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(format_launch(launches[0]),
            "vecAddKernel<<<(4,1,1), (256,1,1), 0 bytes, stream 0>>> at vector_add.cu:38: cudaSuccess");
  EXPECT_EQ(format_launch(launches[1]), "k<<<(1,1,1), (32,64,1), 0 bytes, stream 0x5a>>>: cudaErrorInvalidValue");
  EXPECT_EQ(launch_json(launches[1])["block"], nlohmann::json({32, 64, 1}));
  EXPECT_EQ(launches_in_record(calls, 1).size(), 1u);
}

GradeResult result_with_a_launch() {
  GradeResult r;
  r.assignment = "vector-add";
  TestResult t;
  t.name = "n 1000";
  t.group = "primes";
  t.status = TestStatus::passed;
  LaunchRecord l;
  l.kernel = "vecAddKernel(float const*, float const*, float*, int)";
  l.grid = {4, 1, 1};
  l.block = {256, 1, 1};
  l.stream = "0";
  l.at = "vector_add.cu:38";
  l.result = "cudaSuccess";
  t.launches = {l};
  r.tests = {t};
  return r;
}

TEST(LaunchRecord, IsInTheJsonResult) {
  const nlohmann::json j = to_json(result_with_a_launch());
  const nlohmann::json& launch = j["tests"][0]["launches"][0];
  EXPECT_EQ(launch["grid"], nlohmann::json({4, 1, 1}));
  EXPECT_EQ(launch["at"], "vector_add.cu:38");
  EXPECT_EQ(launch["stream"], "0");
  EXPECT_EQ(launch["result"], "cudaSuccess");
}

TEST(LaunchRecord, IsInTheVerboseTextOnly) {
  TextReportOptions verbose;
  verbose.verbose = true;
  const std::string line = "launch vecAddKernel<<<(4,1,1), (256,1,1), 0 bytes, stream 0>>> at vector_add.cu:38";
  EXPECT_NE(render_text(result_with_a_launch(), verbose).find(line), std::string::npos);
  EXPECT_EQ(render_text(result_with_a_launch(), TextReportOptions{}).find(line), std::string::npos);
  GradeResult twice = result_with_a_launch();
  twice.tests[0].launches.push_back(twice.tests[0].launches[0]);
  EXPECT_NE(render_text(twice, verbose).find(line + ": cudaSuccess (2 times)"), std::string::npos);
}

}  // namespace
}  // namespace kit
