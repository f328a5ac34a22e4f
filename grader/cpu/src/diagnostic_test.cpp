#include <kitcpu/diagnostic.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace kitcpu {
namespace {

Diagnostic divergent_barrier() {
  Diagnostic d;
  d.severity = "error";
  d.category = "divergent-barrier";
  d.file = "matmul.cu";
  d.line = 31;
  d.kernel = "matmul_tiled";
  d.launch_site = "matmul.cu:58";
  d.block = "(1,0,0)";
  d.thread = "(3,15,0)";
  d.message = "thread (3,15,0) waits at __syncthreads() at matmul.cu:31";
  d.hint = "__syncthreads() inside a condition";
  return d;
}

class TempFile {
 public:
  TempFile() : path_(testing::TempDir() + "kitcpu_diagnostics_" + std::to_string(counter_++) + ".jsonl") {
    std::remove(path_.c_str());
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }
  void write(const std::string& text) const { std::ofstream(path_, std::ios::app) << text; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

TEST(Diagnostic, FormatsEveryPartOnOneLineAndTheHintBelow) {
  EXPECT_EQ(format_diagnostic(divergent_barrier()),
            "error [divergent-barrier] matmul.cu:31 in kernel matmul_tiled (launched at matmul.cu:58), block (1,0,0), "
            "thread (3,15,0): thread (3,15,0) waits at __syncthreads() at matmul.cu:31\n"
            "  likely cause: __syncthreads() inside a condition");
}

TEST(Diagnostic, FormatLeavesOutUnknownParts) {
  Diagnostic d;
  d.severity = "error";
  d.category = "invalid-launch";
  d.file = "matmul.cu";
  d.line = 58;
  d.kernel = "matmul_tiled";
  d.launch_site = "matmul.cu:58";
  d.message = "a GPU refuses the launch";
  EXPECT_EQ(format_diagnostic(d),
            "error [invalid-launch] matmul.cu:58 in kernel matmul_tiled (launched at matmul.cu:58): a GPU refuses "
            "the launch");
  Diagnostic bare;
  bare.severity = "warning";
  bare.category = "hang";
  bare.message = "m";
  bare.file = "a.cu";
  EXPECT_EQ(format_diagnostic(bare), "warning [hang] a.cu: m");
}

TEST(Diagnostic, JsonLineHasExactlyTheFieldNames) {
  EXPECT_EQ(diagnostic_to_json_line(divergent_barrier()),
            "{\"severity\":\"error\",\"category\":\"divergent-barrier\",\"file\":\"matmul.cu\",\"line\":31,"
            "\"kernel\":\"matmul_tiled\",\"launch_site\":\"matmul.cu:58\",\"block\":\"(1,0,0)\",\"thread\":"
            "\"(3,15,0)\",\"message\":\"thread (3,15,0) waits at __syncthreads() at matmul.cu:31\",\"hint\":"
            "\"__syncthreads() inside a condition\"}");
}

TEST(Diagnostic, JsonEscapesWhatJsonRequires) {
  Diagnostic d;
  d.message = "quote \" backslash \\ newline \n tab \t bell \x07";
  const std::string line = diagnostic_to_json_line(d);
  EXPECT_NE(line.find(R"(quote \" backslash \\ newline \n tab \t bell \u0007)"), std::string::npos);
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Diagnostic, WrittenLinesReadBackEqual) {
  TempFile file;
  Diagnostic first = divergent_barrier();
  Diagnostic second = first;
  second.severity = "warning";
  second.category = "early-exit-before-barrier";
  second.file = "dir with spaces/ünïcode \"q\".cu";
  second.message = "line one\nline two\\";
  second.line = 0;
  file.write(diagnostic_to_json_line(first) + "\n" + diagnostic_to_json_line(second) + "\n");

  const std::vector<Diagnostic> read = read_diagnostics_file(file.path());
  ASSERT_EQ(read.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const Diagnostic& want = i == 0 ? first : second;
    EXPECT_EQ(read[i].severity, want.severity);
    EXPECT_EQ(read[i].category, want.category);
    EXPECT_EQ(read[i].file, want.file);
    EXPECT_EQ(read[i].line, want.line);
    EXPECT_EQ(read[i].kernel, want.kernel);
    EXPECT_EQ(read[i].launch_site, want.launch_site);
    EXPECT_EQ(read[i].block, want.block);
    EXPECT_EQ(read[i].thread, want.thread);
    EXPECT_EQ(read[i].message, want.message);
    EXPECT_EQ(read[i].hint, want.hint);
  }
}

TEST(Diagnostic, MalformedUtf8IsReplacedNotLost) {
  TempFile file;
  Diagnostic d = divergent_barrier();
  d.message = std::string("bad \xff byte, cut \xc3");
  file.write(diagnostic_to_json_line(d) + "\n");
  const std::vector<Diagnostic> read = read_diagnostics_file(file.path());
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].message, "bad \xEF\xBF\xBD byte, cut \xEF\xBF\xBD");
}

TEST(Diagnostic, ReadingSkipsLinesThatAreNotObjects) {
  TempFile file;
  file.write("not json\n\n[1,2]\n" + diagnostic_to_json_line(divergent_barrier()) + "\n{\"severity\":\"err");
  const std::vector<Diagnostic> read = read_diagnostics_file(file.path());
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].category, "divergent-barrier");
}

TEST(Diagnostic, MissingFileMeansNoDiagnostics) {
  EXPECT_TRUE(read_diagnostics_file(testing::TempDir() + "kitcpu_no_such_file.jsonl").empty());
}

}  // namespace
}  // namespace kitcpu
