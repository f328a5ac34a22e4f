#include <kitcpu/run_protocol.h>
#include <kitcpu/sanitizer_report.h>

#include <cctype>
#include <cstddef>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace kitcpu {
namespace {

// ---------------------------------------------------------------------------------------------------
// Lines, frames and stacks: the parts every sanitizer report shares.

struct Frame {
  std::string function;  // demangled, with its parameter list; empty when the tool printed <null>
  std::string file;      // as the symbolizer printed it; empty when unknown
  int line = 0;
};
using Stack = std::vector<Frame>;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// AddressSanitizer:   "#0 0x55c6dc1e423f in scale(float*, int) /src/file.cu:5"   (":5:7" with a column)
// ThreadSanitizer:    "#0 scale(float*, int) /src/file.cu:5 (prog+0x1247)"
// Either, unresolved: "#4 0x55c6dc1e4100 in _start (/tmp/prog+0x1100)" or "#6 <null> <null> (lib.so+0xd4)"
std::optional<Frame> parse_frame(const std::string& line) {
  static const std::regex frame_re(R"(^\s*#\d+\s+(?:0x[0-9a-fA-F]+\s+in\s+)?(.*)$)");
  static const std::regex module_re(R"(\s*\([^()\s]*\+0x[0-9a-fA-F]+\)$)");
  static const std::regex location_re(R"(^(.+?):(\d+)(?::\d+)?$)");
  std::smatch m;
  if (!std::regex_match(line, m, frame_re)) return std::nullopt;
  std::string rest = std::regex_replace(trim(m[1].str()), module_re, "");
  Frame frame;
  std::size_t space = rest.rfind(' ');
  std::string last = space == std::string::npos ? rest : rest.substr(space + 1);
  std::smatch loc;
  if (space != std::string::npos && std::regex_match(last, loc, location_re)) {
    frame.file = loc[1].str();
    frame.line = std::stoi(loc[2].str());
    rest = trim(rest.substr(0, space));
  }
  frame.function = rest == "<null>" ? "" : rest;
  return frame;
}

// Reads the frames that start at lines[i], leaving i on the first line that is not a frame.
Stack read_stack(const std::vector<std::string>& lines, std::size_t& i) {
  Stack stack;
  while (i < lines.size()) {
    std::optional<Frame> frame = parse_frame(lines[i]);
    if (!frame) break;
    stack.push_back(std::move(*frame));
    ++i;
  }
  return stack;
}

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string strip_dot_slash(std::string path) {
  while (starts_with(path, "./")) path.erase(0, 2);
  return path;
}

// The symbolizer prints the path the compiler was given (or the #line name), which may be relative,
// absolute, or relative to another directory than the one the grader knows.
bool is_student_file(const std::string& path, const std::string& student_file) {
  if (path.empty() || student_file.empty()) return false;
  std::string a = strip_dot_slash(path), b = strip_dot_slash(student_file);
  if (a == b || ends_with(a, "/" + b) || ends_with(b, "/" + a)) return true;
  return base_name(a) == base_name(b);
}

const Frame* first_student_frame(const Stack& stack, const std::string& student_file) {
  for (const Frame& f : stack)
    if (is_student_file(f.file, student_file)) return &f;
  return nullptr;
}

const Frame* first_located_frame(const Stack& stack) {
  for (const Frame& f : stack)
    if (!f.file.empty() && f.line > 0) return &f;
  return nullptr;
}

// "void add<float>(float*, int)" -> "add<float>"; "ns::scale(float*) const" -> "ns::scale".
std::string function_name(const std::string& demangled) {
  int angle = 0;
  std::size_t end = demangled.size();
  for (std::size_t k = 0; k < demangled.size(); ++k) {
    char c = demangled[k];
    if (c == '<') ++angle;
    if (c == '>' && angle > 0) --angle;
    if (c == '(' && angle == 0 && k > 0) {
      end = k;
      break;
    }
  }
  std::string name = trim(demangled.substr(0, end));
  angle = 0;
  for (std::size_t k = name.size(); k-- > 0;) {
    if (name[k] == '>') ++angle;
    if (name[k] == '<') --angle;
    if (name[k] == ' ' && angle == 0) return name.substr(k + 1);
  }
  return name;
}

// Launches are rewritten into lambdas defined in the student's file; those frames are not kernels,
// and neither is a main() of a test program.
bool is_kernel_candidate(const Frame& f) {
  if (f.function.empty() || function_name(f.function) == "main") return false;
  return !contains(f.function, "{lambda") && !contains(f.function, "operator()") &&
         !contains(f.function, "<lambda");
}

// The kernel is the outermost function of the student's file on a fiber's stack (below it: the
// runtime). Device functions the kernel called sit above it.
std::string kernel_of(const Stack& stack, const std::string& student_file) {
  std::string kernel;
  for (const Frame& f : stack)
    if (is_student_file(f.file, student_file) && is_kernel_candidate(f))
      kernel = function_name(f.function);
  return kernel;
}

// ---------------------------------------------------------------------------------------------------
// CUDA thread names: the runtime names its fibers "block (x,y,z) thread (x,y,z)".

struct CudaThread {
  std::string block;   // "(1,0,0)", empty when unknown
  std::string thread;  // "(3,2,0)", empty when unknown
};

CudaThread parse_cuda_thread(const std::string& text) {
  static const std::regex block_re(R"(block\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\))");
  static const std::regex thread_re(R"(thread\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\))");
  CudaThread t;
  std::smatch m;
  if (std::regex_search(text, m, block_re))
    t.block = "(" + m[1].str() + "," + m[2].str() + "," + m[3].str() + ")";
  if (std::regex_search(text, m, thread_re))
    t.thread = "(" + m[1].str() + "," + m[2].str() + "," + m[3].str() + ")";
  return t;
}

std::string describe(const CudaThread& t, const std::string& fallback) {
  if (!t.thread.empty() && !t.block.empty()) return "thread " + t.thread + " of block " + t.block;
  if (!t.thread.empty()) return "thread " + t.thread;
  return fallback;
}

// ---------------------------------------------------------------------------------------------------
// Building diagnostics.

const char* const outside_hint =
    " (No frame of the report is in your file: the error was found in code your file called.)";

// Places the diagnostic at the first student frame of `stack`, else at the report's own location.
void locate(Diagnostic& d, const Stack& stack, const std::string& student_file) {
  const Frame* at = first_student_frame(stack, student_file);
  bool in_student_file = at != nullptr;
  if (!at) at = first_located_frame(stack);
  if (at) {
    d.file = in_student_file ? student_file : at->file;
    d.line = at->line;
  }
  d.kernel = kernel_of(stack, student_file);
  if (!in_student_file) d.hint += outside_hint;
}

std::string at_line(const Stack& stack, const std::string& student_file) {
  const Frame* f = first_student_frame(stack, student_file);
  return f ? " at line " + std::to_string(f->line) : "";
}

// Sanitizers overlap (an overflow of a fixed-size array is seen by UndefinedBehaviorSanitizer and
// AddressSanitizer both): one diagnostic per student line is enough, the first being the most precise.
// Races are kept per pair of lines.
class Collector {
 public:
  void add(Diagnostic d, const std::string& other_line = "") {
    auto key = std::make_tuple(d.category == category::kDataRace, d.file, d.line, other_line);
    if (!seen_.insert(key).second) return;
    d.severity = "error";
    out_.push_back(std::move(d));
  }
  std::vector<Diagnostic> take() { return std::move(out_); }

