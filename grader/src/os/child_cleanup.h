// The grader's children end with it. Every child (a compiler, a runner, a student's grading in a batch)
// runs in a process group of its own, so a Ctrl-C at the terminal or a scheduler's SIGTERM reaches only
// the grader: without this, an interrupted batch would leave its gradings running, each still holding a
// core or the GPU. On SIGINT, SIGTERM or SIGHUP the grader passes the signal on to every live child's
// group (a child grader does the same with its own children), waits briefly for them to go, kills what
// is left, and then ends as the signal asks.
#pragma once

#include <sys/types.h>

namespace kit {

// Installs the handlers once; later calls do nothing.
void end_children_with_the_grader();

// run_process's bookkeeping: a child's process group from fork to reaping. Async-signal-safe.
void note_child_group(pid_t group);
void forget_child_group(pid_t group);

}  // namespace kit
