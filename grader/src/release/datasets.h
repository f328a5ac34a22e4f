// Datasets students can run against: the visible tests' inputs and expected outputs, written from the
// rubric's public seed, with a checksum manifest. Regenerating them gives the same bytes on every machine.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "assignment/rubric.h"

namespace kit {

struct DatasetOptions {
  std::string out_dir;                  // <out_dir>/<assignment>/...
  std::string format = "npy";           // npy | raw (the GPU Teaching Kit's text format)
  std::size_t max_elements = 1 << 20;   // larger arrays are listed as skipped, not written
};

struct DatasetSummary {
  std::string folder;
  int files = 0;
  std::vector<std::string> skipped;  // "Width 1025 (1050625 elements per matrix; raise --max-elements)"
};

DatasetSummary write_datasets(const Rubric& rubric, const DatasetOptions& options);

}  // namespace kit
