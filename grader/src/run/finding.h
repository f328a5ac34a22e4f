// What a run found, in one type: every way a correctness run can end badly or a checking build can name
// a bug, whoever found it (the CPU backend's runtime, a sanitizer, compute-sanitizer, the grader's own
// comparison or record of calls). The report shows it as a test's Diagnosis (result/result.h), whose
// category names are a documented interface (docs/diagnostics.md): the names live in one table here.
#pragma once

#include <string>

#include <kitcpu/diagnostic.h>

#include "result/result.h"

namespace kit {

enum class Category {
  none,  // nothing named: a passed test, or a failure outside the student's code (a harness error)
  out_of_bounds_read,
  out_of_bounds_write,
  out_of_bounds_access,  // the report did not say which
  shared_out_of_bounds_read,
  shared_out_of_bounds_write,
  shared_out_of_bounds_access,
  race,             // a race detector (ThreadSanitizer, racecheck) saw a shared-memory race
  missing_barrier,  // the access checks saw a shared element stored and read by different threads
  uninitialized_shared_read,
  order_dependent_result,
  write_conflict,
  input_write,
  divergent_barrier,
  hang,       // a kernel that never ends
  host_hang,  // host code that never returns
  timeout,    // the test's time limit
  invalid_launch,
  device_assert,
  grid_too_small,
  tile_ignores_device,  // right outputs from a launch the device's limits should have sized otherwise
  no_kernel_launched,
  answer_from_host,
  wrong_answer,
  never_written,
  crash,
  cuda_error,
  memory_error,
  invalid_address,
  reported,  // a category of the CPU backend's own the grader gives no meaning to: passed through by name
};

struct Finding {
  Category category = Category::none;
  std::string name;      // Category::reported: the backend's name, when it reads as one (else empty)
  std::string cause;     // a wrong answer recognised as a known bug, or what the launch left uncovered
  std::string file;      // the student's file as the finder named it (a path, or a bare name)
  int line = 0;          // 0 when no line is known
  std::string element;   // the element the finding is about ("Mds[0][3]"), when it names one; bounded
  std::string evidence;  // the finder's own sentence (the CPU backend's message)
};

// The name tools sort by (docs/diagnostics.md): "out-of-bounds-read", "missing-barrier"... A race and a
// missing barrier share one name; a reported category is its own name, or "unknown".
std::string category_name(const Finding& finding);

// Whether the finding is a race on shared memory: what the race detectors' runs are for.
bool names_a_race(Category category);

// Whether the CPU backend's watchdog stopped the run (it ran into its time, not the test's).
bool stopped_by_watchdog(Category category);

// The CPU backend's diagnostic (its runtime's report, or a sanitizer's parsed by kitcpu), mapped once.
// The report is written by the student's process: names taken from it are short and printable, or empty.
Finding finding_from_cpu(const kitcpu::Diagnostic& diagnostic);

// The finding as the report shows it.
Diagnosis diagnosis_of(const Finding& finding);

}  // namespace kit
