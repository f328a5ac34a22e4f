#include "os/process.h"

#include "run/turn_test_helpers.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <unistd.h>
#include <string>
#include <thread>
#include <vector>

namespace kit {
namespace {

ProcessRequest shell(const std::string& script, double timeout_s = 20) {
  ProcessRequest r;
  r.argv = {"/bin/sh", "-c", script};
  r.timeout_s = timeout_s;
  return r;
}

// True once the process is gone (or a zombie nobody waits for): it can do nothing any more.
bool ended_within(long pid, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  do {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return true;
    const std::size_t paren = text.rfind(')');
    if (paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z') return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

TEST(Process, ExitCodeIsReported) {
  const ProcessResult ok = run_process(shell("exit 0"));
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(describe_ending(ok, 20), "exit code 0");

  const ProcessResult failed = run_process(shell("exit 3"));
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.exit_code, 3);
  EXPECT_EQ(failed.signal, 0);
  EXPECT_FALSE(failed.timed_out);
  EXPECT_TRUE(failed.start_error.empty());
  EXPECT_EQ(describe_ending(failed, 20), "exit code 3");
}

TEST(Process, ProgramIsFoundOnThePath) {
  ProcessRequest r;
  r.argv = {"sh", "-c", "exit 4"};
  EXPECT_EQ(run_process(r).exit_code, 4);
}

TEST(Process, ProgramThatCannotStartIsAStartError) {
  ProcessRequest r;
  r.argv = {"/nonexistent/kit-no-such-program"};
  const ProcessResult result = run_process(r);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.start_error, "cannot start /nonexistent/kit-no-such-program");
  EXPECT_EQ(describe_ending(result, 60), result.start_error);

  EXPECT_EQ(run_process(ProcessRequest{}).start_error, "no program given");
}

TEST(Process, SignalIsReported) {
  const ProcessResult result = run_process(shell("kill -SEGV $$"));
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.signal, SIGSEGV);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(describe_ending(result, 20), "crashed: killed by signal 11 (Segmentation fault)");
}

TEST(Process, TimeoutKillsTheChildAndItsGrandchildrenQuickly) {
  // The shell starts a grandchild in the background, prints its pid, and waits.
  const ProcessResult result = run_process(shell("sleep 30 & echo $!; sleep 30", 0.5));
  EXPECT_TRUE(result.timed_out);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.signal, 0);  // the kill is the timeout's, not a crash
  EXPECT_GE(result.seconds, 0.5);
  EXPECT_LT(result.seconds, 3.0);
  EXPECT_EQ(describe_ending(result, 0.5), "timed out after 0.5 s");
  const long grandchild = std::atol(result.out.c_str());
  ASSERT_GT(grandchild, 1) << "stdout: " << result.out;
  EXPECT_TRUE(ended_within(grandchild, 2.0)) << "the background sleep " << grandchild << " is still running";
}

TEST(Process, StdoutAndStderrAreCapturedSeparately) {
  const ProcessResult result = run_process(shell("printf 'to stdout\\n'; printf 'to stderr' >&2; printf more"));
  EXPECT_EQ(result.out, "to stdout\nmore");
  EXPECT_EQ(result.err, "to stderr");
  EXPECT_FALSE(result.output_truncated);
}

// A child printing far more than the cap is cut off in what is kept but still drained, so it never blocks on a
// full pipe and exits normally.
TEST(Process, OutputIsCappedButDrained) {
  ProcessRequest r = shell("head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; exit 5");
  r.max_output_bytes = 1000;
  const ProcessResult result = run_process(r);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 5);
  EXPECT_EQ(result.out, std::string(1000, '\0'));
  EXPECT_EQ(result.err.size(), 1000u);
  EXPECT_TRUE(result.output_truncated);
}

TEST(Process, StdinIsEmpty) {
  const ProcessResult result = run_process(shell("cat; echo done", 5));
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.out, "done\n");
}

