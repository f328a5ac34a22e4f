// The harness compiled once. An assignment's harness.cpp is the kit's code, the same in every grading:
// with a prepared folder (build/prepared.h), its object is kept per compile command in the folder's
// harness/ (BuildSpec::harness_cache), and every runner built with the same command links that object
// instead of compiling the harness again. The objects live in a folder of their own, the only part of
// the prepared folder a student's compile may read: the cached baseline runners in builds/ are the kit's
// solutions.
#pragma once

#include <string>
#include <vector>

#include "build/build_spec.h"

namespace kit {

// What an object is keyed by: the compile command, the grader, every file of the assignment's folder and
// every header the kit gives a harness (a changed header, flag or -D value compiles it afresh).
std::string harness_cache_key(const std::vector<std::string>& compile_command, const BuildSpec& spec);

// The harness object for `compile_command` (a compiler and its flags, includes and -D values, without
// -c, -o or a source), compiled now when spec.harness_cache has none. Empty without one, or when the
// harness does not compile this way: the caller then compiles it with the student's file, as always, and
// the compiler's message is in that build's log.
std::string cached_harness_object(const std::vector<std::string>& compile_command, const BuildSpec& spec);

}  // namespace kit
