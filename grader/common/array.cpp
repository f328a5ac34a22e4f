#include "kit/array.h"

#include <cstring>

namespace kit {

std::size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::f32: return 4;
    case DType::i32: return 4;
    case DType::u8: return 1;
  }
  return 1;
}

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::f32: return "f32";
    case DType::i32: return "i32";
    case DType::u8: return "u8";
  }
  return "?";
}

bool parse_dtype(std::string_view name, DType* dtype) {
  for (DType d : {DType::f32, DType::i32, DType::u8})
    if (name == dtype_name(d)) {
      *dtype = d;
      return true;
    }
  return false;
}

std::string format_dims(const Dims& dims) {
  std::string text;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (i) text += 'x';
    text += std::to_string(dims[i]);
  }
  return text;
}

std::size_t ArraySpec::count() const {
  std::size_t n = 1;
  for (long extent : shape) n *= static_cast<std::size_t>(extent);
  return n;
}

double HostArray::value(std::size_t i) const {
  switch (spec.dtype) {
    case DType::f32: {
      float v;
      std::memcpy(&v, bytes.data() + 4 * i, 4);
      return v;
    }
    case DType::i32: {
      std::int32_t v;
      std::memcpy(&v, bytes.data() + 4 * i, 4);
      return v;
    }
    case DType::u8: return bytes[i];
  }
  return 0;
}

void HostArray::set(std::size_t i, double value) {
  switch (spec.dtype) {
    case DType::f32: {
      const float v = static_cast<float>(value);
      std::memcpy(bytes.data() + 4 * i, &v, 4);
      return;
    }
    case DType::i32: {
      const std::int32_t v = static_cast<std::int32_t>(value);
      std::memcpy(bytes.data() + 4 * i, &v, 4);
      return;
    }
    case DType::u8: bytes[i] = static_cast<unsigned char>(value); return;
  }
}

HostArray make_array(const ArraySpec& spec) { return {spec, std::vector<unsigned char>(spec.bytes())}; }

std::string element_name(const ArraySpec& spec, std::size_t index) {
  std::vector<std::size_t> position(spec.shape.size());
  for (std::size_t axis = spec.shape.size(); axis-- > 0;) {
    const std::size_t extent = static_cast<std::size_t>(spec.shape[axis]);
    position[axis] = extent ? index % extent : 0;
    index = extent ? index / extent : 0;
  }
  std::string text = spec.name;
  for (std::size_t p : position) text += "[" + std::to_string(p) + "]";
  return text;
}

}  // namespace kit