TEST(Process, ChannelReceivesEveryByteTheChildWritesToItsDescriptor) {
  ProcessRequest r = shell("printf 'rec\\000ord' >&3; printf 'not the channel'");
  r.channel_fd = 3;
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(result.channel, std::string("rec\0ord", 7));
  EXPECT_EQ(result.out, "not the channel");

  // Not capped like stdout: the channel carries the outputs.
  ProcessRequest big = shell("head -c 200000 /dev/zero >&5");
  big.channel_fd = 5;
  big.max_output_bytes = 100;
  EXPECT_EQ(run_process(big).channel.size(), 200000u);
}

// A runner that writes without end to the channel is killed at the cap and reported, without waiting for
// its timeout; what it wrote up to the cap is kept, so the records that arrived whole still count.
TEST(Process, ChannelFloodIsKilledAtTheCap) {
  ProcessRequest r = shell("printf 'first' >&3; exec cat /dev/zero >&3", 20);
  r.channel_fd = 3;
  r.max_channel_bytes = 100000;
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.channel_flooded);
  EXPECT_FALSE(result.timed_out);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.signal, 0);  // the kill is the grader's, not a crash
  EXPECT_LT(result.seconds, 5.0);
  EXPECT_EQ(result.channel.size(), 100000u);
  EXPECT_EQ(result.channel.substr(0, 5), "first");
  EXPECT_EQ(describe_ending(result, 20), "flooded the result channel (more than 100000 bytes)");
}

TEST(Process, EnvironmentAndWorkingDirectoryAreApplied) {
  ProcessRequest r = shell("printf '%s|%s|' \"$KIT_TEST_VALUE\" \"$HOME\"; env | grep -c '^HOME='; pwd");
  r.env = {{"KIT_TEST_VALUE", "forty two"}, {"HOME", "/kit-home"}};
  r.working_dir = "/";
  const ProcessResult result = run_process(r);
  EXPECT_EQ(result.out, "forty two|/kit-home|1\n/\n");
}

// The arena's memory reaches a runner as a descriptor at a number it knows.
TEST(Process, PassedDescriptorsArriveAtTheirNumbers) {
  const std::string path = ::testing::TempDir() + "kit-passed-fd";
  std::ofstream(path) << "shared memory";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  ProcessRequest r = shell("cat <&7 >&3");
  r.channel_fd = 3;
  r.pass_fds = {{fd, 7}};
  EXPECT_EQ(run_process(r).channel, "shared memory");
  EXPECT_EQ(::lseek(fd, 0, SEEK_CUR), 13);  // the grader's descriptor is the same open file, still open
  ::close(fd);
  std::remove(path.c_str());
}

// A runner that serves several runs asks for each: the grader answers as records arrive.
TEST(Process, ConversationAnswersWhatArrives) {
  ProcessRequest r = shell("printf 'ready' >&3; read a <&5; printf \" got:$a\" >&3; read b <&5; printf \" got:$b\" >&3");
  r.channel_fd = 3;
  r.control_fd = 5;
  int calls = 0;
  r.converse = [&](const std::string& channel) -> std::string {
    ++calls;
    if (channel == "ready") return "first\n";
    if (channel == "ready got:first") return "second\n";
    return "";
  };
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.ok()) << result.err;
  EXPECT_EQ(result.channel, "ready got:first got:second");
  EXPECT_GE(calls, 3);
}

// A child that never reads its control pipe cannot hold the grader: the reply is dropped, the time limit
// ends the child.
TEST(Process, AChildThatStopsListeningEndsAtItsTimeLimit) {
  ProcessRequest r = shell("printf 'x' >&3; exec 5<&-; sleep 30", 1);
  r.channel_fd = 3;
  r.control_fd = 5;
  r.converse = [](const std::string&) { return std::string(1 << 20, 'y'); };
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.timed_out);
  EXPECT_LT(result.seconds, 5.0);
}