 private:
  std::set<std::tuple<bool, std::string, int, std::string>> seen_;
  std::vector<Diagnostic> out_;
};

// The runtime's own fatal diagnostic ("error [category] file:line in kernel k ..., block (x,y,z),
// thread (x,y,z): ...") follows the sanitizer's report, written as the process dies: the CUDA thread
// is taken from there, up to the next report.
CudaThread cuda_thread_after(const std::vector<std::string>& lines, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to && k < lines.size(); ++k) {
    if (!starts_with(lines[k], "error [")) continue;
    CudaThread t = parse_cuda_thread(lines[k]);
    if (!t.block.empty() && !t.thread.empty()) return t;
  }
  return {};
}

// ---------------------------------------------------------------------------------------------------
// Where reports start.

bool is_asan_header(const std::string& line) { return contains(line, "ERROR: AddressSanitizer: "); }

bool is_tsan_header(const std::string& line) { return starts_with(line, "WARNING: ThreadSanitizer: "); }

// "file.cu:14:23: runtime error: index 16 out of bounds for type 'float [16]'"
const std::regex& ubsan_re() {
  static const std::regex re(R"(^(.*?):(\d+):\d+: runtime error: (.*)$)");
  return re;
}

bool is_report_header(const std::string& line) {
  return is_asan_header(line) || is_tsan_header(line) ||
         (contains(line, ": runtime error: ") && std::regex_match(line, ubsan_re()));
}

