// How the student's kernels touch memory when one of their functions runs once at one size, counted the
// way the hardware counts it: for global memory the 32-byte sectors each warp-wide load or store
// touches, for shared memory the bank conflicts. On a GPU Nsight Compute reads the counters (per kernel);
// on the CPU backend the `access` build records the addresses every warp touches (per line of the file).
#pragma once

#include <string>
#include <vector>

#include "assignment/access_profile.h"
#include "run/session.h"

namespace kit {

// The profile of `function` at `dims`, measured once per grading and kept in the session.
const AccessProfile& access_profile(Session& session, const Function& function, const Dims& dims);

// The measurements behind access_profile, one per backend.
AccessProfile cpu_access_profile(Session& session, const Function& function, const Dims& dims);
AccessProfile gpu_access_profile(Session& session, const Function& function, const Dims& dims);

}  // namespace kit
