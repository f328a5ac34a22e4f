// The two tables of technique kinds name the same kinds: what a rubric may say of a kind
// (assignment/technique_spec.cpp) and how it is checked (checks/technique.cpp). A kind in one and not
// the other would be a rubric entry nothing checks, or a check no rubric can ask for.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "assignment/technique_spec.h"
#include "checks/technique.h"

namespace kit {
namespace {

TEST(TechniqueTables, EverySpecHasAKindAndEveryKindASpec) {
  std::set<std::string> specs, kinds;
  for (const TechniqueSpec& spec : technique_specs()) specs.insert(spec.name);
  for (const TechniqueKind& kind : technique_kinds()) {
    kinds.insert(kind.name);
    EXPECT_NE(find_technique_spec(kind.name), nullptr) << kind.name << " has no row in technique_spec.cpp";
    EXPECT_NE(kind.run, nullptr) << kind.name;
  }
  EXPECT_EQ(specs, kinds);
  EXPECT_EQ(specs.size(), technique_specs().size()) << "a kind is named twice in technique_spec.cpp";
  EXPECT_EQ(kinds.size(), technique_kinds().size()) << "a kind is named twice in technique.cpp";
}

TEST(TechniqueTables, UnknownNamesAreNotFound) {
  EXPECT_EQ(find_technique_spec("uses_magic"), nullptr);
  EXPECT_EQ(find_technique_kind("uses_magic"), nullptr);
}

// Where nvcc is missing (Gradescope's image), the checks that count a run's memory accesses still run on
// the CPU backend; a check that reads nvcc's report is the machine's error, never the student's failure.
TEST(TechniqueTables, WithoutNvccOnlyTheChecksThatReadItsReportWait) {
  const NvccCheck none;  // ran = false: the kit was built without nvcc
  for (const char* kind : {"coalesced_access", "no_bank_conflicts", "frees_device_memory", "reports_event_time"}) {
    TestResult t;
    EXPECT_TRUE(nvcc_allows(*find_technique_spec(kind), none, t)) << kind;
  }
  TestResult shared;
  EXPECT_FALSE(nvcc_allows(*find_technique_spec("uses_shared_memory"), none, shared));
  EXPECT_EQ(shared.status, TestStatus::error);
  EXPECT_NE(shared.message.find("nvcc is not available"), std::string::npos) << shared.message;

  NvccCheck failed;
  failed.ran = true;
  TestResult refused;
  EXPECT_FALSE(nvcc_allows(*find_technique_spec("uses_shared_memory"), failed, refused));
  EXPECT_EQ(refused.status, TestStatus::failed);
}

}  // namespace
}  // namespace kit
