// Judging where an answer came from (run/runtime_calls.h).
#include "run/runtime_calls.h"

#include <algorithm>
#include <array>
#include <set>
#include <tuple>

namespace kit {
namespace {

std::string array_of(const nlohmann::json& end) { return end.is_object() ? end.value("array", std::string("?")) : "?"; }
std::string role_of(const nlohmann::json& end) { return end.is_object() ? end.value("role", std::string()) : ""; }
std::string at_of(const nlohmann::json& call) {
  const std::string at = call.value("at", std::string());
  return at.empty() ? "" : " at " + at;
}

// [x, y, z] of a launch's "grid" or "block"; zeros when the record does not hold three numbers.
std::array<unsigned long long, 3> dims_of(const nlohmann::json& value) {
  std::array<unsigned long long, 3> d{0, 0, 0};
  if (!value.is_array() || value.size() != 3) return d;
  for (std::size_t i = 0; i < 3; ++i) d[i] = value[i].is_number_unsigned() ? value[i].get<unsigned long long>() : 0;
  return d;
}

std::string triple(const std::array<unsigned long long, 3>& d) {
  return "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + ")";
}

std::string kernel_of(const nlohmann::json& call) {
  const std::string kernel = call.value("kernel", std::string("?"));
  return kernel.substr(0, kernel.find('('));
}

std::vector<const nlohmann::json*> launches_in(const std::vector<nlohmann::json>& calls) {
  std::vector<const nlohmann::json*> launches;
  for (const nlohmann::json& c : calls)
    if (c.is_object() && c.value("call", "") == "launch") launches.push_back(&c);
  return launches;
}

// The launch every call made, when each made the same one (kernel, grid and block); null otherwise, or
// when there was none: only then does one grid explain the elements never written.
const nlohmann::json* one_launch_every_time(const std::vector<const nlohmann::json*>& launches) {
  if (launches.empty()) return nullptr;
  const nlohmann::json& first = *launches[0];
  auto shape = [](const nlohmann::json& launch) {
    return std::make_tuple(kernel_of(launch), dims_of(launch.value("grid", nlohmann::json())),
                           dims_of(launch.value("block", nlohmann::json())));
  };
  for (const nlohmann::json* l : launches)
    if (shape(*l) != shape(first)) return nullptr;
  return &first;
}

}  // namespace

std::string refused_launch(const std::vector<nlohmann::json>& calls) {
  // CUDA's limits on every GPU the kit supports (compute capability 5.0 and later).
  constexpr unsigned long long kMaxThreads = 1024, kMaxBlock[3] = {1024, 1024, 64};
  constexpr unsigned long long kMaxGrid[3] = {2147483647ull, 65535, 65535};
  const char* axis = "xyz";
  for (const nlohmann::json* c : launches_in(calls)) {
    const auto grid = dims_of(c->value("grid", nlohmann::json())), block = dims_of(c->value("block", nlohmann::json()));
    const std::string launch = "the launch of " + kernel_of(*c) + at_of(*c);
    for (int i = 0; i < 3; ++i) {
      if (grid[i] == 0 || block[i] == 0)
        return launch + " has a zero-sized " + (grid[i] == 0 ? "grid " + triple(grid) : "block " + triple(block)) +
               ": every dimension must be at least 1";
      if (block[i] > kMaxBlock[i])
        return launch + " asks for blocks of " + triple(block) + ": blockDim." + axis[i] + " may be at most " +
               std::to_string(kMaxBlock[i]);
      if (grid[i] > kMaxGrid[i])
        return launch + " asks for a grid of " + triple(grid) + ": gridDim." + axis[i] + " may be at most " +
               std::to_string(kMaxGrid[i]);
    }
    const unsigned long long threads = block[0] * block[1] * block[2];
    // A grid small enough to be a block, and a block that grows with the data: <<<block, grid>>>.
    const unsigned long long blocks = grid[0] * grid[1] * grid[2];
    const bool exchanged = blocks > 1 && blocks <= kMaxThreads && grid[0] <= kMaxBlock[0] && grid[1] <= kMaxBlock[1] &&
                           grid[2] <= kMaxBlock[2];
    if (threads > kMaxThreads)
      return launch + " asks for blocks of " + triple(block) + " = " + std::to_string(threads) +
             " threads; a block may have at most " + std::to_string(kMaxThreads) +
             (exchanged ? ". Its grid, " + triple(grid) + ", has the shape of a block: the grid and the block look "
                          "exchanged, <<<grid, block>>> takes the grid first"
                        : "");
  }
  return {};
}

