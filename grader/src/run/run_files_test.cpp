// Taking in what a run left (run/run_files.h): regular files only, never followed, never blocked on.
#include "run/run_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

struct RunFolder {
  fs::path root = fs::path(::testing::TempDir()) / ("run_files_" + std::to_string(::getpid()));
  fs::path scratch = root / "runs" / "1-fast";
  Worker w;
  RunFolder() {
    fs::remove_all(root);
    fs::create_directories(scratch);
    w.work_dir = root.string();
  }
  ~RunFolder() { fs::remove_all(root); }
  std::string at(const std::string& name) const { return (scratch / name).string(); }
};

TEST(RunFiles, ARegularFileIsCopiedOutOfTheRunsReach) {
  RunFolder f;
  std::ofstream(f.at("calls.jsonl")) << "{\"call\":\"launch\"}\n";
  std::string problem;
  const std::string taken = take_run_file(f.w, f.at("calls.jsonl"), 1024, &problem);
  EXPECT_EQ(problem, "");
  ASSERT_NE(taken, "");
  EXPECT_EQ(fs::path(taken).parent_path(), f.root / "taken");
  EXPECT_EQ(read_text_file(taken), "{\"call\":\"launch\"}\n");
}

TEST(RunFiles, NoFileIsNoReport) {
  RunFolder f;
  std::string problem;
  EXPECT_EQ(take_run_file(f.w, f.at("diagnostics.jsonl"), 1024, &problem), "");
  EXPECT_EQ(problem, "");
}

TEST(RunFiles, ALinkIsNotFollowed) {
  RunFolder f;
  std::ofstream(f.root / "secret") << "the grader's secret";
  fs::create_symlink(f.root / "secret", f.at("diagnostics.jsonl"));
  std::string problem;
  EXPECT_EQ(take_run_file(f.w, f.at("diagnostics.jsonl"), 1024, &problem), "");
  EXPECT_EQ(problem, "diagnostics.jsonl is a symbolic link, not a file the run wrote: it was not read");
}

TEST(RunFiles, AFifoOrAFolderIsNotRead) {
  RunFolder f;
  ASSERT_EQ(::mkfifo(f.at("access.jsonl").c_str(), 0600), 0);
  std::string problem;
  EXPECT_EQ(take_run_file(f.w, f.at("access.jsonl"), 1024, &problem), "");  // returns: nobody writes the fifo
  EXPECT_EQ(problem, "access.jsonl is a fifo, not a file the run wrote: it was not read");
  fs::create_directory(f.at("ncu.csv"));
  problem.clear();
  EXPECT_EQ(take_run_file(f.w, f.at("ncu.csv"), 1024, &problem), "");
  EXPECT_EQ(problem, "ncu.csv is a folder, not a file the run wrote: it was not read");
}

TEST(RunFiles, AFileOverTheLimitIsNotRead) {
  RunFolder f;
  std::ofstream(f.at("calls.jsonl")) << std::string((2 << 20) + 1, 'x');
  std::string problem;
  EXPECT_EQ(take_run_file(f.w, f.at("calls.jsonl"), 2 << 20, &problem), "");
  EXPECT_EQ(problem, "calls.jsonl is larger than 2 MiB: it was not read");
}

}  // namespace
}  // namespace kit
