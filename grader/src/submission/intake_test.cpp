#include "submission/intake.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <vector>

#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

const std::string kSource = "__global__ void k(float* c) { c[threadIdx.x] = 1; }  // é\n";

class IntakeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "kit-intake-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    work_ = root_ / "work";
    fs::create_directory(work_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path write(const fs::path& relative, const std::string& bytes) {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  Intake take(const fs::path& path, std::vector<std::string> names = {"student.cu"}, IntakeOptions options = {}) {
    return take_in_submission(path.string(), names, work_.string(), options);
  }
  // The message of the UserError `f` throws; "" (and a test failure) when it throws none.
  template <typename F>
  std::string user_error(F f) {
    try {
      f();
    } catch (const UserError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no UserError";
    return "";
  }
  std::string copied(const Intake& intake, std::size_t k = 0) {
    std::ifstream in(intake.files.at(k).path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  fs::path root_, work_;
};

TEST_F(IntakeTest, AFileOrItsFolderIsCopiedUnderTheFixedName) {
  const fs::path file = write("sub/student.cu", kSource);
  const Intake direct = take(file);
  ASSERT_EQ(direct.files.size(), 1u);
  EXPECT_EQ(direct.problem(), "");
  EXPECT_EQ(direct.files[0].name, "student.cu");
  EXPECT_EQ(direct.files[0].path, (work_ / "student.cu").string());
  EXPECT_EQ(copied(direct), kSource);

  fs::remove(work_ / "student.cu");
  const Intake folder = take(root_ / "sub");
  EXPECT_EQ(folder.files.at(0).path, (work_ / "student.cu").string());
  EXPECT_EQ(copied(folder), kSource);
}

// A user path is never handed to a shell or a tool, so any name works; and every name here is also one a
// naive `system("nvcc " + path)` would run as a command.
TEST_F(IntakeTest, NamesWithShellCharactersWork) {
  const std::vector<std::string> folders = {
      "with space", "$(touch pwned)", "`touch pwned`",        "line\nbreak",
      "-rf",        "--help",         "a;b|c&d<e>f*g?h'i\"j", "\xc3\xa9t\xc3\xa9"};
  for (const std::string& name : folders) {
    const fs::path folder = root_ / name;
    write(fs::path(name) / "student.cu", kSource + "// " + std::to_string(name.size()) + "\n");
    fs::remove_all(work_);
    fs::create_directory(work_);
    const Intake by_folder = take(folder);
    EXPECT_EQ(copied(by_folder), kSource + "// " + std::to_string(name.size()) + "\n") << name;
    fs::remove(work_ / "student.cu");
    const Intake by_file = take(folder / "student.cu");
    EXPECT_EQ(by_file.files.at(0).path, (work_ / "student.cu").string()) << name;
  }
  EXPECT_FALSE(fs::exists("pwned"));
  EXPECT_FALSE(fs::exists(root_ / "pwned"));
  // A relative path that starts with a dash, from inside the folder.
  const fs::path before = fs::current_path();
  fs::current_path(root_);
  write("-rf/student.cu", kSource);
  fs::remove(work_ / "student.cu");
  EXPECT_EQ(copied(take_in_submission("-rf", {"student.cu"}, work_.string())), kSource);
  fs::current_path(before);
}

TEST_F(IntakeTest, SymbolicLinksAreRefused) {
  const fs::path secret = write("solutions/student.cu", "the reference solution");
  fs::create_directories(root_ / "sub");
  fs::create_symlink(secret, root_ / "sub" / "student.cu");
  fs::create_directory_symlink(root_ / "solutions", root_ / "linked-folder");
  fs::create_symlink(secret, root_ / "student.cu");
  for (const fs::path& path :
       {root_ / "sub", root_ / "sub" / "student.cu", root_ / "linked-folder", root_ / "student.cu"})
    EXPECT_NE(user_error([&] { take(path); }).find("is a symbolic link"), std::string::npos) << path;
  EXPECT_FALSE(fs::exists(work_ / "student.cu"));
}

TEST_F(IntakeTest, FifosDevicesAndFoldersAreRefusedWithoutBlocking) {
  fs::create_directories(root_ / "sub");
  ASSERT_EQ(::mkfifo((root_ / "sub" / "student.cu").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo((root_ / "student.cu").c_str(), 0644), 0);
  EXPECT_NE(user_error([&] { take(root_ / "sub"); }).find("is a fifo, not a file"), std::string::npos);
  EXPECT_NE(user_error([&] { take(root_ / "student.cu"); }).find("is a fifo, not a file"), std::string::npos);
  EXPECT_NE(user_error([&] { take("/dev/null"); }).find("is a device"), std::string::npos);
  fs::create_directories(root_ / "dir" / "student.cu");
  EXPECT_NE(user_error([&] { take(root_ / "dir"); }).find("is a folder"), std::string::npos);
}

TEST_F(IntakeTest, MissingAndMisnamedFilesAreUserErrors) {
  EXPECT_NE(user_error([&] { take(root_ / "nowhere"); }).find("does not exist"), std::string::npos);
  write("sub/other.cu", kSource);
  const std::string missing = user_error([&] { take(root_ / "sub"); });
  EXPECT_NE(missing.find("has no student.cu (it has 'other.cu')"), std::string::npos) << missing;
  const std::string misnamed = user_error([&] { take(root_ / "sub" / "other.cu"); });
  EXPECT_NE(misnamed.find("is not named student.cu"), std::string::npos) << misnamed;
}

TEST_F(IntakeTest, SeveralExpectedFilesComeFromAFolder) {
  write("sub/a.cu", "int a;\n");
  write("sub/b.cu", "int b;\n");
  const Intake intake = take(root_ / "sub", {"a.cu", "b.cu"});
  ASSERT_EQ(intake.files.size(), 2u);
  EXPECT_EQ(copied(intake, 0), "int a;\n");
  EXPECT_EQ(copied(intake, 1), "int b;\n");
  EXPECT_NE(user_error([&] {
              take(root_ / "sub" / "a.cu", {"a.cu", "b.cu"});
            }).find("give the folder"),
            std::string::npos);
}

TEST_F(IntakeTest, ContentThatIsNotSourceTextIsAGradedProblemNotAnError) {
  IntakeOptions options;
  options.max_file_bytes = 1000;
  write("big/student.cu", std::string(1001, 'x'));
  const Intake big = take(root_ / "big", {"student.cu"}, options);
  EXPECT_EQ(big.problem(), "student.cu is 1001 bytes, more than the 1000 bytes a source file may have");
  EXPECT_EQ(big.files.at(0).path, "");
  EXPECT_FALSE(fs::exists(work_ / "student.cu"));

  write("fits/student.cu", std::string(1000, 'x'));
  EXPECT_EQ(take(root_ / "fits", {"student.cu"}, options).problem(), "");
  fs::remove(work_ / "student.cu");

  write("nul/student.cu", std::string("int a\0;", 7));
  EXPECT_EQ(take(root_ / "nul").problem(), "not C/CUDA source text: NUL byte at offset 5");
  write("binary/student.cu",
        "int a;\n\x7f"
        "ELF\xff\xfe");
  EXPECT_EQ(take(root_ / "binary").problem(), "not C/CUDA source text: invalid UTF-8 (byte 0xff) at offset 11");
  EXPECT_FALSE(fs::exists(work_ / "student.cu"));

  const std::string latin1 = "// caf\xe9\nint a;\n";
  write("latin1/student.cu", latin1);
  EXPECT_EQ(take(root_ / "latin1").problem(), "");
  EXPECT_EQ(read_text_file((work_ / "student.cu").string()), latin1);
}

// An extra file the rubric names (answers.yaml is one) comes through the same door as the sources.
ExtraFile notes(std::uint64_t max_bytes = 100) {
  ExtraFile file;
  file.name = "notes.txt";
  file.max_bytes = max_bytes;
  file.holds = "notes";
  file.advice = "write less";
  return file;
}

IntakeOptions with_notes(std::uint64_t max_bytes = 100) {
  IntakeOptions options;
  options.extra_files = {notes(max_bytes)};
  return options;
}

TEST_F(IntakeTest, AnExtraFileIsCopiedFromTheFolderOrBesideTheFile) {
  write("sub/student.cu", kSource);
  write("sub/notes.txt", "short\n");
  const Intake folder = take(root_ / "sub", {"student.cu"}, with_notes());
  ASSERT_NE(folder.extra("notes.txt"), nullptr);
  EXPECT_EQ(folder.extra("notes.txt")->path, (work_ / "notes.txt").string());
  EXPECT_FALSE(folder.extra("notes.txt")->missing);
  EXPECT_EQ(read_text_file((work_ / "notes.txt").string()), "short\n");
  EXPECT_EQ(folder.extra("answers.yaml"), nullptr);  // not asked for

  fs::remove_all(work_);
  fs::create_directory(work_);
  const Intake file = take(root_ / "sub" / "student.cu", {"student.cu"}, with_notes());
  EXPECT_EQ(file.extra("notes.txt")->path, (work_ / "notes.txt").string());
  EXPECT_EQ(read_text_file((work_ / "notes.txt").string()), "short\n");
  EXPECT_EQ(copied(file), kSource);
}

TEST_F(IntakeTest, AMissingExtraFileIsTheStudentsGradeNotAnError) {
  write("sub/student.cu", kSource);
  const Intake intake = take(root_ / "sub", {"student.cu"}, with_notes());
  ASSERT_EQ(intake.extras.size(), 1u);
  EXPECT_TRUE(intake.extras[0].missing);
  EXPECT_EQ(intake.extras[0].path, "");
  EXPECT_EQ(intake.extras[0].problem, "");
  EXPECT_EQ(intake.problem(), "");
  EXPECT_FALSE(fs::exists(work_ / "notes.txt"));
}

// Where a source would refuse the submission, an extra file only records its problem: the sources are
// graded all the same, and nothing is followed, opened or copied.
TEST_F(IntakeTest, AnExtraFileThatIsALinkFifoOrFolderIsItsProblemNotARefusal) {
  write("sub/student.cu", kSource);
  const fs::path secret = write("solutions/notes.txt", "the reference answers");
  const fs::path extra = root_ / "sub" / "notes.txt";
  const auto taken = [&] {
    fs::remove_all(work_);
    fs::create_directory(work_);
    const Intake intake = take(root_ / "sub", {"student.cu"}, with_notes());
    EXPECT_EQ(intake.problem(), "");  // the sources' problems only
    EXPECT_EQ(copied(intake), kSource);
    EXPECT_FALSE(fs::exists(work_ / "notes.txt"));
    EXPECT_EQ(intake.extra("notes.txt")->path, "");
    EXPECT_FALSE(intake.extra("notes.txt")->missing);
    return intake.extra("notes.txt")->problem;
  };
  fs::create_symlink(secret, extra);
  EXPECT_EQ(taken(), "notes.txt is a symbolic link: submit the file itself");
  fs::remove(extra);
  fs::create_symlink(root_ / "nowhere", extra);  // a dangling link is a link, not a missing file
  EXPECT_EQ(taken(), "notes.txt is a symbolic link: submit the file itself");
  fs::remove(extra);
  ASSERT_EQ(::mkfifo(extra.c_str(), 0644), 0);
  EXPECT_EQ(taken(), "notes.txt is not a regular file: submit a text file");  // and does not block
  fs::remove(extra);
  fs::create_directory(extra);
  EXPECT_EQ(taken(), "notes.txt is not a regular file: submit a text file");
}

TEST_F(IntakeTest, AnExtraFileTooLargeOrNotTextIsItsProblem) {
  write("sub/student.cu", kSource);
  write("sub/notes.txt", std::string(101, 'x'));
  Intake intake = take(root_ / "sub", {"student.cu"}, with_notes(100));
  EXPECT_EQ(intake.extra("notes.txt")->problem, "notes.txt is 101 bytes; notes may take at most 100: write less");
  EXPECT_EQ(intake.problem(), "");
  EXPECT_FALSE(fs::exists(work_ / "notes.txt"));

  // Two gigabytes that are not there: a sparse file is refused by its size, without reading it.
  fs::resize_file(root_ / "sub" / "notes.txt", std::uint64_t(2) << 30);
  fs::remove_all(work_);
  fs::create_directory(work_);
  intake = take(root_ / "sub", {"student.cu"}, with_notes(100));
  EXPECT_EQ(intake.extra("notes.txt")->problem, "notes.txt is 2147483648 bytes; notes may take at most 100: write less");

  write("sub/notes.txt", std::string(100, 'x'));
  fs::remove_all(work_);
  fs::create_directory(work_);
  EXPECT_EQ(take(root_ / "sub", {"student.cu"}, with_notes(100)).extra("notes.txt")->problem, "");

  write("sub/notes.txt", "caf\xe9\n");
  fs::remove_all(work_);
  fs::create_directory(work_);
  intake = take(root_ / "sub", {"student.cu"}, with_notes());
  EXPECT_EQ(intake.extra("notes.txt")->problem, "notes.txt is not a text file: invalid UTF-8 (byte 0xe9) at offset 3");
  EXPECT_FALSE(fs::exists(work_ / "notes.txt"));
}

TEST_F(IntakeTest, AnExtraFileNeedsAPlainNameOfItsOwn) {
  write("sub/student.cu", kSource);
  IntakeOptions same;
  same.extra_files = {notes()};
  same.extra_files[0].name = "student.cu";
  EXPECT_THROW(take(root_ / "sub", {"student.cu"}, same), std::logic_error);
  IntakeOptions nested;
  nested.extra_files = {notes()};
  nested.extra_files[0].name = "../notes.txt";
  EXPECT_THROW(take(root_ / "sub", {"student.cu"}, nested), std::logic_error);
}

TEST(SourceTextProblem, AcceptsWellFormedUtf8AndNothingElse) {
  EXPECT_EQ(source_text_problem("\xef\xbb\xbf// caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n\t\r\f"), "");
  EXPECT_EQ(source_text_problem("a\xc0\x80"), "invalid UTF-8 (byte 0xc0) at offset 1");         // overlong NUL
  EXPECT_EQ(source_text_problem("\xed\xa0\x80"), "invalid UTF-8 (byte 0xed) at offset 0");      // a surrogate
  EXPECT_EQ(source_text_problem("\xf4\x90\x80\x80"), "invalid UTF-8 (byte 0xf4) at offset 0");  // past U+10FFFF
  EXPECT_EQ(source_text_problem("ab\xe2\x82"), "invalid UTF-8 (byte 0xe2) at offset 2");        // cut short
  EXPECT_EQ(source_text_problem("\x80"), "invalid UTF-8 (byte 0x80) at offset 0");
}

// An editor that saves in Latin-1 puts bytes that are not UTF-8 in comments; the compilers skip them.
TEST(SourceFileProblem, AcceptsAnyBytesInAComment) {
  EXPECT_EQ(source_file_problem("// caf\xe9\nint a; /* na\xefve \xff\xfe */\n"), "");
  EXPECT_EQ(source_file_problem("int a; // caf\xe9 \\\n still the comment \xe9\n"), "");
  EXPECT_EQ(source_file_problem("/* caf\xe9 runs to the end"), "");
}

// In code and in literals the bytes reach the compiler, and nvcc refuses them: so does intake.
TEST(SourceFileProblem, RefusesBadBytesInCodeOrLiterals) {
  EXPECT_EQ(source_file_problem("int caf\xe9;\n"), "invalid UTF-8 (byte 0xe9) at offset 7");
  EXPECT_EQ(source_file_problem("// ok\n\x7f" "ELF\xff\xfe"), "invalid UTF-8 (byte 0xff) at offset 10");
  const std::string in_string = source_file_problem("const char* s = \"caf\xe9\";");
  EXPECT_EQ(in_string.rfind("invalid UTF-8 (byte 0xe9) at offset 20, inside a string or character literal", 0), 0u)
      << in_string;
  EXPECT_NE(in_string.find("nvcc refuses"), std::string::npos);
  EXPECT_NE(in_string.find("(\"\\xe9\")"), std::string::npos) << in_string;
  EXPECT_EQ(source_file_problem("char c = '\xe9';").rfind("invalid UTF-8 (byte 0xe9) at offset 10, inside a", 0), 0u);
}

TEST(SourceFileProblem, RefusesANulByteEvenInAComment) {
  EXPECT_EQ(source_file_problem(std::string("// a\0b\n", 7)), "NUL byte at offset 4");
  EXPECT_EQ(source_file_problem("int a;\n"), "");
}

TEST(QuotedForMessage, ControlCharactersCannotStartALine) {
  EXPECT_EQ(quoted_for_message("a b/$(x)"), "'a b/$(x)'");
  EXPECT_EQ(quoted_for_message("x\nscore: 100\x1b[2J\\"), "'x\\nscore: 100\\x1b[2J\\\\'");
  EXPECT_EQ(quoted_for_message("caf\xc3\xa9"), "'caf\xc3\xa9'");
  EXPECT_EQ(quoted_for_message("bad\xff"), "'bad\\xff'");
}

// The file is swapped for a link to the solution, and back, as fast as possible while it is taken in: what
// arrives is the student's file or a refusal, never the solution.
TEST_F(IntakeTest, ALinkSwappedInDuringTheCopyIsNeverFollowed) {
  const fs::path secret = write("solutions/secret.cu", "the reference solution");
  const fs::path real = write("staging/student.cu", kSource);
  fs::create_directories(root_ / "sub");
  fs::create_symlink(secret, root_ / "staging" / "link");
  const fs::path target = root_ / "sub" / "student.cu";
  fs::copy_file(real, target);
  std::atomic<bool> stop{false};
  std::thread swapper([&] {
    for (bool link = true; !stop; link = !link) {
      const fs::path spare = root_ / "staging" / (link ? "spare-link" : "spare-file");
      std::error_code ignored;
      if (link) {
        fs::create_symlink(secret, spare, ignored);
      } else {
        fs::copy_file(real, spare, fs::copy_options::overwrite_existing, ignored);
      }
      fs::rename(spare, target, ignored);
    }
  });
  int copies = 0, refusals = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(400);
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code ignored;
    fs::remove(work_ / "student.cu", ignored);
    try {
      const Intake intake = take(root_ / "sub");
      ASSERT_EQ(copied(intake), kSource);
      ++copies;
    } catch (const UserError& e) {
      ++refusals;
    }
  }
  stop = true;
  swapper.join();
  EXPECT_GT(copies + refusals, 0);
  RecordProperty("copies", copies);
  RecordProperty("refusals", refusals);
}

}  // namespace
}  // namespace kit