// A runner stuck after it spoke (a kernel that never ends) is stopped by the stall limit, long before its
// time limit; one that is only slow to start (no channel bytes yet) is not.
TEST(Process, AChildSilentAfterItsFirstRecordIsStoppedAsStalled) {
  ProcessRequest r = shell("printf 'ready' >&3; sleep 30", 20);
  r.channel_fd = 3;
  r.stall_timeout_s = 0.5;
  const ProcessResult stuck = run_process(r);
  EXPECT_TRUE(stuck.stalled);
  EXPECT_TRUE(stuck.timed_out);
  EXPECT_EQ(stuck.signal, 0);
  EXPECT_LT(stuck.seconds, 5.0);

  ProcessRequest slow_start = shell("sleep 1.5; printf 'ready' >&3", 20);
  slow_start.channel_fd = 3;
  slow_start.stall_timeout_s = 0.5;
  const ProcessResult started = run_process(slow_start);
  EXPECT_FALSE(started.stalled);
  EXPECT_TRUE(started.ok());

  ProcessRequest talking = shell("for i in 1 2 3 4 5 6; do printf 'x' >&3; sleep 0.3; done", 20);
  talking.channel_fd = 3;
  talking.stall_timeout_s = 1;
  EXPECT_TRUE(run_process(talking).ok());
}

// A runner writes each record whole: on its framed channel, a record begun and left unfinished, or a
// frame of no known type, ends the child in seconds instead of the time limit it would otherwise wait.
TEST(Process, ARecordNeverFinishedOnAFramedChannelEndsTheChild) {
  // 'J', a length of 64, then 10 bytes of the 64, then silence.
  ProcessRequest r = shell("printf 'J\\100\\000\\000\\000\\000\\000\\000\\000{\\\"type\\\":1' >&3; sleep 30", 25);
  r.channel_fd = 3;
  r.framed_channel = true;
  const ProcessResult cut = run_process(r);
  EXPECT_TRUE(cut.channel_garbled);
  EXPECT_FALSE(cut.timed_out);
  EXPECT_FALSE(cut.ok());
  EXPECT_EQ(cut.limit_reached, "began a record on its result channel and never finished it");
  EXPECT_LT(cut.seconds, 10.0);

  ProcessRequest unknown = shell("printf 'Zgarbage, and more of it' >&3; sleep 30", 25);
  unknown.channel_fd = 3;
  unknown.framed_channel = true;
  const ProcessResult garbled = run_process(unknown);
  EXPECT_TRUE(garbled.channel_garbled);
  EXPECT_EQ(garbled.limit_reached, "wrote on its result channel a record of no kind the runner writes");
  EXPECT_LT(garbled.seconds, 5.0);
}

TEST(Process, WholeRecordsAndPausesBetweenThemAreNoGarbage) {
  // A whole record of 2 bytes, a pause longer than nothing, another whole record.
  ProcessRequest r = shell("printf 'J\\002\\000\\000\\000\\000\\000\\000\\000{}' >&3; sleep 1; "
                           "printf 'J\\002\\000\\000\\000\\000\\000\\000\\000{}' >&3", 25);
  r.channel_fd = 3;
  r.framed_channel = true;
  const ProcessResult whole = run_process(r);
  EXPECT_FALSE(whole.channel_garbled);
  EXPECT_TRUE(whole.ok());
  EXPECT_EQ(whole.channel.size(), 22u);
}

// A child that serves turn after turn (a kept runner, run/runner_pool.h): it starts at the first turn,
// stays alive between turns, and each turn sees only its own channel bytes and output.
ProcessRequest turns(const std::string& script, const std::string& turn_ends_at, double timeout_s = 20) {
  ProcessRequest r = shell(script, timeout_s);
  r.channel_fd = 3;
  r.control_fd = 5;
  end_turn_when(r, [turn_ends_at](const std::string& channel) { return channel.find(turn_ends_at) != std::string::npos; });
  return r;
}