std::size_t next_report(const std::vector<std::string>& lines, std::size_t from) {
  for (std::size_t k = from; k < lines.size(); ++k)
    if (is_report_header(lines[k])) return k;
  return lines.size();
}

// ---------------------------------------------------------------------------------------------------
// AddressSanitizer

struct AsanReport {
  std::string kind;      // "heap-buffer-overflow", "SEGV", ...
  std::string access;    // "read" or "write", empty when the report has none
  std::string size;      // bytes accessed
  std::string address;
  Stack where;           // the faulting stack
  Stack allocated;       // where the memory was allocated, when known
  Stack freed;           // where it was freed, when known
  std::string located;   // the "is located ..." sentence
  std::string variable;  // the global or local variable overflowed, when named
};

AsanReport read_asan_report(const std::vector<std::string>& lines, std::size_t& i) {
  static const std::regex kind_re(R"(AddressSanitizer: (attempting )?([A-Za-z-]+))");
  static const std::regex access_re(R"(^(READ|WRITE) of size (\d+) at (0x[0-9a-fA-F]+))");
  static const std::regex unknown_re(R"(on unknown address (0x[0-9a-fA-F]+))");
  static const std::regex variable_re(R"(variable '([^']+)')");
  static const std::regex object_re(R"('([^']+)'.*<== Memory access)");
  AsanReport r;
  std::smatch m;
  if (std::regex_search(lines[i], m, kind_re)) r.kind = m[2].str();
  if (std::regex_search(lines[i], m, unknown_re)) r.address = m[1].str();
  for (++i; i < lines.size() && !is_asan_header(lines[i]); ++i) {
    const std::string& line = lines[i];
    if (std::regex_search(line, m, access_re)) {
      r.access = m[1].str() == "READ" ? "read" : "write";
      r.size = m[2].str();
      r.address = m[3].str();
    } else if (contains(line, "caused by a WRITE")) {
      r.access = "write";
    } else if (contains(line, "caused by a READ")) {
      r.access = "read";
    } else if (parse_frame(line) && r.where.empty()) {
      r.where = read_stack(lines, i);
      --i;
    } else if (contains(line, "freed by thread")) {
      r.freed = read_stack(lines, ++i);
      --i;
    } else if (contains(line, "allocated by thread")) {
      r.allocated = read_stack(lines, ++i);
      --i;
    } else if (contains(line, " is located ")) {
      r.located = trim(line);
      if (std::regex_search(line, m, variable_re)) r.variable = m[1].str();
    } else if (std::regex_search(line, m, object_re)) {
      r.variable = m[1].str();
    } else if (starts_with(line, "SUMMARY: AddressSanitizer")) {
      ++i;
      break;
    }
  }
  return r;
}

const char* const shared_hint =
    "An index into a __shared__ array is outside its size: check the tile indices (threadIdx against "
    "TILE_WIDTH) and, for extern __shared__ arrays, the size given as the third value of <<<...>>>.";

// Shared memory comes from the runtime's per-block arena; device buffers from cudaMalloc.
bool allocated_as_shared(const Stack& allocated) {
  for (const Frame& f : allocated) {
    std::string name = f.function;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (contains(name, "kitcpu") && contains(name, "shared")) return true;
  }
  return false;
}

// "0 bytes to the right of 64-byte region" -> "0 bytes after the end of a 64-byte buffer".
std::string where_in_region(const std::string& located) {
  static const std::regex region_re(
      R"(located (\d+) bytes (to the right of|after|to the left of|before|inside of) (\d+)-byte region)");
  std::smatch m;
  if (!std::regex_search(located, m, region_re)) return "outside a buffer";
  std::string side = m[2].str();
  std::string buffer = "a " + m[3].str() + "-byte buffer";
  if (side == "to the right of" || side == "after") return m[1].str() + " bytes after the end of " + buffer;
  if (side == "to the left of" || side == "before") return m[1].str() + " bytes before the start of " + buffer;
  return m[1].str() + " bytes inside " + buffer;
}

