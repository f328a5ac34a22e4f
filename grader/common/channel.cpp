#include "kit/channel.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace kit {
namespace {

bool write_all(int fd, const char* data, std::uint64_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::uint64_t>(n);
  }
  return true;
}

}  // namespace

bool write_record(int fd, RecordType type, const void* data, std::uint64_t size) {
  char header[9];
  header[0] = static_cast<char>(type);
  for (int i = 0; i < 8; ++i) header[1 + i] = static_cast<char>((size >> (8 * i)) & 0xFF);
  return write_all(fd, header, sizeof header) && write_all(fd, static_cast<const char*>(data), size);
}

namespace {

// The records of stream[pos..], complete ones only; *pos ends after the last of them.
std::vector<Record> read_from(const std::string& stream, std::size_t* pos, std::string* trailing_error) {
  std::vector<Record> records;
  while (*pos < stream.size()) {
    if (stream.size() - *pos < 9) {
      if (trailing_error) *trailing_error = "the runner stopped in the middle of a record header";
      break;
    }
    char type = stream[*pos];
    if (type != static_cast<char>(RecordType::json) && type != static_cast<char>(RecordType::array)) {
      if (trailing_error) *trailing_error = "the channel carried an unknown record type";
      break;
    }
    std::uint64_t size = 0;
    for (int i = 0; i < 8; ++i) size |= static_cast<std::uint64_t>(static_cast<unsigned char>(stream[*pos + 1 + i])) << (8 * i);
    if (stream.size() - *pos - 9 < size) {
      if (trailing_error) *trailing_error = "the runner stopped in the middle of a record";
      break;
    }
    records.push_back({static_cast<RecordType>(type), stream.substr(*pos + 9, size)});
    *pos += 9 + size;
  }
  return records;
}

}  // namespace

std::vector<Record> parse_records(const std::string& stream, std::string* trailing_error) {
  std::size_t pos = 0;
  return read_from(stream, &pos, trailing_error);
}

std::vector<Record> RecordReader::take(const std::string& stream) {
  if (broken_) return {};
  std::string error;
  std::vector<Record> records = read_from(stream, &consumed_, &error);
  broken_ = error == "the channel carried an unknown record type";
  return records;
}

}  // namespace kit
