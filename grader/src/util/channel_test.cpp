#include "kit/channel.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace kit {
namespace {

// Everything written to a pipe by `write`, read back once the write end is closed.
template <typename Write>
std::string through_pipe(Write write) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  write(fds[1]);
  ::close(fds[1]);
  std::string bytes;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) bytes.append(buffer, n);
  ::close(fds[0]);
  return bytes;
}

const std::string kJson = R"({"case":"Width 17","status":"ok"})";
const std::vector<float> kFloats = {1.5f, -2.0f, 0.0625f};

std::string two_records() {
  return through_pipe([](int fd) {
    ASSERT_TRUE(write_record(fd, RecordType::json, kJson.data(), kJson.size()));
    ASSERT_TRUE(write_record(fd, RecordType::array, kFloats.data(), kFloats.size() * sizeof(float)));
  });
}

TEST(Channel, RecordsRoundTripThroughAPipe) {
  std::string error;
  const std::vector<Record> records = parse_records(two_records(), &error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].type, RecordType::json);
  EXPECT_EQ(records[0].bytes, kJson);
  EXPECT_EQ(records[1].type, RecordType::array);
  ASSERT_EQ(records[1].bytes.size(), kFloats.size() * sizeof(float));
  std::vector<float> floats(kFloats.size());
  std::memcpy(floats.data(), records[1].bytes.data(), records[1].bytes.size());
  EXPECT_EQ(floats, kFloats);
}

TEST(Channel, RecordIsATypeByteALittleEndianLengthAndTheBytes) {
  const std::string payload(0x0102, 'a');
  const std::string bytes = through_pipe([&](int fd) { write_record(fd, RecordType::json, payload.data(), payload.size()); });
  ASSERT_EQ(bytes.size(), 9 + payload.size());
  EXPECT_EQ(bytes.substr(0, 9), std::string("J\x02\x01\0\0\0\0\0\0", 9));
  EXPECT_EQ(bytes.substr(9), payload);
}

TEST(Channel, EmptyRecordRoundTrips) {
  const std::string bytes = through_pipe([](int fd) { write_record(fd, RecordType::array, nullptr, 0); });
  std::string error;
  const std::vector<Record> records = parse_records(bytes, &error);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].type, RecordType::array);
  EXPECT_TRUE(records[0].bytes.empty());
  EXPECT_EQ(error, "");
}

TEST(Channel, TruncatedLastRecordIsDroppedAndReported) {
  const std::string stream = two_records();
  std::string error;
  const std::vector<Record> records = parse_records(stream.substr(0, stream.size() - 1), &error);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].bytes, kJson);
  EXPECT_EQ(error, "the runner stopped in the middle of a record");
}

TEST(Channel, TruncatedHeaderIsReported) {
  const std::string stream = two_records();
  const std::size_t second = 9 + kJson.size();
  std::string error;
  EXPECT_EQ(parse_records(stream.substr(0, second + 5), &error).size(), 1u);
  EXPECT_EQ(error, "the runner stopped in the middle of a record header");
}

TEST(Channel, UnknownRecordTypeStopsParsing) {
  std::string error;
  const std::vector<Record> records = parse_records(two_records() + "garbage printed by a student", &error);
  EXPECT_EQ(records.size(), 2u);
  EXPECT_EQ(error, "the channel carried an unknown record type");
}

TEST(Channel, NothingWrittenIsNoRecordsAndNoError) {
  std::string error;
  EXPECT_TRUE(parse_records("", &error).empty());
  EXPECT_EQ(error, "");
  EXPECT_TRUE(parse_records("J\x05", nullptr).empty());  // the error may go unasked
}

// Records arriving in pieces come out once each, as soon as they are whole.
TEST(Channel, ReaderReturnsEachRecordOnceAsItCompletes) {
  const std::string a = through_pipe([](int fd) { write_record(fd, RecordType::json, "{}", 2); });
  const std::string b = through_pipe([](int fd) { write_record(fd, RecordType::json, "[1]", 3); });
  RecordReader reader;
  std::string stream = a.substr(0, 5);
  EXPECT_TRUE(reader.take(stream).empty());
  stream = a + b.substr(0, 9);
  ASSERT_EQ(reader.take(stream).size(), 1u);
  stream += b.substr(9);
  const std::vector<Record> second = reader.take(stream);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].bytes, "[1]");
  EXPECT_TRUE(reader.take(stream).empty());
}

// A frame of an unknown type ends the stream: nothing after it is read as a record.
TEST(Channel, ReaderStopsForGoodAtABrokenFrame) {
  const std::string good = through_pipe([](int fd) { write_record(fd, RecordType::json, "{}", 2); });
  RecordReader reader;
  EXPECT_TRUE(reader.take("Zxxxxxxxx" + good).empty());
  EXPECT_TRUE(reader.take("Zxxxxxxxx" + good + good).empty());
}

}  // namespace
}  // namespace kit
