#include "run/run_mode.h"

namespace kit {
namespace {

struct ModeRow {
  RunMode mode;
  Flavour build;
  const char* name;
  const char* stage;
  const char* label;
};

constexpr ModeRow kModes[] = {
    {RunMode::plain, Flavour::fast, "fast", "correctness runs", ""},
    {RunMode::asan, Flavour::asan, "asan", "checking builds' runs", "[AddressSanitizer build] "},
    {RunMode::tsan, Flavour::tsan, "tsan", "checking builds' runs", "[race detector build] "},
    {RunMode::access_checks, Flavour::access, "checks", "checking builds' runs", "[access checks build] "},
    {RunMode::racecheck, Flavour::fast, "racecheck", "compute-sanitizer runs", "[compute-sanitizer racecheck] "},
    {RunMode::memcheck, Flavour::fast, "memcheck", "compute-sanitizer runs", "[compute-sanitizer memcheck] "},
};

const ModeRow& mode_row(RunMode mode) {
  for (const ModeRow& r : kModes)
    if (r.mode == mode) return r;
  return kModes[0];
}

}  // namespace

Flavour build_of(RunMode mode) { return mode_row(mode).build; }
const char* name_of(RunMode mode) { return mode_row(mode).name; }
const char* stage_of(RunMode mode) { return mode_row(mode).stage; }
const char* label_of(RunMode mode) { return mode_row(mode).label; }

bool under_compute_sanitizer(RunMode mode) { return mode == RunMode::racecheck || mode == RunMode::memcheck; }
bool sanitized_build(RunMode mode) { return mode == RunMode::asan || mode == RunMode::tsan; }

}  // namespace kit