std::string access_words(const AsanReport& r) {
  std::string words = r.access.empty() ? "access" : r.access;
  if (!r.size.empty()) words += " of " + r.size + (r.size == "1" ? " byte" : " bytes");
  return words;
}

void describe_overflow(const AsanReport& r, const std::string& student, Diagnostic& d) {
  bool shared = allocated_as_shared(r.allocated);
  if (r.kind == "stack-buffer-overflow" || r.kind == "stack-buffer-underflow" ||
      r.kind == "dynamic-stack-buffer-overflow") {
    d.category = "local-out-of-bounds";
    d.message = "out-of-bounds " + access_words(r) + " outside the local array" +
                (r.variable.empty() ? "" : " '" + r.variable + "'");
    d.hint = "An index into an array declared inside the function is outside its declared size: "
             "check the loop bounds and the index arithmetic.";
    return;
  }
  d.category = shared ? category::kSharedOutOfBounds : category::kGlobalOutOfBounds;
  if (r.kind == "global-buffer-overflow") {
    d.message = "out-of-bounds " + access_words(r) + " outside the variable" +
                (r.variable.empty() ? "" : " '" + r.variable + "'");
  } else {
    d.message = "out-of-bounds " + access_words(r) + ", " + where_in_region(r.located) +
                (shared ? " of shared memory" : "") +
                (r.allocated.empty() ? "" : " allocated" + at_line(r.allocated, student));
  }
  d.hint = shared ? shared_hint
                  : "A thread accessed past the end (or before the start) of a buffer: guard the "
                    "access with the size, e.g. if (Row < Width && Col < Width), since the grid "
                    "usually has more threads than there are elements.";
}

Diagnostic asan_diagnostic(const AsanReport& r, const std::string& student) {
  Diagnostic d;
  bool overflow = contains(r.kind, "overflow") || contains(r.kind, "underflow");
  if (r.kind == "use-after-poison" && allocated_as_shared(r.allocated)) {
    // The asan flavour poisons red zones between the __shared__ arrays it carves from one arena.
    d.category = category::kSharedOutOfBounds;
    d.message = "out-of-bounds " + access_words(r) + " in shared memory, outside every __shared__ array "
                "of the block (in a red zone between them)";
    d.hint = shared_hint;
  } else if (r.kind == "use-after-poison" && r.allocated.empty()) {
    // Device buffers have mappings of their own with poisoned red zones around them (no heap chunk, so
    // no allocation stack); the runtime's own diagnostic names the buffer.
    d.category = category::kGlobalOutOfBounds;
    d.message = "out-of-bounds " + access_words(r) + " in a red zone around a device buffer";
    d.hint = "A thread accessed past the end (or before the start) of a buffer: guard the access with the "
             "size, e.g. if (Row < Width && Col < Width), since the grid usually has more threads than there "
             "are elements.";
  } else if (overflow && r.kind != "stack-overflow") {
    describe_overflow(r, student, d);
  } else if (r.kind == "heap-use-after-free") {
    d.category = "use-after-free";
    d.message = access_words(r) + (r.access == "read" ? " from" : " to") + " memory that was already freed" +
                (r.freed.empty() ? "" : at_line(r.freed, student));
    d.hint = "The buffer was used after cudaFree (or free): free a buffer only after the last kernel "
             "and copy that use it.";
  } else if (r.kind == "double-free") {
    d.category = "double-free";
    d.message = "memory freed twice" + (r.freed.empty() ? "" : ", first" + at_line(r.freed, student));
    d.hint = "Call cudaFree exactly once for each cudaMalloc.";
  } else if (r.kind == "free" || r.kind == "bad-free" || r.kind == "SEGV") {
    d.category = "invalid-address";
    d.message = r.kind == "SEGV" ? "invalid memory " + access_words(r) +
                                       (r.address.empty() ? "" : " at address " + r.address)
                                 : "free of an address that was not allocated";
    d.hint = "A pointer that does not point to allocated memory was used: check that the kernel got "
             "pointers returned by cudaMalloc, that none is left null, and that host and device "
             "pointers are not mixed up.";
  } else if (r.kind == "stack-overflow") {
    d.category = "stack-overflow";
    d.message = "a CUDA thread ran out of stack";
    d.hint = "Each CUDA thread has a small stack: avoid large local arrays (use shared or global "
             "memory) and deep recursion in device code.";
  } else {
    d.category = "memory-error";
    d.message = "AddressSanitizer: " + r.kind + (r.access.empty() ? "" : " (" + access_words(r) + ")");
    d.hint = "An invalid memory operation: read the full sanitizer report for the details.";
  }
  locate(d, r.where, student);
  return d;
}

