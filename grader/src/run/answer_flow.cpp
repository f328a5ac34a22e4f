#include "run/answer_flow.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

namespace kit {
namespace {

constexpr std::uint64_t kWholeBuffer = std::uint64_t{1} << 60;  // a launch argument's buffer, to its end

// Source::laundered: a kernel's writes computed from bytes the host made (inputs_not_given_text).
enum class Source { nothing, kernel, host, memset, laundered };

struct Writer {
  Source source = Source::nothing;
  std::string kernel;    // Source::kernel and Source::laundered: its name
  std::string evidence;  // the call, for a message: "cudaMemcpy host-to-device at vector_add.cu:31"
  // Source::host: a copy to the device, where the student writes the host code, of bytes that are not
  // what the harness handed over ("cudaMemcpy at vector_add.cu:31"); Source::laundered: the cause.
  std::string not_inputs;
};

struct Piece {
  std::uint64_t end;
  Writer writer;
};

// One buffer's last writers: non-overlapping [begin, end) pieces; bytes in no piece were never written.
using Pieces = std::map<std::uint64_t, Piece>;

void cut_at(Pieces& p, std::uint64_t at) {
  auto it = p.upper_bound(at);
  if (it == p.begin()) return;
  --it;
  if (it->first < at && at < it->second.end) {
    Piece tail = it->second;
    it->second.end = at;
    p.emplace(at, tail);
  }
}

void assign(Pieces& p, std::uint64_t begin, std::uint64_t end, const Writer& w) {
  if (begin >= end) return;
  cut_at(p, begin);
  cut_at(p, end);
  p.erase(p.lower_bound(begin), p.lower_bound(end));
  p.emplace(begin, Piece{end, w});
}

// The writers of [begin, end), gaps included as Source::nothing, in order.
std::vector<std::pair<std::uint64_t, Piece>> pieces_of(const Pieces& p, std::uint64_t begin, std::uint64_t end) {
  std::vector<std::pair<std::uint64_t, Piece>> out;
  std::uint64_t at = begin;
  auto it = p.upper_bound(begin);
  if (it != p.begin()) --it;
  for (; it != p.end() && it->first < end; ++it) {
    if (it->second.end <= at) continue;
    if (it->first > at) out.push_back({at, Piece{it->first, Writer{}}});
    const std::uint64_t stop = std::min(end, it->second.end);
    out.push_back({std::max(at, it->first), Piece{stop, it->second.writer}});
    at = stop;
  }
  if (at < end) out.push_back({at, Piece{end, Writer{}}});
  return out;
}

std::string text_of(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

std::uint64_t number_of(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number_integer() && j[key].get<std::int64_t>() >= 0
             ? j[key].get<std::uint64_t>()
             : 0;
}

std::string place_of(const nlohmann::json& call) {
  const std::string at = text_of(call, "at");
  return at.empty() ? "" : " at " + at;
}

std::string kernel_name(const nlohmann::json& call) { return kernel_key(text_of(call, "kernel")); }

// Memory host code may write directly: what a copy from it brings is the host's, whatever wrote it last.
bool host_visible(const nlohmann::json& end) {
  const std::string memory = text_of(end, "memory");
  return memory == "pinned" || memory == "managed" || memory == "mapped" || memory == "host";
}

// A copy from host memory into memory kernels read, where the student writes the host code: the runner
// compared the bytes it carried with the arrays the harness handed over, as they were when the function
// was called, at the destination's offset in its allocation ("carried": "inputs"). A copy it could not
// vouch for (no "carried", or "other") brings bytes the host made: a kernel that reads them computes
// from host work (a sum copied into d_A, d_B zeroed, a kernel adding the two).
bool inputs_not_given(const nlohmann::json& call, const nlohmann::json& from, const nlohmann::json& to) {
  const std::string src = text_of(from, "buffer"), dst = text_of(to, "buffer");
  if (dst.rfind("host ", 0) == 0 || host_visible(to)) return false;
  const bool from_host = src.empty() || host_visible(from) || src.rfind("host ", 0) == 0;
  return from_host && text_of(call, "carried") != "inputs";
}

std::string inputs_not_given_text(const std::string& copy) {
  return "a copy to the device (" + copy + ") carried bytes that are not the inputs as the harness handed them over";
}

class Flow {
 public:
  explicit Flow(bool host_code) : host_code_(host_code) {}

  void take(const nlohmann::json& call) {
    const std::string name = text_of(call, "call");
    if (pending_ && name != "kernel-writes") credit_arguments(*pending_, /*precise=*/false);
    if (name == "launch") {
      pending_ = text_of(call, "result").empty() || text_of(call, "result") == "cudaSuccess" ? &call : nullptr;
      return;
    }
    if (name == "kernel-writes") {
      if (pending_) kernel_writes(*pending_, call);
      pending_ = nullptr;
      return;
    }
    pending_ = nullptr;
    if (text_of(call, "result") != "" && text_of(call, "result") != "cudaSuccess") return;
    const nlohmann::json to = call.value("to", nlohmann::json());
    const std::string dst = text_of(to, "buffer");
    if (dst.empty()) return;
    const std::uint64_t at = number_of(to, "offset"), bytes = number_of(call, "bytes");
    const std::string evidence = name + (text_of(call, "kind").empty() ? "" : " " + text_of(call, "kind")) + place_of(call);
    if (name.rfind("cudaMemset", 0) == 0) return assign(buffers_[dst], at, at + bytes, {Source::memset, "", evidence});
    const nlohmann::json from = call.value("from", nlohmann::json());
    const std::string src = text_of(from, "buffer");
    if (name == "staged-copy") return staged_copy(call, dst, at);
    if (host_code_ && inputs_not_given(call, from, to))
      return assign(buffers_[dst], at, at + bytes, {Source::host, "", evidence, name + place_of(call)});
    if (src.empty() || host_visible(from))
      return assign(buffers_[dst], at, at + bytes,
                    {Source::host, "", evidence + (src.empty() ? "" : " from " + describe_memory(from))});
    const std::uint64_t from_at = number_of(from, "offset");
    // The source's writers, read before the destination changes (the two may be one buffer).
    const auto read = pieces_of(buffers_[src], from_at, from_at + bytes);
    Carried carried;
    for (const auto& [begin, piece] : read) {
      Writer w = piece.writer;
      if (w.source == Source::nothing && src.rfind("host ", 0) == 0) w = {Source::host, "", evidence};
      if (w.source == Source::nothing) w.evidence = evidence + " of device memory nothing had written";
      carried.push_back({begin - from_at, piece.end - from_at, w});
    }
    for (const CarriedPiece& c : carried) assign(buffers_[dst], at + c.begin, at + c.end, c.writer);
    // A copy to the host the runner may later find in an output (a staged copy): its writers as they
    // were now, when the bytes left the device.
    if (call.contains("copy") && staged_.size() < kMaxStagedCopies) staged_[number_of(call, "copy")] = std::move(carried);
  }

  void finish() {
    if (pending_) credit_arguments(*pending_, false);
    pending_ = nullptr;
  }

  AnswerFlow judge(const std::vector<AnswerOutput>& outputs) const {
    AnswerFlow flow;
    flow.host_work = host_visible_launch_;
    std::map<std::string, std::uint64_t> kernel_bytes;
    for (const AnswerOutput& o : outputs) {
      const std::string buffer = (host_code_ ? "host " : "array ") + o.name;
      const auto found = buffers_.find(buffer);
      const Pieces none;
      const Pieces& pieces = found == buffers_.end() ? none : found->second;
      std::uint64_t from_kernels = 0;  // the output's first bytes, all copied back from a kernel's writes
      for (const auto& [begin, piece] : pieces_of(pieces, 0, o.bytes)) {
        const Writer& w = piece.writer;
        if (w.source == Source::kernel) {
          kernel_bytes[w.kernel] += piece.end - begin;
          if (begin == from_kernels) from_kernels = piece.end;
          continue;
        }
        // The harness poisoned the arena's output itself: bytes no recorded call wrote are judged by
        // their values, as before (a kernel given the output through a struct is not seen on a GPU).
        if (!host_code_ && w.source == Source::nothing) continue;
        if (host_code_ && w.source == Source::nothing && begin > 0 && begin == from_kernels && piece.end >= o.bytes) {
          if (flow.short_copy.empty()) {
            flow.short_copy = short_copy_of(o, begin);
            flow.short_copy_host_work = evidence_for(o, begin, piece.end, w);
          }
          continue;
        }
        if (flow.host_work.empty()) flow.host_work = evidence_for(o, begin, piece.end, w);
      }
      flow.answer_bytes += o.bytes;
    }
    for (const auto& [kernel, bytes] : kernel_bytes)
      if (bytes * 4 >= flow.answer_bytes) flow.kernels.insert(kernel);
    return flow;
  }

 private:
  std::string describe_memory(const nlohmann::json& end) const {
    const std::string memory = text_of(end, "memory");
    if (memory == "managed") return "managed memory (cudaMallocManaged), which host code can write too";
    if (memory == "pinned") return "pinned host memory, which host code can write too";
    if (memory == "mapped") return "mapped host memory, which host code can write too";
    return "host memory";
  }

  // The elements bytes [begin, end) of an output touch: "C" (`whole`: all of them), "C[3]", "C[1] to C[6]".
  static std::string elements_of(const AnswerOutput& o, std::uint64_t begin, std::uint64_t end, bool whole = true) {
    const std::size_t e = std::max<std::size_t>(1, o.element_bytes);
    const std::uint64_t first = begin / e, last = (end - 1) / e, count = o.bytes / e;
    if (whole && first == 0 && last + 1 >= count) return o.name;
    if (first == last) return o.name + "[" + std::to_string(first) + "]";
    return o.name + "[" + std::to_string(first) + "] to " + o.name + "[" + std::to_string(last) + "]";
  }

  static std::string short_copy_of(const AnswerOutput& o, std::uint64_t copied) {
    const std::size_t e = std::max<std::size_t>(1, o.element_bytes);
    const bool one = copied / e + 1 >= o.bytes / e;
    return "only the first " + std::to_string(copied) + " bytes of " + o.name + "'s " + std::to_string(o.bytes) +
           " were copied back from the device; " + elements_of(o, copied, o.bytes, /*whole=*/false) + (one ? " was" : " were") +
           (copied % e != 0 ? " not fully written" : " never written") +
           ": cudaMemcpy counts bytes, so copy back the number of elements times the size of one (sizeof)";
  }

  std::string evidence_for(const AnswerOutput& o, std::uint64_t begin, std::uint64_t end, const Writer& w) const {
    const std::string which = elements_of(o, begin, end);
    const std::string head = "the answer came from host code: ";
    if (w.source == Source::laundered)
      return head + w.not_inputs + "; " + which + " came from it: the kernels must compute from the inputs as they "
             "were handed over, copied to the device unchanged";
    if (w.source == Source::nothing && host_code_)
      return head + (which == o.name ? "the output " + o.name : which + " of the output") +
             " was never written by a copy from the device after a kernel wrote it (cudaMemcpy ..., "
             "cudaMemcpyDeviceToHost); the result must be computed by a kernel and copied back";
    if (w.source == Source::nothing)
      return head + which + " came from " + w.evidence + "; the result must be computed by a kernel";
    const std::string by = w.source == Source::memset ? "was last written by " + w.evidence
                                                      : "was last written from the host (" + w.evidence + ")";
    return head + which + " " + by + ", not by a kernel; the result must be computed by a kernel" +
           (host_code_ ? " and copied back from device memory (cudaMalloc)" : "");
  }

  // The launch's arguments: on a GPU each buffer it was given is its own from now on; with the CPU
  // backend's exact writes, only the bytes of its arguments no copy from the host had written.
  void credit_arguments(const nlohmann::json& launch, bool precise) {
    const Writer kernel = kernel_writer(launch);
    const nlohmann::json arguments = launch.value("arguments", nlohmann::json::array());
    for (const nlohmann::json& a : arguments.is_array() ? arguments : nlohmann::json::array()) {
      const std::string memory = text_of(a, "memory");
      if (!host_code_ && host_visible(a) && host_visible_launch_.empty())
        host_visible_launch_ = "the answer came from host code: the kernel " + kernel_name(launch) + place_of(launch) +
                               " was given " + describe_memory(a) +
                               "; in this assignment the kernels work on the device arrays they are given";
      const std::string buffer = text_of(a, "buffer");
      if (buffer.empty() || buffer.rfind("host ", 0) == 0) continue;
      Pieces& pieces = buffers_[buffer];
      if (!precise) {
        assign(pieces, 0, kWholeBuffer, kernel);
        continue;
      }
      for (const auto& [begin, piece] : pieces_of(pieces, 0, kWholeBuffer))
        if (piece.writer.source == Source::nothing || piece.writer.source == Source::memset)
          assign(pieces, begin, piece.end, kernel);
    }
  }

  void kernel_writes(const nlohmann::json& launch, const nlohmann::json& writes_call) {
    const Writer kernel = kernel_writer(launch);
    const nlohmann::json writes = writes_call.value("writes", nlohmann::json::array());
    for (const nlohmann::json& w : writes.is_array() ? writes : nlohmann::json::array()) {
      const std::string buffer = text_of(w, "buffer");
      const std::uint64_t at = number_of(w, "offset");
      if (!buffer.empty()) assign(buffers_[buffer], at, at + number_of(w, "bytes"), kernel);
    }
    credit_arguments(launch, /*precise=*/true);
  }

  // "staged-copy": the runner found the bytes of the copy numbered "copy" (a copy from the device into
  // host memory of the student's) in the harness's output at "to" when the function returned, as the
  // copy delivered them. They carry the writers the source had when that copy ran.
  void staged_copy(const nlohmann::json& call, const std::string& dst, std::uint64_t at) {
    const auto found = staged_.find(number_of(call, "copy"));
    if (!call.contains("copy") || found == staged_.end()) return;
    for (const CarriedPiece& c : found->second) assign(buffers_[dst], at + c.begin, at + c.end, c.writer);
  }

  // Why a launch's writes are not the device's own work, where the student writes the host code: one of
  // its buffers holds bytes a copy brought from the host that are not the inputs, or was written by a
  // kernel that read such bytes, or is memory the host writes directly. Empty when none.
  std::string laundering(const nlohmann::json& launch) {
    if (!host_code_) return {};
    const std::string by = ", and the kernel " + kernel_name(launch) + place_of(launch) + " computed from them";
    const nlohmann::json arguments = launch.value("arguments", nlohmann::json::array());
    for (const nlohmann::json& a : arguments.is_array() ? arguments : nlohmann::json::array()) {
      if (host_visible(a))
        return "the kernel " + kernel_name(launch) + place_of(launch) + " was given " + describe_memory(a);
      const std::string buffer = text_of(a, "buffer");
      if (buffer.empty() || buffer.rfind("host ", 0) == 0) continue;
      for (const auto& [begin, piece] : pieces_of(buffers_[buffer], 0, kWholeBuffer)) {
        if (piece.writer.source == Source::laundered) return piece.writer.not_inputs;
        if (piece.writer.source == Source::host && !piece.writer.not_inputs.empty())
          return inputs_not_given_text(piece.writer.not_inputs) + by;
      }
    }
    return {};
  }

  Writer kernel_writer(const nlohmann::json& launch) {
    const std::string cause = laundering(launch);
    if (!cause.empty()) return {Source::laundered, kernel_name(launch), "kernel " + kernel_name(launch) + place_of(launch), cause};
    return {Source::kernel, kernel_name(launch), "kernel " + kernel_name(launch) + place_of(launch)};
  }

  struct CarriedPiece {
    std::uint64_t begin, end;  // from the copy's first byte
    Writer writer;
  };
  using Carried = std::vector<CarriedPiece>;
  static constexpr std::size_t kMaxStagedCopies = 1 << 16;

  bool host_code_;
  const nlohmann::json* pending_ = nullptr;  // a launch whose writes may follow
  std::map<std::uint64_t, Carried> staged_;  // copies to the host by their number
  std::map<std::string, Pieces> buffers_;
  std::string host_visible_launch_;
};

// Host-visible memory allocated where the harness owns the arrays: nothing a kernel-only function
// needs, and the way a kernel reaches the host.
std::string host_visible_allocation(const std::vector<nlohmann::json>& calls) {
  for (const nlohmann::json& call : calls) {
    const std::string name = text_of(call, "call");
    if (name == "cudaMallocHost" || name == "cudaHostAlloc" || name == "cudaMallocManaged")
      return "the answer came from host code: your code made memory that both the host and kernels reach (" + name +
             place_of(call) + "); in this assignment the kernels work on the device arrays they are given";
  }
  return {};
}

}  // namespace

AnswerFlow follow_answer(const std::vector<nlohmann::json>& calls, const std::vector<AnswerOutput>& outputs,
                         bool host_code) {
  return follow_answers(calls, {calls.size()}, outputs, host_code);
}

AnswerFlow follow_answers(const std::vector<nlohmann::json>& calls, const std::vector<std::size_t>& seed_ends,
                          const std::vector<AnswerOutput>& outputs, bool host_code) {
  AnswerFlow all;
  for (const std::vector<nlohmann::json>& seed_calls : calls_by_seed(calls, seed_ends)) {
    Flow flow(host_code);
    for (const nlohmann::json& call : seed_calls)
      if (call.is_object()) flow.take(call);
    flow.finish();
    AnswerFlow seed = flow.judge(outputs);
    if (!host_code && seed.host_work.empty()) seed.host_work = host_visible_allocation(seed_calls);
    if (all.host_work.empty()) all.host_work = seed.host_work;
    if (all.short_copy.empty()) all.short_copy = seed.short_copy, all.short_copy_host_work = seed.short_copy_host_work;
    if (seed.answer_bytes > all.answer_bytes) all.kernels.clear(), all.answer_bytes = seed.answer_bytes;
    if (seed.answer_bytes == all.answer_bytes) all.kernels.insert(seed.kernels.begin(), seed.kernels.end());
  }
  return all;
}

std::string kernel_key(const std::string& name) {
  // Template arguments and the parameter list dropped, at the outermost level only.
  std::string plain;
  int depth = 0;
  for (char c : name) {
    if (c == '(' && depth == 0) break;
    if (c == '<') ++depth;
    if (depth == 0) plain += c;
    if (c == '>' && depth > 0) --depth;
  }
  while (!plain.empty() && plain.back() == ' ') plain.pop_back();
  const std::size_t space = plain.find_last_of(' ');  // a return type before the name ("void ")
  if (space != std::string::npos) plain = plain.substr(space + 1);
  const std::size_t scope = plain.rfind("::");
  return scope == std::string::npos ? plain : plain.substr(scope + 2);
}

std::vector<std::vector<nlohmann::json>> calls_by_seed(const std::vector<nlohmann::json>& calls,
                                                       const std::vector<std::size_t>& seed_ends) {
  std::vector<std::vector<nlohmann::json>> seeds;
  std::size_t begin = 0;
  for (std::size_t end : seed_ends) {
    end = std::min(std::max(end, begin), calls.size());
    seeds.emplace_back(calls.begin() + static_cast<std::ptrdiff_t>(begin), calls.begin() + static_cast<std::ptrdiff_t>(end));
    begin = end;
  }
  return seeds;
}

std::vector<AnswerOutput> answer_outputs(const std::vector<ArraySpec>& outputs, const Expected& expected) {
  std::vector<AnswerOutput> out;
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    const std::vector<double>* scales = o < expected.error_scales.size() ? &expected.error_scales[o] : nullptr;
    const bool any_value = scales && !scales->empty() &&
                           std::all_of(scales->begin(), scales->end(), [](double e) { return std::isinf(e); });
    if (!any_value) out.push_back({outputs[o].name, outputs[o].bytes(), dtype_size(outputs[o].dtype)});
  }
  return out;
}

bool host_code_record(const std::vector<nlohmann::json>& calls) {
  for (const nlohmann::json& c : calls)
    if (text_of(c, "call") == "host-arrays") return true;
  return false;
}

}  // namespace kit
