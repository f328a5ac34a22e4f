// For a grader's runner: the watchdog's host half. A GPU grader ends a run that has not finished in a
// few seconds; on the CPU backend kernels are emulated and may take long, but the student's host code
// runs as fast as on a GPU machine, so it gets the same few seconds. From watch_host_code to
// stop_watching_host_code, host code that runs KITCPU_WATCHDOG_S at a stretch without launching a kernel
// ends the process with a "host-hang" diagnostic at the line it was running; a kernel launch starts the
// stretch afresh, and the kernel itself is watched as ever (no block finishing in KITCPU_WATCHDOG_S is a
// "hang").
#pragma once

namespace kitcpu {

// Watches the calling thread's host code: call it on the thread that calls the student's function,
// just before.
void watch_host_code();
void stop_watching_host_code();

}  // namespace kitcpu
