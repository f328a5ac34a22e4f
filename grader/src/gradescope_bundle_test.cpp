// What a Gradescope bundle tells its run_autograder (kit/gradescope_bundle.h): bash that names the
// assignment and its files, and nothing bash could misread.
#include "kit/gradescope_bundle.h"

#include <gtest/gtest.h>

#include "kit/errors.h"

namespace kit {
namespace {

Rubric rubric_of(const std::string& assignment, const std::vector<std::string>& files) {
  Rubric r;
  r.assignment = assignment;
  r.student_files = files;
  return r;
}

TEST(GradescopeBundle, TheConfNamesTheAssignmentAndEveryFile) {
  const std::string conf = bundle_conf(rubric_of("transpose", {"transpose.cu", "tile_a.cu"}), false);
  EXPECT_NE(conf.find("assignment='transpose'\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("student_files=('transpose.cu' 'tile_a.cu')\n"), std::string::npos) << conf;
  EXPECT_NE(conf.find("unsandboxed=0\n"), std::string::npos) << conf;
}

TEST(GradescopeBundle, UnsandboxedIsSaidOnlyWhenAsked) {
  EXPECT_NE(bundle_conf(rubric_of("blur", {"blur.cu"}), true).find("unsandboxed=1\n"), std::string::npos);
}

TEST(GradescopeBundle, ANameBashCouldMisreadIsRefused) {
  EXPECT_THROW(bundle_conf(rubric_of("x'; rm -rf ~; '", {"a.cu"}), false), UserError);
  EXPECT_THROW(bundle_conf(rubric_of("blur", {"$(reboot).cu"}), false), UserError);
  EXPECT_THROW(bundle_conf(rubric_of("blur", {"my file.cu"}), false), UserError);
}

}  // namespace
}  // namespace kit
