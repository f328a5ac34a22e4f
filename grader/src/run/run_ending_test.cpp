#include "run/run_ending.h"

#include <set>

#include <gtest/gtest.h>
#include <kitcpu/run_protocol.h>

namespace kit {
namespace {

RunEnding ended(RunMode mode, int exit_code) {
  RunEnding e;
  e.mode = mode;
  e.process.exit_code = exit_code;
  e.source = "/tmp/grading/submission/matmul_tiled.cu";
  e.timeout_s = 20;
  e.stall_timeout_s = 10;
  e.label = "[label] ";
  return e;
}

kitcpu::Diagnostic diagnostic(const std::string& severity, const std::string& category, const std::string& message) {
  kitcpu::Diagnostic d;
  d.severity = severity;
  d.category = category;
  d.message = message;
  d.file = "/tmp/grading/submission/matmul_tiled.cu";
  d.line = 48;
  return d;
}

// Each code says who ended the run: none may mean two things.
TEST(RunProtocol, ExitCodesDoNotCollide) {
  const std::set<int> codes = {kitcpu::kFatalDiagnosticExitCode, kitcpu::kBadEnvironmentExitCode,
                               kitcpu::kComputeSanitizerExitCode, kitcpu::kAddressSanitizerExitCode,
                               kitcpu::kThreadSanitizerExitCode};
  EXPECT_EQ(codes.size(), 5u);
}

TEST(RunEnding, ACleanEndLeavesTheOutputsToJudge) {
  RunVerdict v;
  EXPECT_FALSE(read_ending(ended(RunMode::plain, 0), read_cpu_reports({}, {}), v));
  EXPECT_FALSE(v.fatal);
}

TEST(RunEnding, TheFirstErrorOfTheCpuBackendHeadsTheRun) {
  const CpuReports r = read_cpu_reports(
      {diagnostic("warning", "early-exit-before-barrier", "a thread returned"),
       diagnostic("error", "uninitialized-shared-read", "Mds[0][1] is read before any thread of this block stored to it"),
       diagnostic("error", "divergent-barrier", "")},
      {});
  ASSERT_TRUE(r.first);
  EXPECT_TRUE(r.error);
  RunVerdict v;
  ASSERT_TRUE(read_ending(ended(RunMode::access_checks, kitcpu::kFatalDiagnosticExitCode), r, v));
  EXPECT_TRUE(v.fatal);
  EXPECT_EQ(v.message, "Mds[0][1] read before any thread of the block stored it at matmul_tiled.cu:48");
  EXPECT_EQ(diagnosis_of(v.finding).category, "uninitialized-shared-read");
  EXPECT_EQ(v.details.rfind("[label] \n", 0), 0u);
}

TEST(RunEnding, AStopWithNoReportNamesNoCategoryOfTheBackends) {
  RunVerdict v;
  ASSERT_TRUE(read_ending(ended(RunMode::plain, kitcpu::kFatalDiagnosticExitCode), read_cpu_reports({}, {}), v));
  EXPECT_EQ(v.message, "the CPU backend stopped the kernel (?)");
  EXPECT_EQ(diagnosis_of(v.finding).category, "unknown");
}

TEST(RunEnding, TheWatchdogsHangIsATimeOut) {
  RunVerdict v;
  ASSERT_TRUE(read_ending(ended(RunMode::plain, kitcpu::kFatalDiagnosticExitCode),
                          read_cpu_reports({diagnostic("error", "hang", "no block finished")}, {}), v));
  EXPECT_TRUE(v.timed_out);
  EXPECT_EQ(v.message, "timed out: the kernel hung at matmul_tiled.cu:48");
}

TEST(RunEnding, ASanitizersReportStopsTheRunWhateverItsExitCode) {
  RunVerdict v;
  const CpuReports r = read_cpu_reports({}, {diagnostic("error", "data-race", "")});
  ASSERT_TRUE(read_ending(ended(RunMode::tsan, kitcpu::kThreadSanitizerExitCode), r, v));
  EXPECT_EQ(v.finding.category, Category::race);
  EXPECT_EQ(v.message, "missing __syncthreads suspected at matmul_tiled.cu:48");
}

// The runtime's hook knows only that a race happened; the parsed report knows two stores to one global
// element: the race detector's run is named by the report, and a student never reads "missing
// __syncthreads" for it.
TEST(RunEnding, ARaceDetectorsRunIsNamedByTheParsedReport) {
  RunVerdict v;
  kitcpu::Diagnostic store = diagnostic("error", "write-conflict", "two threads store the same 4-byte location");
  store.line = 82;
  const CpuReports r = read_cpu_reports({diagnostic("error", "data-race", "this access races")}, {store});
  ASSERT_TRUE(read_ending(ended(RunMode::tsan, kitcpu::kFatalDiagnosticExitCode), r, v));
  EXPECT_EQ(v.finding.category, Category::write_conflict);
  EXPECT_EQ(v.message, "two threads store one element at matmul_tiled.cu:82");
}

TEST(RunEnding, NoPointerToASanitizersReportThatIsNotShown) {
  kitcpu::Diagnostic d = diagnostic("error", "global-out-of-bounds",
                                    "out-of-bounds read of 4 byte(s), 28 bytes after the end of idata (the AddressSanitizer "
                                    "report above has the details)");
  kitcpu::Diagnostic e = diagnostic("error", "global-out-of-bounds",
                                    "write of 4 byte(s) at 0x6 (heap-buffer-overflow; the AddressSanitizer report above "
                                    "has the details)");
  const CpuReports r = read_cpu_reports({d, e}, {});
  EXPECT_EQ(r.diagnostics.find("report above"), std::string::npos) << r.diagnostics;
  EXPECT_NE(r.diagnostics.find("28 bytes after the end of idata"), std::string::npos) << r.diagnostics;
  EXPECT_NE(r.diagnostics.find("(heap-buffer-overflow)"), std::string::npos) << r.diagnostics;
}

TEST(RunEnding, ComputeSanitizersVerdictIsItsExitCode) {
  RunEnding e = ended(RunMode::memcheck, kitcpu::kComputeSanitizerExitCode);
  e.process.out = "========= Invalid __global__ write of size 4 bytes\n"
                  "=========     at K+0x2d0 in /tmp/grading/submission/matmul_tiled.cu:27\n";
  RunVerdict v;
  ASSERT_TRUE(read_ending(e, read_cpu_reports({}, {}), v));
  EXPECT_EQ(v.message, "out-of-bounds write at matmul_tiled.cu:27 (compute-sanitizer memcheck)");
  EXPECT_EQ(v.finding.line, 27);

  RunEnding nothing = ended(RunMode::memcheck, kitcpu::kComputeSanitizerExitCode);
  RunVerdict w;
  ASSERT_TRUE(read_ending(nothing, read_cpu_reports({}, {}), w));
  EXPECT_EQ(w.message, "invalid memory access (compute-sanitizer memcheck)");
  EXPECT_EQ(diagnosis_of(w.finding).category, "memory-error");

  RunEnding race = ended(RunMode::racecheck, kitcpu::kComputeSanitizerExitCode);
  RunVerdict r;
  ASSERT_TRUE(read_ending(race, read_cpu_reports({}, {}), r));
  EXPECT_EQ(r.finding.category, Category::race);
  // The plain run's exit code of the same value is the program's own.
  RunVerdict p;
  EXPECT_FALSE(read_ending(ended(RunMode::plain, kitcpu::kComputeSanitizerExitCode), read_cpu_reports({}, {}), p));
}

TEST(RunEnding, TheGradersOwnObservationsComeFirst) {
  RunEnding e = ended(RunMode::plain, kitcpu::kFatalDiagnosticExitCode);
  e.record_cut = "the runner reported 3 runtime calls and 1 reached the grader";
  e.process.err = "last words";
  RunVerdict v;
  ASSERT_TRUE(read_ending(e, read_cpu_reports({diagnostic("error", "hang", "")}, {}), v));
  EXPECT_EQ(v.message, "the program tampered with the grader's channel: " + e.record_cut);
  EXPECT_EQ(v.finding.category, Category::none);
  EXPECT_NE(v.details.find("the program's last output:\n  last words"), std::string::npos);
}

TEST(RunEnding, StallsTimeoutsAndSignals) {
  RunEnding stalled = ended(RunMode::plain, -1);
  stalled.process.timed_out = stalled.process.stalled = true;
  RunVerdict v;
  ASSERT_TRUE(read_ending(stalled, read_cpu_reports({}, {}), v));
  EXPECT_EQ(v.finding.category, Category::hang);
  EXPECT_TRUE(v.timed_out);
  EXPECT_NE(v.message.find("more than 10 s (limits.run_seconds)"), std::string::npos);

  RunEnding timed_out = ended(RunMode::plain, -1);
  timed_out.process.timed_out = true;
  RunVerdict t;
  ASSERT_TRUE(read_ending(timed_out, read_cpu_reports({}, {}), t));
  EXPECT_EQ(t.finding.category, Category::timeout);
  EXPECT_EQ(t.message, "timed out after 20 s: an endless loop, or a kernel far too slow for this size");

  RunEnding killed = ended(RunMode::plain, -1);
  killed.process.signal = 11;
  RunVerdict k;
  ASSERT_TRUE(read_ending(killed, read_cpu_reports({}, {}), k));
  EXPECT_EQ(k.finding.category, Category::crash);
  EXPECT_EQ(k.message.rfind("crashed: ", 0), 0u);
}

// A program's own message, as one short, printable line: a report shows it in the headline.
TEST(ProgramLastWords, TheLastLineOfStandardErrorFirstMadePrintableAndShort) {
  ProcessResult p;
  p.out = "result ready\n";
  p.err = "launching\nCUDA error at vector_add.cu:41: an illegal memory access was encountered\n\n";
  EXPECT_EQ(program_last_words(p), "CUDA error at vector_add.cu:41: an illegal memory access was encountered");
  p.err.clear();
  EXPECT_EQ(program_last_words(p), "result ready");
  p.out = "bell\a and \x1b[31mred\x1b[0m";
  EXPECT_EQ(program_last_words(p), "bell  and  [31mred [0m");
  p.out = std::string(300, 'x');
  EXPECT_EQ(program_last_words(p), std::string(200, 'x') + "...");
  p.out = std::string(199, 'x') + "\xc3\xa9tail";  // never cut inside a character
  EXPECT_EQ(program_last_words(p), std::string(199, 'x') + "...");
  p.out = " \n\t\n";
  EXPECT_EQ(program_last_words(p), "");
}

}  // namespace
}  // namespace kit
