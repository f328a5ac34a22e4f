// HMAC-SHA256 (RFC 2104 over FIPS 180-4's SHA-256): the keyed hash a batch seals its result files with,
// so that `grader gradebook` can tell a result the batch wrote from one written or edited by anyone
// without the key (class/result_seal.h).
#pragma once

#include <string>

namespace kit {

// Lower-case hex of HMAC-SHA256(key, message); both are bytes, of any length.
std::string hmac_sha256_hex(const std::string& key, const std::string& message);

// Whether two digests are equal, in a time that does not depend on where they first differ.
bool same_digest(const std::string& a, const std::string& b);

}  // namespace kit
