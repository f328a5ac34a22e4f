// The headline of a test the CPU backend stopped, and its diagnosis (kit/result.h), made from the first
// error the backend reported. The backend's report is written by the student's process, so its text is
// believed only as far as these functions can bound it: a name taken from a message is short and
// printable, or replaced by a plain word.
#pragma once

#include <string>

#include "kit/result.h"

namespace kit {

struct Finding {
  std::string category;  // "global-out-of-bounds", "uninitialized-shared-read", ... (kitcpu/diagnostic.h)
  std::string message;
  std::string file;
  int line = 0;
};

// What happened, where: "out-of-bounds read at matmul_tiled.cu:37", "Mds[0][3] read before any thread
// of the block stored it at matmul_tiled.cu:41".
std::string headline_for(const Finding& finding);

// The finding as tools sort it: the CPU backend's category, with an out-of-bounds access split into
// read and write and a data race called what it is in a kernel, a missing barrier.
Diagnosis diagnosis_of(const Finding& finding);

}  // namespace kit
