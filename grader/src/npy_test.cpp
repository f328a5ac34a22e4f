#include "kit/npy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kit {
namespace {

std::vector<float> sample(long rows, long cols) {
  std::vector<float> values;
  for (long i = 0; i < rows * cols; ++i) values.push_back(static_cast<float>(i % 65 - 32) / 16.0f);
  return values;
}

std::size_t header_length(const std::string& bytes) {
  return static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
}

std::string header_of(const std::string& bytes) { return bytes.substr(10, header_length(bytes)); }

// The bytes of a valid file with its header text replaced (the data left as is).
std::string with_header(const std::string& bytes, std::string header) {
  const std::string data = bytes.substr(10 + header_length(bytes));
  std::string out = bytes.substr(0, 8);
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

// The message decode_npy throws, or "" when it does not throw.
std::string decode_error(const std::string& bytes) {
  long rows = 0, cols = 0;
  try {
    decode_npy(bytes, &rows, &cols);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(Npy, RoundTripKeepsShapeAndValues) {
  for (const auto& [rows, cols] : std::vector<std::pair<long, long>>{{3, 4}, {1, 1}, {17, 33}, {1, 1000}, {0, 5}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
    const std::vector<float> values = sample(rows, cols);
    long r = -1, c = -1;
    EXPECT_EQ(decode_npy(encode_npy(values, rows, cols), &r, &c), values);
    EXPECT_EQ(r, rows);
    EXPECT_EQ(c, cols);
  }
}

TEST(Npy, RoundTripIsBitExact) {
  const std::vector<float> values = {0.1f, -0.0f, 3.4028235e38f, 1.4e-45f, 1.0f / 3.0f};
  long r = 0, c = 0;
  const std::vector<float> back = decode_npy(encode_npy(values, 1, 5), &r, &c);
  ASSERT_EQ(back.size(), values.size());
  EXPECT_EQ(std::memcmp(back.data(), values.data(), values.size() * sizeof(float)), 0);
}

// What numpy.load() needs: the magic, version 1.0, a little-endian length, a dict header padded with spaces to
// a multiple of 64 bytes and ended by a newline, then the raw little-endian float32 data.
TEST(Npy, HeaderIsWhatNumpyReads) {
  for (long cols : {1L, 4L, 123456L}) {
    const std::string bytes = encode_npy(sample(3, cols), 3, cols);
    ASSERT_EQ(bytes.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)), 0);
    const std::size_t length = header_length(bytes);
    EXPECT_EQ((10 + length) % 64, 0u) << "header of " << length << " bytes";
    const std::string header = header_of(bytes);
    EXPECT_EQ(header.back(), '\n');
    EXPECT_EQ(header.rfind("{'descr': '<f4', 'fortran_order': False, 'shape': (3, " + std::to_string(cols) + "), }", 0),
              0u)
        << header;
    EXPECT_EQ(header.find_first_not_of(' ', header.find('}') + 1), header.size() - 1) << "padding is spaces";
    EXPECT_EQ(bytes.size(), 10 + length + 3 * cols * sizeof(float));
  }
  const std::string one = encode_npy({1.0f}, 1, 1);
  EXPECT_EQ(one.substr(one.size() - 4), std::string("\x00\x00\x80\x3f", 4));  // 1.0f, little-endian
}

TEST(Npy, DecodeRejectsWhatIsNotAFloat32Matrix) {
  const std::string good = encode_npy(sample(2, 3), 2, 3);
  const std::string header = header_of(good);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string h = header;
    h.replace(h.find(from), from.size(), to);
    return with_header(good, h);
  };
  EXPECT_EQ(decode_error(""), "not a .npy file");
  EXPECT_EQ(decode_error("PK\x03\x04 not numpy at all"), "not a .npy file");
  std::string version2 = good;
  version2[6] = 2;
  EXPECT_EQ(decode_error(version2), "only .npy version 1.0 is supported");
  EXPECT_EQ(decode_error(good.substr(0, 40)), "the .npy header is cut short");
  EXPECT_EQ(decode_error(replaced("'<f4'", "'<f8'")), "the array is not float32 ('<f4')");
  EXPECT_EQ(decode_error(replaced("False", "True")), "the array is in Fortran order");
  EXPECT_EQ(decode_error(replaced("(2, 3)", "(6,)")), "the array is not 2-D");
  EXPECT_EQ(decode_error(replaced("(2, 3)", "(2, 3, 1)")), "the array is not 2-D");
  EXPECT_EQ(decode_error(good.substr(0, good.size() - 1)), "the data size does not match the shape");
  EXPECT_EQ(decode_error(good + '\0'), "the data size does not match the shape");
  EXPECT_EQ(decode_error(good), "");
}

TEST(Npy, DecodeRejectsAShapeWhoseByteCountOverflows) {
  // 2^62 x 4 floats wrap around to 0 bytes in 64 bits: the header claims a huge array and there is no data.
  const std::string good = encode_npy({}, 0, 0);
  std::string header = header_of(good);
  header.replace(header.find("(0, 0)"), 6, "(4611686018427387904, 4)");
  EXPECT_NE(decode_error(with_header(good, header)), "");
}

}  // namespace
}  // namespace kit