// ---------------------------------------------------------------------------------------------------
// UndefinedBehaviorSanitizer


std::string ubsan_hint(const std::string& what) {
  if (contains(what, "insufficient space for an object"))
    return "An access past the end of an array or object: check the index against the size.";
  if (contains(what, "out of bounds for type"))
    return "An array index is outside the array's declared size: for a __shared__ tile check the tile "
           "indices (threadIdx against TILE_WIDTH); for a local array check the loop bounds.";
  if (contains(what, "signed integer overflow"))
    return "An int computation overflowed: compute large indices (e.g. Row * Width + Col for big "
           "matrices) in size_t or long long.";
  if (contains(what, "division") && contains(what, "zero"))
    return "A division by zero: check the divisor (e.g. a size or a block dimension) before dividing.";
  if (contains(what, "shift exponent") || contains(what, "left shift"))
    return "A shift by a negative amount or by at least the width of the type: check the shift count.";
  if (contains(what, "null pointer"))
    return "A null pointer was used: check that every buffer was allocated before the kernel runs.";
  if (contains(what, "misaligned"))
    return "A pointer was cast to a type with a larger alignment than its address has.";
  if (contains(what, "outside the range of representable values"))
    return "A float was converted to an integer type that cannot hold it: clamp it first.";
  if (contains(what, "load of value"))
    return "A variable was read before it was given a value of its type: initialise it.";
  return "The C++ standard leaves this operation undefined; on a GPU it can give different, silently "
         "wrong results.";
}

Diagnostic ubsan_diagnostic(const std::vector<std::string>& lines, std::size_t& i,
                            const std::string& student) {
  std::smatch m;
  std::regex_match(lines[i], m, ubsan_re());
  std::string what = trim(m[3].str());
  Stack stack{Frame{"", m[1].str(), std::stoi(m[2].str())}};
  // A "note: pointer points here" and a memory dump may come between the error and its stack.
  for (++i; i < lines.size() && !parse_frame(lines[i]) && !is_report_header(lines[i]); ++i)
    if (trim(lines[i]).empty()) break;
  Stack trace = read_stack(lines, i);
  if (!is_student_file(stack.front().file, student)) stack.insert(stack.end(), trace.begin(), trace.end());
  Diagnostic d;
  bool bounds = contains(what, "out of bounds for type") || contains(what, "insufficient space for an object");
  d.category = bounds ? "index-out-of-bounds" : "undefined-behaviour";
  d.message = what;
  d.hint = ubsan_hint(what);
  locate(d, stack, student);
  if (d.kernel.empty()) d.kernel = kernel_of(trace, student);
  return d;
}

// ---------------------------------------------------------------------------------------------------
// ThreadSanitizer

struct TsanAccess {
  bool write = false;
  std::string size;
  std::string thread_id;  // "T3", or "main" for the main thread
  Stack stack;
};

struct TsanReport {
  std::string kind;  // "data race", "heap-use-after-free", ...
  std::vector<TsanAccess> accesses;
  std::string location;            // "global 'tile' of size 1024 at ...", "heap block of size ..."
  Stack location_stack;            // where a heap block was allocated
  std::vector<std::pair<std::string, std::string>> thread_names;  // "T3" -> "block (0,0,0) thread (2,0,0)"

  std::string name_of(const std::string& id) const {
    for (const auto& [tid, name] : thread_names)
      if (tid == id) return name;
    return "";
  }
};

