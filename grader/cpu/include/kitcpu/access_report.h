// Memory-access statistics of the CPU backend's `access` flavour: for each load and store of a kernel,
// what the GPU's memory system would make of it, counted as Nsight Compute counts it (global memory:
// sectors per request; shared memory: wavefronts and bank conflicts). The figures are for the sampled
// blocks only (KITCPU_ACCESS_BLOCKS), summed over every launch of the kernel.
//
// The runtime writes the file named by KITCPU_ACCESS_REPORT when the process exits (and rewrites it
// during a long run, after a launch at most once a second): one JSON object per line (keys: the field names below; `sectors` only for global memory, `wavefronts` and
// `bank_conflicts` only for shared memory; `example` an object with the AccessExample fields, inactive
// lanes null in `offsets`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kitcpu {

// One request worth showing a student: the lanes of one warp executing the access once.
struct AccessExample {
  std::string block;  // "(1,0,0)"
  int warp = 0;       // within the block: linear thread ids 32 * warp ... 32 * warp + 31
  // Per lane (32 entries): bytes from the first active lane's address; empty for inactive lanes.
  std::vector<std::optional<std::int64_t>> offsets;
  std::int64_t stride = 0;  // the most common distance in bytes between consecutive active lanes
  long long sectors = 0;     // this request's cost: sectors (global) or wavefronts (shared)
  long long wavefronts = 0;
};

struct AccessRecord {
  std::string kernel;  // "transpose_naive", "matmul<float, 16>"
  std::string file;    // the student's file, as the rewriter was told to name it
  int line = 0;
  int column = 0;      // 0 when unknown; where the compiler placed the access (often the `]` or the `=`)
  std::string space;   // "global" | "shared"
  std::string kind;    // "load" | "store"
  int size = 0;        // bytes per thread
  long long blocks = 0;    // sampled blocks that executed the access
  long long requests = 0;  // warp-wide executions with at least one active thread
  long long threads = 0;   // active threads summed over the requests
  long long sectors = 0;         // global: distinct 32-byte sectors, summed over the requests
  long long wavefronts = 0;      // shared: wavefronts, summed over the requests
  long long bank_conflicts = 0;  // shared: wavefronts beyond the conflict-free number, summed
  AccessExample example;
};

// Every record of a KITCPU_ACCESS_REPORT file, in file order. A missing file gives none; a line that is
// not a JSON object is skipped.
std::vector<AccessRecord> read_access_file(const std::string& path);

// The record as one line of JSON, without the newline: what the runtime writes.
std::string access_record_to_json_line(const AccessRecord& record);

// Averages per request (0 when there were no requests).
double sectors_per_request(const AccessRecord& record);
double ideal_sectors_per_request(const AccessRecord& record);  // ceil(threads per request x size / 32)
double wavefronts_per_request(const AccessRecord& record);
double bank_conflicts_per_request(const AccessRecord& record);

// Whether the access costs more than its ideal: sectors per request above the ideal, or any bank
// conflict.
bool access_is_wasteful(const AccessRecord& record);

// The name of the array accessed at `column` (1-based) of `source_line`, read from the text: the
// identifier before the subscripts that end at `column`, or before the `=` there. Empty when the text
// does not say.
std::string accessed_name(const std::string& source_line, int column);

// The sentence a student reads, e.g.
//   stores at transpose.cu:42 (odata): 32 sectors per request, 4 is ideal: consecutive threads of a warp
//   write 1024 bytes apart, one sector each (down a column of a row-major array); ...
//   loads from shared memory at transpose.cu:40 (tile): 32-way bank conflicts, 31 extra wavefronts per
//   request: ...
// `source_text` (the whole student file, optional) names the array.
std::string format_access_record(const AccessRecord& record, const std::string& source_text = std::string());

}  // namespace kitcpu
