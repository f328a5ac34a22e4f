// NumPy's .npy format (version 1.0), little-endian arrays of the kit's dtypes (<f4, <i4, |u1) with any
// number of axes: numpy.load() opens what the kit writes, and the kit reads back what it wrote.
#pragma once

#include <string>

#include "kit/array.h"

namespace kit {

std::string encode_npy(const HostArray& array);

// Throws std::runtime_error with the reason when the bytes are not a .npy array of a kit dtype. The
// array is named `name`.
HostArray decode_npy(const std::string& bytes, const std::string& name);

}  // namespace kit
