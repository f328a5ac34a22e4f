// The exit codes a runner built on the CPU backend ends with live in run_protocol.h, with the rest of
// what the grader and the runtime agree on; this name stays for the files that include it.
#pragma once

#include <kitcpu/run_protocol.h>
