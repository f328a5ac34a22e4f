#include "kit/npy.h"

#include <cstring>
#include <regex>
#include <stdexcept>

namespace kit {

std::string encode_npy(const std::vector<float>& values, long rows, long cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, ending in \n.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>((header.size() >> 8) & 0xFF);
  out += header;
  const std::size_t offset = out.size();
  out.resize(offset + values.size() * sizeof(float));
  std::memcpy(&out[offset], values.data(), values.size() * sizeof(float));  // x86 and ARM are little-endian
  return out;
}

std::vector<float> decode_npy(const std::string& bytes, long* rows, long* cols) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) throw std::runtime_error("not a .npy file");
  if (bytes[6] != 1) throw std::runtime_error("only .npy version 1.0 is supported");
  const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  if (bytes.size() < 10 + header_len) throw std::runtime_error("the .npy header is cut short");
  const std::string header = bytes.substr(10, header_len);
  if (header.find("'<f4'") == std::string::npos) throw std::runtime_error("the array is not float32 ('<f4')");
  if (header.find("'fortran_order': False") == std::string::npos)
    throw std::runtime_error("the array is in Fortran order");
  std::smatch m;
  if (!std::regex_search(header, m, std::regex(R"('shape': \((\d+), (\d+)\))")))
    throw std::runtime_error("the array is not 2-D");
  *rows = std::stol(m[1]);
  *cols = std::stol(m[2]);
  const std::size_t data_bytes = bytes.size() - 10 - header_len;
  const std::size_t count = static_cast<std::size_t>(*rows) * static_cast<std::size_t>(*cols);
  if ((*cols != 0 && count / static_cast<std::size_t>(*cols) != static_cast<std::size_t>(*rows)) ||
      count > data_bytes / sizeof(float) || data_bytes != count * sizeof(float))
    throw std::runtime_error("the data size does not match the shape");
  std::vector<float> values(count);
  std::memcpy(values.data(), bytes.data() + 10 + header_len, count * sizeof(float));
  return values;
}

}  // namespace kit
