// An assignment's rubric (assignments/<name>/rubric.yaml), validated: a rubric that loads is complete and
// consistent, and one that does not is never graded from. assignments/README.md documents every key.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "assignment/device_tile.h"
#include "assignment/hidden_tests.h"
#include "assignment/questions.h"
#include "assignment/rubric_error.h"
#include "kit/knobs.h"
#include "kit/problem.h"
#include "kit/tolerance.h"

namespace kit {


// One of the student's functions the harness can call, and the problem it solves.
struct Function {
  std::string name;  // "transpose_padded": the harness entry
  const Problem* problem = nullptr;
};

// Random sizes drawn at grading time from the rubric's seed (or the one given with --seed).
struct RandomSizes {
  int count = 0;
  long min = 1;
  long max = 1;
};

enum class Visibility { visible, hidden, after_due_date };
const char* visibility_name(Visibility visibility);  // Gradescope's words: "visible", "hidden", "after_due_date"

struct CorrectnessGroup {
  std::string name;
  double points = 0;
  Visibility visibility = Visibility::visible;
  std::size_t function = 0;      // index into Rubric::functions
  std::vector<Dims> shapes;      // explicit sizes, as full problem dims
  RandomSizes random;            // random sizes (count 0: none)
  std::vector<Knobs> builds;     // -D builds, each setting some knobs; empty: the default build only
  std::string inputs;            // the problem's input variant; empty: its first
  int seeds = 3;                 // input seeds per size
  // A knob whose value in each build is the unit of the sizes: with `size_unit: BLOCK_WIDTH`, size 3
  // is 3 x BLOCK_WIDTH in every build (so each build's sizes are multiples of its tile). Empty: none.
  std::string size_unit;
  // The CPU backend's virtual devices each test runs on (kitcpu/virtual_device.h), one test per device;
  // empty: the backend's default device. On the cuda backend the group runs once, on the GPU.
  std::vector<std::string> devices;
  // The tile every launch must use on each device (assignment/device_tile.h); widest 0: no rule.
  DeviceTileRule device_tile;
};

// A runner timed beside the student's: a file built with an assignment's harness.
struct Baseline {
  std::string name;        // "reference", "naive", "cudaMemcpy"
  std::string assignment;  // whose harness builds it (defaults to the rubric's own)
  std::string file;        // relative to the kit's source folder
  std::string function;    // the entry it is timed through; empty: the item's own function (see below)
  const Problem* problem = nullptr;  // whose work model counts its throughput; nullptr: the item's
};

// The entry every runner has besides its harness's: cudaMemcpy of the first input to the first output,
// device to device, the bandwidth a memory-bound kernel is measured against.
constexpr const char* kDeviceCopyEntry = "cudaMemcpy";

// A point in a scoring curve: at `ratio` (the student's throughput over the baseline's) the item earns
// `fraction` of its points. Linear between points, flat beyond the ends.
struct CurvePoint {
  double ratio = 0;
  double fraction = 0;
};

struct PerformanceItem {
  std::string name;
  std::size_t function = 0;  // the student's function timed, index into Rubric::functions
  std::string baseline;
  std::string baseline_function;           // the entry the baseline is timed through for this item
  const Problem* baseline_problem = nullptr;
  double points = 0;
  std::vector<CurvePoint> curve;
  // Another baseline (the reference) whose own ratio to `baseline`, measured in the same run, anchors the
  // curve: where it falls short of the curve's full marks, the curve is scaled to it (anchor_curve,
  // result/scoring.h). Empty: the curve is read as written.
  std::string anchor;
  std::string anchor_function;  // the entry the anchor is timed through for this item
  const Problem* anchor_problem = nullptr;
};

struct Performance {
  Dims shape;          // empty: no performance section
  std::string label;   // "Width 4096" or "4096x2048x3072"
  Metric metric = Metric::gflops;
  std::vector<Baseline> baselines;
  std::vector<PerformanceItem> items;
  int rounds = 3;          // interleaved student/baseline measurements, each a separate process
  double max_seconds = 4;  // per measurement
};

struct TechniqueCheck {
  std::string name;   // "uses shared memory"
  std::string check;  // a kind from technique.h: uses_shared_memory, coalesced_access, no_bank_conflicts
  double points = 0;
  std::size_t function = 0;  // kinds that run the student's code: which function, at which size
  Dims size;
  std::map<std::string, double> limits;  // the kind's thresholds, its defaults filled in
};

struct Limits {
  double build_seconds = 180;
  double test_seconds = 60;  // per test (one size, all its seeds)
  double run_seconds = 10;   // cuda backend: one run of the student's function, launch to synchronisation
  // The whole grading of one submission: once it is spent, the tests not yet run are reported as not
  // run, so a class's hanging submissions cost seconds each, not a test timeout per test.
  double submission_seconds = 600;
};

// How the CPU backend checks beyond the fast build: sizes whose every dimension is at most these run
// under AddressSanitizer and under ThreadSanitizer too (one seed), because those builds are slow.
// Every CUDA thread is emulated, so a size whose extents multiply to more than repeats_max_volume (a
// matmul's multiply-adds, a picture's pixels) costs seconds a run: it runs its first seed in the first
// order only. What more seeds and orders look for, a result that depends on the data or on the order of
// a block's threads, the smaller sizes show, and they run them all.
struct CpuChecks {
  long sanitizer_max_dim = 64;
  long race_max_dim = 33;
  std::vector<std::string> orders = {"forward", "reverse", "random:1"};
  long repeats_max_volume = 50'000'000;
};

struct Rubric {
  std::string path;        // the file it was read from
  std::string assignment;  // folder name under assignments/
  std::string title;
  std::vector<Function> functions;  // the first is the default of every group and item
  std::vector<std::string> student_files;
  bool square = false;     // sizes are one number that every axis takes (matmul: Width, j = k = l)
  std::string square_name = "size";  // what that number is called in test names: "Width 17"
  Knobs knobs;             // the contract's compile-time constants with their default values
  std::uint64_t seed = 1;  // the public seed of visible cases and datasets
  Tolerance tolerance;
  std::vector<CorrectnessGroup> correctness;
  // What students are shown of the tests of `visibility: hidden` groups (assignment/hidden_tests.h).
  HiddenTests hidden_tests = HiddenTests::nothing;
  Performance performance;
  std::vector<TechniqueCheck> technique;
  std::vector<std::string> forbidden;  // identifiers the student's file may not use
  Limits limits;
  CpuChecks cpu_checks;
  Questions questions;  // `questions: questions.yaml`: the written questions; none when the key is absent
};

// Reads and validates a rubric; throws RubricError. The files it names are looked up in `kit_trees`, in
// order (the course's tree, then the kit's: assignment/kit_tree.h).
Rubric load_rubric(const std::string& path, const std::vector<std::string>& kit_trees);

// "Width 17" for square assignments, "67x53x64" otherwise.
std::string describe_shape(const Rubric& rubric, const Dims& dims);

// Every point the rubric gives, written questions included (those a person grades too).
double total_points(const Rubric& rubric);

}  // namespace kit
