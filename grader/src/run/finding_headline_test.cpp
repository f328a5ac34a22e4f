#include "run/finding_headline.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

// A finding as the CPU backend's report gives it.
Finding cpu(const std::string& category, const std::string& message, const std::string& file, int line) {
  kitcpu::Diagnostic d;
  d.severity = "error";
  d.category = category;
  d.message = message;
  d.file = file;
  d.line = line;
  return finding_from_cpu(d);
}

TEST(FindingHeadline, SaysWhatHappenedAndWhere) {
  EXPECT_EQ(headline_for(cpu("uninitialized-shared-read", "Mds[0][1] is read before any thread of this block stored to it",
                          "/tmp/s/matmul_tiled.cu", 49)),
            "Mds[0][1] read before any thread of the block stored it at matmul_tiled.cu:49");
  EXPECT_EQ(headline_for(cpu("write-conflict", "P[1][0] is stored by two threads of one launch: ...", "a.cu", 58)),
            "two threads store P[1][0] at a.cu:58");
  EXPECT_EQ(headline_for(cpu("input-write", "the kernel stores to its input M[0][0]: inputs must stay unchanged", "a.cu", 32)),
            "the kernel writes its input M[0][0] at a.cu:32");
  EXPECT_EQ(headline_for(cpu("missing-barrier", "tile[8][0] is read by this thread after thread (0,0,0) stored it", "t.cu", 66)),
            "missing __syncthreads: tile[8][0] is stored and read by different threads with no barrier between at t.cu:66");
  EXPECT_EQ(headline_for(cpu("global-out-of-bounds", "out-of-bounds read of 4 byte(s), right after the end of N", "n.cu", 26)),
            "out-of-bounds read at n.cu:26");
  EXPECT_EQ(headline_for(cpu("hang", "", "", 0)), "timed out: the kernel hung");
  EXPECT_EQ(headline_for(cpu("host-hang", "the function did not return", "a.cu", 12)), "timed out: the host code hung at a.cu:12");
}

TEST(FindingHeadline, DiagnosisSplitsReadsFromWritesAndNamesRacesAsBarriers) {
  const Diagnosis d = diagnosis_of(cpu("shared-out-of-bounds", "out-of-bounds write of 4 bytes", "/x/y/k.cu", 7));
  EXPECT_EQ(d.category, "shared-out-of-bounds-write");
  EXPECT_EQ(d.file, "k.cu");
  EXPECT_EQ(d.line, 7);
  EXPECT_EQ(diagnosis_of(cpu("data-race", "", "", 0)).category, "missing-barrier");
}

// The report is written by the student's process: a forged line must not put anything long, multi-line
// or binary into a headline or a diagnosis.
TEST(FindingHeadline, AForgedReportGivesABoundedHeadline) {
  const std::string huge(1 << 20, 'A');
  EXPECT_EQ(headline_for(cpu("uninitialized-shared-read", huge + " is read", "a.cu", 3)),
            "a shared element read before any thread of the block stored it at a.cu:3");
  EXPECT_EQ(headline_for(cpu("write-conflict", "no marker here", "a.cu", 3)), "two threads store one element at a.cu:3");
  EXPECT_EQ(headline_for(cpu("input-write", "its input \x1b[31mM:", "", 0)), "the kernel writes its input");
  EXPECT_EQ(headline_for(cpu(huge, "", "", 0)), "the CPU backend stopped the kernel (?)");
  EXPECT_EQ(headline_for(cpu("hang", "", "x\ny.cu", 2)), "timed out: the kernel hung at your file:2");
  EXPECT_EQ(diagnosis_of(cpu(huge, "", "", 0)).category, "unknown");
}

}  // namespace
}  // namespace kit
