#include "class/safe_file_name.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

namespace kit {
namespace {

TEST(SafeFileName, OrdinaryNamesAreKeptAsTheyAre) {
  for (const char* name : {"alice", "Doe, \"JD\" Jane", "submission_123", "José Núñez", "-leading-dash", "a~b",
                           "=HYPERLINK(\"x\")"})
    EXPECT_EQ(safe_file_name(name), name) << name;
  EXPECT_EQ(safe_file_name(std::string(kMaxKeptNameBytes, 'a')), std::string(kMaxKeptNameBytes, 'a'));
}

TEST(SafeFileName, NamesThatCannotBeFileNamesAreMadeSafeAndShort) {
  const std::string long_name(246, 'x');
  for (const std::string& name : {long_name, std::string("a/b"), std::string(".hidden"), std::string(".."),
                                  std::string("tab\there"), std::string("line\nbreak"), std::string("bad \xff utf8"),
                                  std::string("nul\0byte", 8), std::string(""), std::string("\x7f")}) {
    const std::string safe = safe_file_name(name);
    EXPECT_NE(safe, name);
    EXPECT_LE(safe.size(), 48u + 1 + 20) << safe;
    EXPECT_EQ(safe.find('/'), std::string::npos) << safe;
    EXPECT_NE(safe.front(), '.') << safe;
    for (char c : safe) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '~') << safe;
    EXPECT_EQ(safe_file_name(name), safe) << "the same name, the same file name, run after run";
  }
  EXPECT_EQ(safe_file_name(long_name).substr(0, 49), std::string(48, 'x') + "~");
  EXPECT_EQ(safe_file_name("a/b").substr(0, 4), "a_b~");
  EXPECT_EQ(safe_file_name("///").substr(0, 8), "student~");
}

TEST(SafeFileName, TwoDifferentNamesNeverShareAFileName) {
  const std::string long_name(246, 'x');
  std::set<std::string> names = {long_name, long_name + "y", long_name.substr(0, 245) + "y", "a/b", "a_b", "a\nb",
                                 ".a_b", "", "student", "\xff", "\xfe"};
  // A name that looks like another's made name is made too, so it cannot take that name.
  names.insert(safe_file_name("a/b"));
  names.insert("a_b~" + std::string(20, '0'));
  std::set<std::string> files;
  for (const std::string& name : names) files.insert(safe_file_name(name));
  EXPECT_EQ(files.size(), names.size());
  EXPECT_NE(safe_file_name("a_b~" + std::string(20, '0')), "a_b~" + std::string(20, '0'));
}

}  // namespace
}  // namespace kit