TEST(Process, AKeptChildServesTurnAfterTurn) {
  const std::string script = "printf \"pid $$ ready.\" >&3; while read line <&5; do echo \"out:$line\"; printf \"[$line]\" >&3; done";
  KeptChild child;
  const ProcessResult first = run_turn(turns(script, "ready."), &child);
  ASSERT_TRUE(first.kept) << first.err << describe_ending(first, 20);
  EXPECT_TRUE(first.ok());
  ASSERT_TRUE(child);
  const long pid = std::atol(first.channel.c_str() + 4);
  ASSERT_GT(pid, 1);

  const ProcessResult second = run_turn(turns(script, "[one]"), &child, "one\n");
  EXPECT_TRUE(second.kept);
  EXPECT_EQ(second.channel, "[one]");
  EXPECT_EQ(second.out, "out:one\n");
  const ProcessResult third = run_turn(turns(script, "[two]"), &child, "two\n");
  EXPECT_TRUE(third.kept);
  EXPECT_EQ(third.channel, "[two]");
  EXPECT_FALSE(ended_within(pid, 0.2));

  child.reset();  // dropping it ends it
  EXPECT_TRUE(ended_within(pid, 5));
}

TEST(Process, AKeptChildThatEndsInItsTurnEndsTheTurnWithItsEnding) {
  KeptChild child;
  const std::string script = "printf R >&3; read line <&5; echo \"bye $line\" >&2; exit 3";
  ASSERT_TRUE(run_turn(turns(script, "R"), &child).kept);
  const ProcessResult last = run_turn(turns(script, "never"), &child, "now\n");
  EXPECT_FALSE(last.kept);
  EXPECT_FALSE(child);
  EXPECT_EQ(last.exit_code, 3);
  EXPECT_EQ(last.err, "bye now\n");
  EXPECT_FALSE(last.ok());
}

// A turn's time limit counts from the turn's start, not from the child's.
TEST(Process, ATurnsTimeLimitCountsFromItsStart) {
  KeptChild child;
  const std::string script = "printf R >&3; read a <&5; sleep 0.5; printf D >&3; read b <&5; sleep 30";
  ASSERT_TRUE(run_turn(turns(script, "R"), &child).kept);
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  const ProcessResult answered = run_turn(turns(script, "D", 1.5), &child, "go\n");
  EXPECT_TRUE(answered.kept);
  EXPECT_FALSE(answered.timed_out);
  const ProcessResult stuck = run_turn(turns(script, "never", 1), &child, "go\n");
  EXPECT_TRUE(stuck.timed_out);
  EXPECT_FALSE(stuck.kept);
  EXPECT_LT(stuck.seconds, 4.0);
}

// A kept child that never answers its turn's opening (its channel turned aside) is ended after
// first_reply_timeout_s, not the turn's whole time limit; one that answers may take the whole limit.
TEST(Process, AKeptChildMustAnswerItsTurnSoon) {
  KeptChild child;
  const std::string script = "printf R >&3; read a <&5; sleep 1.5; printf D >&3; read b <&5; sleep 30";
  ASSERT_TRUE(run_turn(turns(script, "R"), &child).kept);
  ProcessRequest slow = turns(script, "D");
  slow.first_reply_timeout_s = 3;
  const ProcessResult answered = run_turn(slow, &child, "go\n");
  EXPECT_TRUE(answered.kept);
  ProcessRequest silent = turns(script, "never");
  silent.first_reply_timeout_s = 0.5;
  const ProcessResult stuck = run_turn(silent, &child, "go\n");
  EXPECT_TRUE(stuck.timed_out);
  EXPECT_TRUE(stuck.stalled);
  EXPECT_FALSE(stuck.kept);
  EXPECT_LT(stuck.seconds, 3.0);  // the turn's own limit is 20 s
}

// run_process has one turn, to the child's end, whatever turn_over says.
TEST(Process, RunProcessNeverKeepsTheChild) {
  const ProcessResult whole = run_process(turns("printf R >&3; exit 0", "R"));
  EXPECT_FALSE(whole.kept);
  EXPECT_TRUE(whole.ok());
  EXPECT_EQ(whole.exit_code, 0);
}

}  // namespace
}  // namespace kit
