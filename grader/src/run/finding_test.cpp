#include "run/finding.h"

#include <gtest/gtest.h>

namespace kit {
namespace {

Finding of(Category c) {
  Finding f;
  f.category = c;
  return f;
}

kitcpu::Diagnostic cpu(const std::string& category, const std::string& message) {
  kitcpu::Diagnostic d;
  d.severity = "error";
  d.category = category;
  d.message = message;
  d.file = "/tmp/grading/submission/matmul_tiled.cu";
  d.line = 41;
  return d;
}

// The names are a documented interface (docs/diagnostics.md): tools sort a class's failures by them.
TEST(Finding, CategoriesKeepTheirDocumentedNames) {
  const std::pair<Category, const char*> names[] = {
      {Category::none, ""},
      {Category::out_of_bounds_read, "out-of-bounds-read"},
      {Category::out_of_bounds_write, "out-of-bounds-write"},
      {Category::shared_out_of_bounds_read, "shared-out-of-bounds-read"},
      {Category::shared_out_of_bounds_write, "shared-out-of-bounds-write"},
      {Category::race, "missing-barrier"},
      {Category::missing_barrier, "missing-barrier"},
      {Category::uninitialized_shared_read, "uninitialized-shared-read"},
      {Category::order_dependent_result, "order-dependent-result"},
      {Category::write_conflict, "write-conflict"},
      {Category::input_write, "input-write"},
      {Category::divergent_barrier, "divergent-barrier"},
      {Category::hang, "hang"},
      {Category::host_hang, "host-hang"},
      {Category::timeout, "timeout"},
      {Category::invalid_launch, "invalid-launch"},
      {Category::device_assert, "assert"},
      {Category::grid_too_small, "grid-too-small"},
      {Category::no_kernel_launched, "no-kernel-launched"},
      {Category::answer_from_host, "answer-from-host"},
      {Category::wrong_answer, "wrong-answer"},
      {Category::never_written, "never-written"},
      {Category::crash, "crash"},
      {Category::cuda_error, "cuda-error"},
      {Category::memory_error, "memory-error"},
      {Category::invalid_address, "invalid-address"},
  };
  for (const auto& [category, name] : names) EXPECT_EQ(category_name(of(category)), name);
}

TEST(Finding, TheCpuBackendsCategoriesMapOnce) {
  EXPECT_EQ(finding_from_cpu(cpu("global-out-of-bounds", "out-of-bounds read of 4 byte(s)")).category,
            Category::out_of_bounds_read);
  EXPECT_EQ(finding_from_cpu(cpu("shared-out-of-bounds", "out-of-bounds write of 4 bytes")).category,
            Category::shared_out_of_bounds_write);
  EXPECT_EQ(finding_from_cpu(cpu("global-out-of-bounds", "an access nobody worded")).category,
            Category::out_of_bounds_access);
  EXPECT_EQ(finding_from_cpu(cpu("data-race", "")).category, Category::race);
  EXPECT_EQ(finding_from_cpu(cpu("assert", "")).category, Category::device_assert);
  const Finding f = finding_from_cpu(cpu("uninitialized-shared-read", "Mds[0][3] is read before any thread stored it"));
  EXPECT_EQ(f.category, Category::uninitialized_shared_read);
  EXPECT_EQ(f.element, "Mds[0][3]");
  EXPECT_EQ(f.line, 41);
  EXPECT_EQ(diagnosis_of(f).file, "matmul_tiled.cu");
}

// A category the grader gives no meaning to reaches the report by its name, as the backend wrote it,
// when it reads as a name.
TEST(Finding, OtherCategoriesPassThroughByName) {
  const Finding f = finding_from_cpu(cpu("stack-overflow", "the stack overflowed"));
  EXPECT_EQ(f.category, Category::reported);
  EXPECT_EQ(diagnosis_of(f).category, "stack-overflow");
  EXPECT_EQ(diagnosis_of(finding_from_cpu(cpu("bad\nname", ""))).category, "unknown");
  EXPECT_EQ(diagnosis_of(finding_from_cpu(cpu("", ""))).category, "unknown");
}

TEST(Finding, OnlyRacesAreWhatTheRaceDetectorsLookFor) {
  EXPECT_TRUE(names_a_race(Category::race));
  EXPECT_TRUE(names_a_race(Category::missing_barrier));
  for (Category c : {Category::uninitialized_shared_read, Category::out_of_bounds_read, Category::hang,
                     Category::reported, Category::none, Category::cuda_error})
    EXPECT_FALSE(names_a_race(c));
  EXPECT_TRUE(stopped_by_watchdog(Category::hang));
  EXPECT_TRUE(stopped_by_watchdog(Category::host_hang));
  EXPECT_FALSE(stopped_by_watchdog(Category::timeout));
}

}  // namespace
}  // namespace kit