std::string failed_launch(const std::vector<nlohmann::json>& calls) {
  for (const nlohmann::json* c : launches_in(calls)) {
    const std::string result = c->value("result", std::string("cudaSuccess"));
    if (result != "cudaSuccess") return "the launch of " + kernel_of(*c) + at_of(*c) + " was refused: " + result;
  }
  return {};
}

KnobBlocks knob_blocks(const Knobs& knobs) {
  KnobBlocks b;
  for (const char* name : {"BLOCK_WIDTH", "TILE_WIDTH", "TILE_DIM"}) {
    const long value = knob_value(knobs, name, 0);
    if (value > 0 && b.name.empty()) b = {name, value, 0};
  }
  if (knob_value(knobs, "BLOCK_ROWS", 0) > 0 && knob_value(knobs, "TILE_DIM", 0) > 0)
    b = {"TILE_DIM", knob_value(knobs, "TILE_DIM", 0), knob_value(knobs, "TILE_DIM", 0)};
  return b;
}

std::string uncovered_output(const std::vector<nlohmann::json>& calls, const ArraySpec& output,
                             std::size_t never_written, const KnobBlocks& blocks, const ArraySpec* transposed_input) {
  // The record spans every seed's call: one launch per call, the same each time, is one kernel's grid.
  const nlohmann::json* launch = one_launch_every_time(launches_in(calls));
  if (!launch || output.shape.size() != 2 || never_written == 0) return {};
  const auto grid = dims_of(launch->value("grid", nlohmann::json()));
  const auto block = dims_of(launch->value("block", nlohmann::json()));
  const auto rows = static_cast<unsigned long long>(output.shape[0]);
  const auto cols = static_cast<unsigned long long>(output.shape[1]);
  // The rows one block covers: blockDim.y, or the tile its rows of threads walk.
  const unsigned long long block_rows =
      blocks.rows_per_block > 0 ? static_cast<unsigned long long>(blocks.rows_per_block) : block[1];
  const unsigned long long x = grid[0] * block[0], y = grid[1] * block_rows;
  const unsigned long long covered = std::min(x, cols) * std::min(y, rows);
  if (covered + never_written != rows * cols) return {};
  std::string text = "the grid of " + triple(grid) + " blocks of " + triple(block) + " threads covers " +
                     std::to_string(x) + " columns and " + std::to_string(y) + " rows; " + output.name + " has " +
                     std::to_string(cols) + " columns and " + std::to_string(rows) + " rows";
  // A grid counted in the build's blocks, launched with blocks of another size: the block is the slip.
  if (blocks.width > 0) {
    const auto w = static_cast<unsigned long long>(blocks.width);
    const bool counted_in_knob = grid[0] == (cols + w - 1) / w && grid[1] == (rows + w - 1) / w;
    if (counted_in_knob && block[0] != w)
      return text + ": the grid counts blocks of " + blocks.name + " = " + std::to_string(w) + ", but the blocks " +
             "launched are " + triple(block) + ": size the block with " + blocks.name + " too, not with a number";
  }
  // A block of one row, dim3 block(16): a grid counted for square blocks then covers a sixteenth of the rows.
  if (blocks.rows_per_block == 0 && block[0] > 1 && block[1] == 1 && rows > 1 && grid[1] < rows &&
      grid[1] == (rows + block[0] - 1) / block[0])
    return text + ": the blocks have one row of threads, " + triple(block) + ", but gridDim.y, " +
           std::to_string(grid[1]) + ", counts blocks of " + std::to_string(block[0]) + " rows: make the block " +
           "two-dimensional, dim3 block(" + std::to_string(block[0]) + ", " + std::to_string(block[0]) +
           ") (a dim3 of one number leaves y at 1)";
  // A transpose's grid may walk its input, whose shape this is: then the grid is right, and the threads
  // it stops before storing are the slip.
  if (x >= rows && y >= cols && (x < cols || y < rows) && transposed_input)
    return text + ", " + transposed_input->name + " " + std::to_string(rows) + " columns and " +
           std::to_string(cols) + " rows. A grid over " + transposed_input->name + " is right where each block " +
           "reads a tile of it; then the test before each store must keep the stored element inside " + output.name +
           ", with " + output.name + "'s bounds, rows and columns exchanged from " + transposed_input->name +
           "'s. Where the threads walk " + output.name + " instead, the grid's x and y are exchanged";
  if (x >= rows && y >= cols && (x < cols || y < rows))
    return text + ": x counts columns and y rows, and the grid's x and y look exchanged";
  // Each short axis: a count rounded down, a count made from the other axis, or just too few. Where one
  // count fits both slips, both are said, unless the other axis shows the rounding alone: one slip for two.
  struct Short {
    char name;
    unsigned long long count, block_width, n, other_n;
    std::string what, other;
    bool short_of() const { return block_width > 0 && count < (n + block_width - 1) / block_width; }
    bool rounded_down() const { return count == n / block_width; }
    bool from_other() const { return other_n != n && count == (other_n + block_width - 1) / block_width; }
  };
  const Short axes[] = {{'x', grid[0], block[0], cols, rows, "columns", "rows"},
                        {'y', grid[1], block_rows, rows, cols, "rows", "columns"}};
  bool rounding_alone = false;
  for (const Short& a : axes) rounding_alone = rounding_alone || (a.short_of() && a.rounded_down() && !a.from_other());
  std::string advice;
  for (const Short& a : axes) {
    if (!a.short_of()) continue;
    const std::string dim = std::string("gridDim.") + a.name + " is " + std::to_string(a.count);
    const std::string made = "made from the " + a.other + " (" + std::to_string(a.other_n) + "), not the " + a.what +
                             " (" + std::to_string(a.n) + ")";
    const std::string round = std::to_string(a.n) + " / " + std::to_string(a.block_width) + " rounded down";
    std::string said;
    if (a.from_other() && a.rounded_down() && !rounding_alone) said = dim + ": " + round + ", or " + made;
    else if (a.rounded_down()) said = dim + ", " + round + ": round the number of blocks up, (n + BLOCK - 1) / BLOCK";
    else if (a.from_other()) said = dim + ", " + made;
    else said = dim + "; " + std::to_string(a.n) + " " + a.what + " in blocks of " + std::to_string(a.block_width) +
                " need " + std::to_string((a.n + a.block_width - 1) / a.block_width);
    advice += (advice.empty() ? "" : "; ") + said;
  }
  return text + ": " + (advice.empty() ? "round the number of blocks up, (n + BLOCK - 1) / BLOCK" : advice);
}

