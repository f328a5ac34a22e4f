// The CPU backend beside a GPU (run/assignment.h, cpu_twin): which tests of a GPU grading it runs, and
// how its results join the GPU's, so that a GPU grade is never more lenient than the CPU backend's. It
// runs the rubric's virtual devices, which a GPU does not have, and runs again, per function, one small
// test the GPU ran: the CPU backend checks every access and every barrier, where a GPU's run can give the
// right result by the luck of its hardware (a barrier some threads skip, a read past an array that lands
// on a harmless value).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "assignment/cases.h"
#include "result/result.h"
#include "run/session.h"

namespace kit {

// The GPU's own tests (`own`, by index) that the twin runs again: per function, one test of the default
// build at a size the CPU backend's checks cover (the rubric's cpu_checks.sanitizer_max_dim), the
// largest whose size is not a multiple of 16 where there is one: a tile's edge is where bugs hide.
std::vector<std::size_t> cross_checked_tests(const Session& s, const std::vector<TestCase>& own);

// What the twin found on a test the GPU ran too joins the GPU's result. A failure the CPU backend
// diagnosed as a bug a GPU may hide (a bad access, a barrier, a launch, a wrong result; never a hang, a
// crash or a test it could not run, which may be its own limits) fails a test the GPU passed,
// with the CPU backend's message and diagnosis; on a test both failed, the CPU backend's finding is added
// where it names a line the GPU's does not. A test only the GPU failed stays failed: the GPU is the
// hardware the course is about.
void join_cross_check(TestResult& on_gpu, const TestResult& on_cpu);

// A GPU grading whose twin could not build the file (`why`): the virtual devices' tests are not measured,
// and each group's points go to its tests on the GPU, as in a grading without the twin; a group with no
// test on the GPU keeps its points, unmeasured. `results` are in the order of `cases`.
void give_virtual_points_to_the_gpu(const std::vector<TestCase>& cases, const std::string& why,
                                    std::vector<TestResult>& results);

}  // namespace kit
