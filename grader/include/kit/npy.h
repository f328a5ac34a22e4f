// NumPy's .npy format (version 1.0), float32 little-endian 2-D arrays: numpy.load() opens what the kit
// writes, and the kit reads back what it wrote.
#pragma once

#include <string>
#include <vector>

namespace kit {

std::string encode_npy(const std::vector<float>& values, long rows, long cols);

// Throws std::runtime_error with the reason when the bytes are not a float32 2-D .npy array.
std::vector<float> decode_npy(const std::string& bytes, long* rows, long* cols);

}  // namespace kit