TsanReport read_tsan_report(const std::vector<std::string>& lines, std::size_t& i) {
  static const std::regex kind_re(R"(^WARNING: ThreadSanitizer: (.*?)(?: \(pid=\d+\))?\s*$)");
  static const std::regex access_re(
      R"(^\s*(?:Previous )?(?:[Aa]tomic )?([Rr]ead|[Ww]rite) of size (\d+) at \S+ by (main thread|thread (T\d+)))");
  static const std::regex thread_re(R"(^\s*Thread (T\d+)(?: '([^']*)')? \()");
  static const std::regex location_re(R"(^\s*Location is (.*?):?\s*$)");
  TsanReport r;
  std::smatch m;
  if (std::regex_match(lines[i], m, kind_re)) r.kind = m[1].str();
  for (++i; i < lines.size() && !is_tsan_header(lines[i]); ++i) {
    const std::string& line = lines[i];
    if (std::regex_search(line, m, access_re)) {
      TsanAccess a;
      a.write = m[1].str() == "Write" || m[1].str() == "write";
      a.size = m[2].str();
      a.thread_id = m[4].matched ? m[4].str() : "main";
      a.stack = read_stack(lines, ++i);
      r.accesses.push_back(std::move(a));
      --i;
    } else if (std::regex_search(line, m, location_re)) {
      r.location = m[1].str();
      r.location_stack = read_stack(lines, ++i);
      --i;
    } else if (std::regex_search(line, m, thread_re)) {
      r.thread_names.emplace_back(m[1].str(), m[2].matched ? m[2].str() : "");
    } else if (starts_with(line, "SUMMARY: ThreadSanitizer")) {
      ++i;
      break;
    }
  }
  return r;
}

std::string verb(const TsanAccess& a, bool past) {
  if (a.write) return past ? "wrote" : "writes";
  return past ? "read" : "reads";
}

// Shared memory is carved from the runtime's per-block arena, or (for declarations the rewriter left
// alone) is thread-local storage of the worker running the block.
bool race_on_shared_memory(const TsanReport& r) {
  return allocated_as_shared(r.location_stack) || starts_with(r.location, "TLS");
}

std::string race_hint(const TsanReport& r, const CudaThread& now, const CudaThread& before,
                      const std::string& line_now, const std::string& line_before) {
  const TsanAccess& a = r.accesses[0];
  const TsanAccess& b = r.accesses[1];
  bool same_block = (!now.block.empty() && now.block == before.block) || race_on_shared_memory(r);
  bool other_block = !now.block.empty() && !before.block.empty() && now.block != before.block;
  if (other_block)
    return "Threads of different blocks cannot wait for each other: combine their results with an "
           "atomic operation (e.g. atomicAdd) or in a second kernel launch.";
  if (line_now == line_before && (a.write || b.write))
    return "Several threads update the same location at line " + line_now + " with a plain "
           "read-modify-write: use an atomic operation (e.g. atomicAdd), or give each thread its own "
           "element and combine them in steps separated by __syncthreads.";
  std::string between;
  if (a.write && b.write)
    between = "the two writes (lines " + line_before + " and " + line_now + ")";
  else if (a.write)
    between = "the read (line " + line_before + ") and the write (line " + line_now + ")";
  else
    between = "the write (line " + line_before + ") and the read (line " + line_now + ")";
  // ThreadSanitizer orders the two accesses in time, not in the source: a tiled loop whose second barrier
  // is missing races the next phase's store with this phase's read, and lines in source order then look
  // like the first barrier's. Both readings are said.
  std::string hint = "Missing __syncthreads suspected between " + between + ".";
  if (std::stoi(line_before) < std::stoi(line_now))
    hint = "Missing __syncthreads suspected between " + between +
           "; if one already stands between those lines, the two accesses are in different iterations of a loop, "
           "and the barrier missing is the one at the end of the loop body.";
  if (!same_block) hint += " (If the two threads are in different blocks, use an atomic operation instead.)";
  return hint;
}