std::string uncovered_tail(const std::vector<nlohmann::json>& calls, const ArraySpec& output,
                           const std::vector<bool>& wrong) {
  const nlohmann::json* launch = one_launch_every_time(launches_in(calls));
  if (!launch || output.shape.size() != 1 || wrong.size() != static_cast<std::size_t>(output.shape[0])) return {};
  const auto grid = dims_of(launch->value("grid", nlohmann::json()));
  const auto block = dims_of(launch->value("block", nlohmann::json()));
  const unsigned long long threads = grid[0] * grid[1] * grid[2] * block[0] * block[1] * block[2];
  if (threads == 0 || threads >= wrong.size()) return {};
  for (std::size_t i = 0; i < wrong.size(); ++i)
    if (wrong[i] != (i >= threads)) return {};
  return "the grid of " + triple(grid) + " blocks of " + triple(block) + " threads covers " + std::to_string(threads) +
         " elements; " + output.name + " has " + std::to_string(wrong.size()) +
         ": round the number of blocks up, (n + BLOCK - 1) / BLOCK";
}

namespace {

bool on_host_side(const nlohmann::json& end) { return end.is_object() && end.value("side", "") == "host"; }

// The host-code contract (kit/host_arrays.h): the student's function gets host copies of the arrays,
// copies the inputs in itself and the result back. Copies to and from the host are its job; the answer
// is the device's when an output's host copy was written by a copy from the device after a launch.
std::string host_code_answer_from_the_host(const std::vector<nlohmann::json>& calls) {
  bool launched = false;
  std::string output, early;
  std::set<std::string> outputs, copied_back;
  for (const nlohmann::json& c : calls) {
    if (!c.is_object()) continue;
    if (c.value("call", "") == "launch") {
      launched = true;
      continue;
    }
    const nlohmann::json from = c.value("from", nlohmann::json::object()), to = c.value("to", nlohmann::json::object());
    if (!on_host_side(to) || role_of(to) != "output") continue;
    outputs.insert(array_of(to));
    const bool from_device = !on_host_side(from) && array_of(from) != "host";
    if (from_device && launched) copied_back.insert(array_of(to));
    if (from_device && !launched && early.empty()) early = array_of(to) + " (" + c.value("call", "") + at_of(c) + ")";
  }
  if (!launched) return "no kernel was launched: the result must be computed by a kernel";
  for (const std::string& o : outputs)
    if (!copied_back.count(o)) output = o;
  if (!early.empty() && copied_back.empty())
    return "the answer came from host code: your code copied back " + early +
           " before any kernel ran; copy the result back after the launch";
  if (copied_back.empty() || !output.empty())
    return "the answer came from host code: the output" + (output.empty() ? std::string() : " " + output) +
           " was never written by a copy from the device after the kernel ran (cudaMemcpy ..., "
           "cudaMemcpyDeviceToHost); the result must be computed by a kernel and copied back";
  return {};
}

}  // namespace

