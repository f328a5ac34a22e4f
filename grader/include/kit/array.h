// Typed arrays: what every problem's inputs and outputs are made of. An array is plain bytes with an
// element type and a shape, so the runner, the channel, the datasets and the comparison treat a float
// matrix, an integer histogram and an 8-bit picture alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kit {

enum class DType : unsigned char { f32, i32, u8 };

std::size_t dtype_size(DType dtype);
const char* dtype_name(DType dtype);  // "f32", "i32", "u8"
// False when `name` is not a dtype's name.
bool parse_dtype(std::string_view name, DType* dtype);

// A problem's sizes, one per axis, in the order of Problem::axes.
using Dims = std::vector<long>;

// "17x17x17"
std::string format_dims(const Dims& dims);

struct ArraySpec {
  std::string name;  // "M", "odata"
  DType dtype = DType::f32;
  std::vector<long> shape;  // row-major; the last axis varies fastest
  std::size_t count() const;
  std::size_t bytes() const { return count() * dtype_size(dtype); }
};

// An array's values on the host.
struct HostArray {
  ArraySpec spec;
  std::vector<unsigned char> bytes;

  // Element `index` as a double (every f32, i32 and u8 value is exact in a double).
  double value(std::size_t index) const;
  void set(std::size_t index, double value);
  template <class T>
  T* as() { return reinterpret_cast<T*>(bytes.data()); }
  template <class T>
  const T* as() const { return reinterpret_cast<const T*>(bytes.data()); }
};

using Arrays = std::vector<HostArray>;

// A zero-filled array of the spec's shape.
HostArray make_array(const ArraySpec& spec);

// "P[16][0]": an element by its position in each axis, as a student indexes it.
std::string element_name(const ArraySpec& spec, std::size_t index);

}  // namespace kit
