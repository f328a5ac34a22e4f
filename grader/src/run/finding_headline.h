// The headline of a test the CPU backend stopped, made from the first error it reported: "out-of-bounds
// read at matmul_tiled.cu:37", "Mds[0][3] read before any thread of the block stored it at
// matmul_tiled.cu:41". The report is written by the student's process, so its text is believed only as
// far as finding_from_cpu (finding.h) bounded it: a name is short and printable, or a plain word.
#pragma once

#include <string>

#include "run/finding.h"

namespace kit {

std::string headline_for(const Finding& finding);

}  // namespace kit
