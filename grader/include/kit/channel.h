// The runner's private channel to the grader: framed records on a pipe the grader opens at a file
// descriptor of its choosing. Student code shares the runner's process, but its stdout and stderr go
// elsewhere, and a runner that prints garbage, dies mid-record or writes nothing still leaves the grader
// with a well-defined result: the records that arrived whole.
//
// A record is one type byte, an 8-byte little-endian length, then that many bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kit {

enum class RecordType : char {
  json = 'J',   // a UTF-8 JSON object: what happened in a case, a timing, the device
  array = 'A',  // the raw bytes of one output array, in the order of the JSON record before it
};

struct Record {
  RecordType type;
  std::string bytes;
};

// Returns false when the write failed (the grader went away).
bool write_record(int fd, RecordType type, const void* data, std::uint64_t size);

// Splits what arrived into records. A truncated last record is dropped and noted in *trailing_error.
std::vector<Record> parse_records(const std::string& stream, std::string* trailing_error);

// Reads a stream as it grows: each call returns the records completed since the last call, so a runner
// that sends a flood of tiny records costs the grader linear time, never quadratic.
class RecordReader {
 public:
  std::vector<Record> take(const std::string& stream);

  // What is left of `stream` after the last call can never be a record: a frame of an unknown type came.
  bool broken() const { return broken_; }
  // The last call left part of a frame: its header or payload has not all arrived yet.
  bool inside_a_record(const std::string& stream) const { return !broken_ && consumed_ < stream.size(); }

 private:
  std::size_t consumed_ = 0;
  bool broken_ = false;  // a frame of an unknown type arrived: nothing after it is a record
};

}  // namespace kit
