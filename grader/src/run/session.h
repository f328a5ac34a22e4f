// One grading of one submission, as the code that runs it sees it: the assignment (prepared once, read
// only), the submission (what intake took in) and the worker doing the work (its folders, builds and
// runners). A session is a view of the three, made by whoever owns them: the grading makes one, each
// correctness worker another on its own Worker. Code that needs only one part takes only that part.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "build/build.h"
#include "kit/device_limits.h"
#include "kit/device_memory.h"
#include "run/assignment.h"
#include "run/worker.h"
#include "submission/submission.h"

namespace kit {

struct Session {
  const Assignment& assignment;
  const Submission& submission;
  Worker& worker;
};

// The student's runner for a flavour (cuda builds one flavour for all) and build (-D knobs; empty: the
// default build).
const BuildOutcome& student_runner(const Session& session, Flavour flavour, const Knobs& build);

// A student build a grading needs: one flavour and one set of -D knobs (as for student_runner).
struct StudentBuild {
  Flavour flavour = Flavour::fast;
  Knobs knobs;
};

// Makes the builds not made yet, up to `jobs` compilers at a time, so that student_runner finds them.
void build_student_runners(const Session& session, const std::vector<StudentBuild>& builds, int jobs);

// A baseline's runner (cuda only): `file` relative to the kit root, built with `assignment`'s harness. Two
// baselines of the same file and harness share one build.
const BuildOutcome& baseline_runner(const Session& session, const std::string& assignment, const std::string& file);

// The session's backend (run/assignment.h).
inline const RunnerBackend& backend_of(const Session& session) { return backend_of(session.assignment); }

// A new arena of `bytes` for one run (kit/device_memory.h): host memory on the CPU backend, memory of the
// trusted GPU helper on the cuda backend.
std::unique_ptr<DeviceMemory> new_arena(const Session& session, std::size_t bytes);

// The device a test runs on, as the grader knows it: the virtual device's limits on the CPU backend (kept
// in `scratch`), the GPU's own, read once, on the cuda backend.
const DeviceLimits& test_device(const Session& session, const TestCase& test, DeviceLimits* scratch);

// The inputs of a case's size and seed, and the reference outputs for them, computed once.
const CaseData& case_data(const Session& session, const TestCase& test, std::uint64_t seed);

}  // namespace kit
