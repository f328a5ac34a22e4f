#include "run/compute_sanitizer_report.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

// The shape of compute-sanitizer 2025 (CUDA 13.0) reports, with addresses shortened.
const char* kMemcheck =
    "========= COMPUTE-SANITIZER\n"
    "========= Invalid __global__ write of size 4 bytes\n"
    "=========     at MatrixMulKernel(const float *, const float *, float *, int)+0x2d0 in "
    "/tmp/kit-grade-x/submission/matmul_naive.cu:27\n"
    "=========     by thread (2,0,0) in block (0,0,0)\n"
    "=========     Access at 0x7f0000000010 is out of bounds\n"
    "=========     and is 1 bytes after the nearest allocation at 0x7f000000000c of size 4 bytes\n"
    "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
    "=========         Host Frame: main in runner_main.cpp:220 [0x1234] in runner\n"
    "========= ERROR SUMMARY: 1 error\n";

TEST(ComputeSanitizerReport, MemcheckNamesTheAccessAndTheLine) {
  const Finding d = memcheck_finding(kMemcheck, "/tmp/kit-grade-x/submission/matmul_naive.cu");
  EXPECT_EQ(category_name(d), "out-of-bounds-write");
  EXPECT_EQ(d.file, "matmul_naive.cu");
  EXPECT_EQ(d.line, 27);
}

TEST(ComputeSanitizerReport, MemcheckReadsAndSharedMemory) {
  const std::string report =
      "========= Invalid __shared__ read of size 4 bytes\n"
      "=========     at 0x70 in /x/matmul_tiled.cu:48:TiledMatrixMulKernel(const float *, const float *, float *, int)\n"
      "=========     by thread (0,0,0) in block (0,0,0)\n";
  const Finding d = memcheck_finding(report, "matmul_tiled.cu");
  EXPECT_EQ(category_name(d), "shared-out-of-bounds-read");
  EXPECT_EQ(d.line, 48);
}

TEST(ComputeSanitizerReport, MemcheckWithoutAnErrorDiagnosesNothing) {
  EXPECT_EQ(memcheck_finding("========= ERROR SUMMARY: 0 errors\n", "a.cu").category, Category::none);
  // A line of another file (the harness) is not the student's line.
  const Finding d = memcheck_finding(
      "========= Invalid __global__ read of size 4 bytes\n=========     at k+0x10 in /x/harness.cu:12\n", "a.cu");
  EXPECT_EQ(category_name(d), "out-of-bounds-read");
  EXPECT_EQ(d.line, 0);
}

TEST(ComputeSanitizerReport, RacecheckNamesTheFirstLineOfTheStudentsFile) {
  const std::string report =
      "========= Error: Race reported between Write access at TiledKernel+0x90 in /s/matmul_tiled.cu:41\n"
      "=========     and Read access at TiledKernel+0x120 in /s/matmul_tiled.cu:47 [8 hazards]\n";
  const Finding d = racecheck_finding(report, "/s/matmul_tiled.cu");
  EXPECT_EQ(d.category, Category::race);
  EXPECT_EQ(category_name(d), "missing-barrier");
  EXPECT_EQ(d.line, 41);
  EXPECT_NE(sanitizer_findings(report, "/s/matmul_tiled.cu").find("Race reported"), std::string::npos);
}

}  // namespace
}  // namespace kit
