// Tests of comparing a class's submissions for the report: a disguised copy is found where the batch
// graded it; a student's "file" that is a link to another's is not read (the report reads with the
// instructor's rights, outside the sandbox), and the note says a submission could not be read.
#include "class/class_report_similarity.h"

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>

#include "util/text.h"

namespace fs = std::filesystem;

namespace kit {
namespace {

const std::string kData = std::string(KIT_TEST_DATA_DIR) + "/../../../tests/e2e/class-report";

ClassResult graded_in(const std::string& key, const fs::path& folder) {
  ClassResult r;
  r.key = key;
  r.result.assignment = "transpose";
  r.result.submission = folder.string();
  return r;
}

struct Class {
  fs::path root = fs::temp_directory_path() / ("kit-similarity-" + std::to_string(::getpid()));
  Class() { fs::create_directories(root); }
  ~Class() { fs::remove_all(root); }
  fs::path student(const std::string& name, const std::string& source) {
    fs::create_directories(root / name);
    fs::copy_file(source, root / name / "transpose.cu");
    return root / name;
  }
};

TEST(ClassReportSimilarity, FindsTheCopyWhereTheBatchGradedIt) {
  Class c;
  const std::vector<ClassResult> results = {graded_in("gita", c.student("gita", kData + "/original/transpose.cu")),
                                            graded_in("hugo", c.student("hugo", kData + "/copy/transpose.cu")),
                                            graded_in("ines", c.student("ines", kData + "/independent/transpose.cu"))};
  ClassReport report;
  add_similarity(report, results, "transpose", "", {true, "", "", ""});
  ASSERT_EQ(report.similar.size(), 1u) << report.similarity_note;
  EXPECT_EQ(report.similar[0].a + " " + report.similar[0].b, "gita hugo");
  EXPECT_FALSE(report.similar[0].regions.empty());
  EXPECT_NE(report.similarity_note.find("3 graded submissions compared"), std::string::npos) << report.similarity_note;
}

TEST(ClassReportSimilarity, ALinkIsNotFollowed) {
  Class c;
  const fs::path gita = c.student("gita", kData + "/original/transpose.cu");
  fs::create_directories(c.root / "mole");
  fs::create_symlink(gita / "transpose.cu", c.root / "mole" / "transpose.cu");
  const std::vector<ClassResult> results = {graded_in("gita", gita), graded_in("mole", c.root / "mole")};
  ClassReport report;
  add_similarity(report, results, "transpose", "", {true, "", "", ""});
  EXPECT_TRUE(report.similar.empty());
  EXPECT_NE(report.similarity_note.find("1 submission could not be read"), std::string::npos) << report.similarity_note;
}

TEST(ClassReportSimilarity, AFileTooLargeForSourceIsNotRead) {
  Class c;
  const fs::path gita = c.student("gita", kData + "/original/transpose.cu");
  fs::create_directories(c.root / "huge");
  {
    std::ofstream out(c.root / "huge" / "transpose.cu", std::ios::binary);
    const std::string source = read_text_file(kData + "/original/transpose.cu");
    while (out.tellp() < (2 << 20)) out << source << '\0' << "\xff\xfe";  // binary bytes too
  }
  const std::vector<ClassResult> results = {graded_in("gita", gita), graded_in("huge", c.root / "huge")};
  ClassReport report;
  add_similarity(report, results, "transpose", "", {true, "", "", ""});
  EXPECT_TRUE(report.similar.empty());
  EXPECT_NE(report.similarity_note.find("1 submission could not be read"), std::string::npos) << report.similarity_note;
}

}  // namespace
}  // namespace kit