std::string answer_from_the_host(const std::vector<nlohmann::json>& calls) {
  // The runner's mark says the harness handed over host copies, even where every copy of the student's
  // went through buffers of its own (pinned staging, copied into C by plain host code).
  for (const nlohmann::json& c : calls)
    if (c.is_object() && (on_host_side(c.value("from", nlohmann::json())) || on_host_side(c.value("to", nlohmann::json())) ||
                          c.value("call", "") == "host-arrays"))
      return host_code_answer_from_the_host(calls);
  int launches = 0;
  std::string read, written;
  for (const nlohmann::json& c : calls) {
    const std::string call = c.value("call", "");
    if (call == "launch") {
      ++launches;
      continue;
    }
    // Any device memory copied to the host counts, not only the inputs: copying an input into a buffer of
    // one's own first changes nothing. A kernel-only function never needs to.
    const nlohmann::json from = c.value("from", nlohmann::json::object()), to = c.value("to", nlohmann::json::object());
    if (array_of(from) != "host" && array_of(to) == "host" && read.empty())
      read = (role_of(from) == "input" ? "the input " + array_of(from) : std::string("device memory")) + " (" + call +
             at_of(c) + ")";
    if (role_of(to) == "output" && array_of(from) == "host" && written.empty())
      written = array_of(to) + " (" + call + at_of(c) + ")";
  }
  std::string why;
  if (!read.empty()) why = "your code copied " + read + " to the host";
  if (!written.empty()) why += (why.empty() ? "your code wrote the output " : " and wrote the output ") + written + " from the host";
  if (!why.empty()) return "the answer came from host code: " + why + "; it must be computed by a kernel";
  if (launches == 0) return "no kernel was launched: the result must be computed by a kernel";
  return {};
}

std::string describe_calls(const std::vector<nlohmann::json>& calls) {
  std::string text;
  // The runner's own notes (what a kernel wrote, that the harness handed over host copies) are for the
  // judgement, not for the student's list of calls.
  std::vector<nlohmann::json> shown;
  for (const nlohmann::json& c : calls)
    if (c.value("call", "") != "kernel-writes" && c.value("call", "") != "host-arrays") shown.push_back(c);
  const std::vector<nlohmann::json>& calls_shown = shown;
  for (std::size_t i = 0; i < calls_shown.size() && i < 12; ++i) {
    const nlohmann::json& c = calls_shown[i];
    const std::string call = c.value("call", "");
    if (call == "launch")
      text += "  launch " + c.value("kernel", std::string("?")) + at_of(c) + "\n";
    else if (!c.contains("from") && !c.contains("to"))
      text += "  " + call + (c.contains("bytes") ? " (" + std::to_string(c.value("bytes", 0ull)) + " bytes)" : "") +
              at_of(c) + (c.value("result", "cudaSuccess") == "cudaSuccess" ? "" : ": " + c.value("result", std::string())) +
              "\n";
    else
      text += "  " + c.value("call", std::string("?")) + " " + c.value("kind", std::string()) + " from " +
              array_of(c.value("from", nlohmann::json::object())) + " to " +
              array_of(c.value("to", nlohmann::json::object())) + " (" + std::to_string(c.value("bytes", 0ull)) +
              " bytes)" + at_of(c) + "\n";
  }
  if (calls_shown.size() > 12) text += "  ... " + std::to_string(calls_shown.size() - 12) + " more\n";
  if (!text.empty()) text.pop_back();
  return text;
}

}  // namespace kit
