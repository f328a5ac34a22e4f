#include "util/npy.h"

#include <cstring>
#include <stdexcept>

namespace kit {
namespace {

const char* descr(DType dtype) {
  switch (dtype) {
    case DType::f32: return "<f4";
    case DType::i32: return "<i4";
    case DType::u8: return "|u1";
  }
  return "?";
}

// The tuple NumPy writes: "(3, 4)", "(7,)", "()".
std::string shape_text(const std::vector<long>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

// Reads "(a, b, c)" after "'shape': " in the header; a plain parser, linear in the header's length.
std::vector<long> parse_shape(const std::string& header) {
  const std::size_t key = header.find("'shape': (");
  if (key == std::string::npos) throw std::runtime_error("the .npy header has no shape");
  std::vector<long> shape;
  std::size_t pos = key + 10;
  for (;;) {
    while (pos < header.size() && header[pos] == ' ') ++pos;
    if (pos < header.size() && header[pos] == ')') break;
    std::size_t digits = pos;
    while (digits < header.size() && std::isdigit(static_cast<unsigned char>(header[digits]))) ++digits;
    if (digits == pos || digits - pos > 18) throw std::runtime_error("the .npy shape is not a tuple of sizes");
    shape.push_back(std::stol(header.substr(pos, digits - pos)));
    pos = digits;
    while (pos < header.size() && header[pos] == ' ') ++pos;
    if (pos < header.size() && header[pos] == ',') ++pos;
    else if (pos >= header.size() || header[pos] != ')') throw std::runtime_error("the .npy shape is not a tuple of sizes");
  }
  return shape;
}

}  // namespace

std::string encode_npy(const HostArray& a) {
  std::string header = std::string("{'descr': '") + descr(a.spec.dtype) +
                       "', 'fortran_order': False, 'shape': " + shape_text(a.spec.shape) + ", }";
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
  out.append(a.bytes.begin(), a.bytes.end());  // x86 and ARM are little-endian
  return out;
}

HostArray decode_npy(const std::string& bytes, const std::string& name) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) throw std::runtime_error("not a .npy file");
  if (bytes[6] != 1) throw std::runtime_error("only .npy version 1.0 is supported");
  const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  if (bytes.size() < 10 + header_len) throw std::runtime_error("the .npy header is cut short");
  const std::string header = bytes.substr(10, header_len);
  HostArray a;
  a.spec.name = name;
  bool known = false;
  for (DType d : {DType::f32, DType::i32, DType::u8})
    if (header.find(std::string("'") + descr(d) + "'") != std::string::npos) {
      a.spec.dtype = d;
      known = true;
    }
  if (!known) throw std::runtime_error("the array is not float32, int32 or uint8 ('<f4', '<i4', '|u1')");
  if (header.find("'fortran_order': False") == std::string::npos)
    throw std::runtime_error("the array is in Fortran order");
  a.spec.shape = parse_shape(header);
  const std::size_t data_bytes = bytes.size() - 10 - header_len;
  // Count the elements without overflowing: a header may claim any shape.
  std::size_t count = 1;
  for (long extent : a.spec.shape) {
    const std::size_t e = static_cast<std::size_t>(extent);
    if (e != 0 && count > data_bytes / e) throw std::runtime_error("the data size does not match the shape");
    count *= e;
  }
  if (data_bytes != count * dtype_size(a.spec.dtype)) throw std::runtime_error("the data size does not match the shape");
  a.bytes.assign(bytes.begin() + 10 + static_cast<long>(header_len), bytes.end());
  return a;
}

}  // namespace kit