// A race is the student's when both accesses ran code of the student's file; a race inside the kit's
// own code (its scheduler, a harness) is not something the student can act on: none is returned.
std::optional<Diagnostic> race_diagnostic(const TsanReport& r, const std::string& student) {
  const TsanAccess& now = r.accesses[0];
  const TsanAccess& before = r.accesses[1];
  const Frame* f_now = first_student_frame(now.stack, student);
  const Frame* f_before = first_student_frame(before.stack, student);
  if (!f_now || !f_before) return std::nullopt;
  CudaThread t_now = parse_cuda_thread(r.name_of(now.thread_id));
  CudaThread t_before = parse_cuda_thread(r.name_of(before.thread_id));
  std::string line_now = std::to_string(f_now->line);
  std::string line_before = std::to_string(f_before->line);

  Diagnostic d;
  d.category = category::kDataRace;
  d.block = t_now.block;
  d.thread = t_now.thread;
  std::string what = "the same " + now.size + "-byte location";
  static const std::regex global_re(R"(^global '([^']+)')");
  std::smatch m;
  // ThreadSanitizer calls memory it has no name for (the arena the grader lends) global '<null>'.
  if (std::regex_search(r.location, m, global_re) && m[1].str() != "<null>")
    what = "'" + m[1].str() + "'";
  else if (race_on_shared_memory(r))
    what = "the same " + now.size + "-byte location of shared memory";
  d.message = "data race: " + describe(t_now, "a CUDA thread") + " " + verb(now, false) + " " + what +
              " at line " + line_now + " while " + describe(t_before, "another CUDA thread") + " " +
              verb(before, true) + " it at line " + line_before + ", with nothing ordering the two";
  d.hint = race_hint(r, t_now, t_before, line_now, line_before);
  // Two stores to one place of global memory with no read in the pair: no barrier orders threads of a
  // grid, and nothing was read too early. Two threads computed one index, or both mean to add into it.
  if (now.write && before.write && !race_on_shared_memory(r)) {
    d.category = category::kWriteConflict;
    d.message = "two threads store " + what + ": " + describe(t_now, "a CUDA thread") + " at line " + line_now +
                " and " + describe(t_before, "another CUDA thread") + " at line " + line_before;
    d.hint = "two threads computed one index: a thread outside the matrix without a bounds test lands on "
             "another's element, or the index mixes up a row length or a stride; test the row and column "
             "against the size before the store. If the threads are meant to add into one element, use "
             "atomicAdd.";
  }
  locate(d, now.stack, student);
  return d;
}

std::optional<Diagnostic> tsan_diagnostic(const TsanReport& r, const std::string& student) {
  if (starts_with(r.kind, "data race") && r.accesses.size() >= 2) return race_diagnostic(r, student);
  if (r.accesses.empty() || !first_student_frame(r.accesses[0].stack, student)) return std::nullopt;
  Diagnostic d;
  d.category = contains(r.kind, "use-after-free") ? "use-after-free" : "thread-error";
  d.message = "ThreadSanitizer: " + r.kind;
  d.hint = d.category == "use-after-free"
               ? "The buffer was used after cudaFree (or free): free a buffer only after the last "
                 "kernel and copy that use it."
               : "A synchronisation error between threads: read the full sanitizer report for the "
                 "details.";
  locate(d, r.accesses[0].stack, student);
  CudaThread t = parse_cuda_thread(r.name_of(r.accesses[0].thread_id));
  d.block = t.block;
  d.thread = t.thread;
  return d;
}

}  // namespace

std::vector<Diagnostic> parse_sanitizer_output(const std::string& stderr_text,
                                               const std::string& student_file) {
  std::vector<std::string> lines = split_lines(stderr_text);
  Collector found;
  for (std::size_t i = next_report(lines, 0); i < lines.size(); i = next_report(lines, i)) {
    if (is_asan_header(lines[i])) {
      AsanReport r = read_asan_report(lines, i);
      Diagnostic d = asan_diagnostic(r, student_file);
      CudaThread t = cuda_thread_after(lines, i, next_report(lines, i));
      d.block = t.block;
      d.thread = t.thread;
      found.add(std::move(d));
    } else if (is_tsan_header(lines[i])) {
      TsanReport r = read_tsan_report(lines, i);
      std::optional<Diagnostic> d = tsan_diagnostic(r, student_file);
      if (!d) continue;
      std::string other;
      if (r.accesses.size() >= 2) {
        const Frame* f = first_student_frame(r.accesses[1].stack, student_file);
        other = f ? std::to_string(f->line) : "";
      }
      found.add(std::move(*d), other);
    } else {
      found.add(ubsan_diagnostic(lines, i, student_file));
    }
  }
  return found.take();
}

}  // namespace kitcpu
