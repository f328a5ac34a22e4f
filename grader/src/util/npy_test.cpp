#include "util/npy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kit {
namespace {

HostArray sample(std::vector<long> shape, DType dtype = DType::f32) {
  HostArray a = make_array({"A", dtype, shape});
  for (std::size_t i = 0; i < a.spec.count(); ++i)
    a.set(i, dtype == DType::f32 ? static_cast<double>(static_cast<long>(i % 65) - 32) / 16.0 : static_cast<double>(i % 200));
  return a;
}

HostArray matrix(long rows, long cols) { return sample({rows, cols}); }

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
  try {
    decode_npy(bytes, "A");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(Npy, RoundTripKeepsShapeDtypeAndValues) {
  for (const std::vector<long>& shape :
       std::vector<std::vector<long>>{{3, 4}, {1, 1}, {17, 33}, {1, 1000}, {0, 5}, {7}, {2, 3, 3}}) {
    for (DType dtype : {DType::f32, DType::i32, DType::u8}) {
      SCOPED_TRACE(std::string(dtype_name(dtype)) + " " + format_dims(shape));
      const HostArray a = sample(shape, dtype);
      const HostArray back = decode_npy(encode_npy(a), "A");
      EXPECT_EQ(back.spec.shape, shape);
      EXPECT_EQ(back.spec.dtype, dtype);
      EXPECT_EQ(back.bytes, a.bytes);
    }
  }
}

TEST(Npy, RoundTripIsBitExact) {
  HostArray a = make_array({"A", DType::f32, {1, 5}});
  const float values[] = {0.1f, -0.0f, 3.4028235e38f, 1.4e-45f, 1.0f / 3.0f};
  std::memcpy(a.bytes.data(), values, sizeof values);
  EXPECT_EQ(decode_npy(encode_npy(a), "A").bytes, a.bytes);
}

// What numpy.load() needs: the magic, version 1.0, a little-endian length, a dict header padded with spaces to
// a multiple of 64 bytes and ended by a newline, then the raw little-endian data.
TEST(Npy, HeaderIsWhatNumpyReads) {
  for (long cols : {1L, 4L, 123456L}) {
    const std::string bytes = encode_npy(matrix(3, cols));
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
  HostArray one = make_array({"A", DType::f32, {1, 1}});
  one.set(0, 1.0);
  const std::string bytes = encode_npy(one);
  EXPECT_EQ(bytes.substr(bytes.size() - 4), std::string("\x00\x00\x80\x3f", 4));  // 1.0f, little-endian
}

TEST(Npy, OtherDtypesAndShapesUseNumpysSpelling) {
  EXPECT_NE(header_of(encode_npy(sample({5}, DType::i32))).find("'descr': '<i4'"), std::string::npos);
  EXPECT_NE(header_of(encode_npy(sample({5}, DType::i32))).find("'shape': (5,)"), std::string::npos);
  EXPECT_NE(header_of(encode_npy(sample({62, 76, 3}, DType::u8))).find("'descr': '|u1'"), std::string::npos);
  EXPECT_NE(header_of(encode_npy(sample({62, 76, 3}, DType::u8))).find("'shape': (62, 76, 3)"), std::string::npos);
}

TEST(Npy, DecodeRejectsWhatIsNotAKitArray) {
  const std::string good = encode_npy(matrix(2, 3));
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
  EXPECT_EQ(decode_error(replaced("'<f4'", "'<f8'")), "the array is not float32, int32 or uint8 ('<f4', '<i4', '|u1')");
  EXPECT_EQ(decode_error(replaced("False", "True")), "the array is in Fortran order");
  EXPECT_EQ(decode_error(replaced("(2, 3)", "(2, x)")), "the .npy shape is not a tuple of sizes");
  EXPECT_EQ(decode_error(replaced("(2, 3)", "(6,)")), "");  // the same bytes as a vector
  EXPECT_EQ(decode_error(replaced("(2, 3)", "(2, 3, 2)")), "the data size does not match the shape");
  EXPECT_EQ(decode_error(good.substr(0, good.size() - 1)), "the data size does not match the shape");
  EXPECT_EQ(decode_error(good + '\0'), "the data size does not match the shape");
  EXPECT_EQ(decode_error(good), "");
}

TEST(Npy, DecodeRejectsAShapeWhoseByteCountOverflows) {
  // 2^62 x 4 floats wrap around to 0 bytes in 64 bits: the header claims a huge array and there is no data.
  const std::string good = encode_npy(matrix(0, 0));
  std::string header = header_of(good);
  header.replace(header.find("(0, 0)"), 6, "(4611686018427387904, 4)");
  EXPECT_NE(decode_error(with_header(good, header)), "");
}

}  // namespace
}  // namespace kit
