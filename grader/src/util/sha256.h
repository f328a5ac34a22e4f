// SHA-256, for the datasets' checksum manifest (the SHA256SUMS format `sha256sum -c` reads).
#pragma once

#include <string>

namespace kit {

// Lower-case hex digest of the bytes.
std::string sha256_hex(const std::string& bytes);

}  // namespace kit
