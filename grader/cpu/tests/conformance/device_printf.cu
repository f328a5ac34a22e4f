// printf in device code: every call prints once, with the formats students use.
#include "conformance.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

namespace {

// Runs `body` with the process's standard output sent to a temporary file, and returns what it
// printed. Device printf reaches standard output at the latest at the next synchronisation.
template <typename Body>
std::string capture_stdout(Body body) {
  std::fflush(stdout);
  std::FILE* file = std::tmpfile();
  int saved = dup(STDOUT_FILENO);
  dup2(fileno(file), STDOUT_FILENO);
  body();
  std::fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  std::rewind(file);
  std::string text;
  char chunk[4096];
  for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, file)) > 0;) text.append(chunk, got);
  std::fclose(file);
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

__global__ void say_hello(float scale) {
  printf("block %d thread %d value %.2f %s\n", blockIdx.x, threadIdx.x, threadIdx.x * scale, "done");
}

TEST(DevicePrintf, EveryThreadPrintsOnce) {
  std::string out = capture_stdout([] {
    say_hello<<<3, 4>>>(0.5f);
    cudaDeviceSynchronize();
  });
  std::vector<std::string> got = lines_of(out), expected;
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < 4; ++t) {
      char line[80];
      std::snprintf(line, sizeof line, "block %d thread %d value %.2f done", b, t, t * 0.5f);
      expected.push_back(line);
    }
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected) << out;
}

// The output of one thread keeps its order; and the barrier orders every thread's first line before
// any thread's second line.
__global__ void two_lines_per_thread() {
  printf("first %d\n", threadIdx.x);
  __syncthreads();
  printf("second %d\n", threadIdx.x);
}

TEST(DevicePrintf, OneThreadsLinesStayInOrder) {
  std::vector<std::string> got = lines_of(capture_stdout([] {
    two_lines_per_thread<<<1, 8>>>();
    cudaDeviceSynchronize();
  }));
  ASSERT_EQ(got.size(), 16u);
  for (int t = 0; t < 8; ++t) {
    auto first = std::find(got.begin(), got.end(), "first " + std::to_string(t));
    auto second = std::find(got.begin(), got.end(), "second " + std::to_string(t));
    ASSERT_NE(first, got.end()) << t;
    ASSERT_NE(second, got.end()) << t;
    EXPECT_LT(first, second) << t;
  }
  for (int k = 0; k < 8; ++k) EXPECT_EQ(got[k].rfind("first ", 0), 0u) << got[k];
}

}  // namespace
