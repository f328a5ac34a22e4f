#include "util/hmac_sha256.h"

#include "util/sha256.h"

namespace kit {
namespace {

constexpr std::size_t kBlockBytes = 64;

// The 32 bytes a hex digest of sha256_hex stands for.
std::string digest_bytes(const std::string& hex) {
  const auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes += static_cast<char>(nibble(hex[i]) << 4 | nibble(hex[i + 1]));
  return bytes;
}

}  // namespace

std::string hmac_sha256_hex(const std::string& key, const std::string& message) {
  std::string block = key.size() > kBlockBytes ? digest_bytes(sha256_hex(key)) : key;
  block.resize(kBlockBytes, '\0');
  std::string inner(kBlockBytes, '\0'), outer(kBlockBytes, '\0');
  for (std::size_t i = 0; i < kBlockBytes; ++i) {
    inner[i] = static_cast<char>(block[i] ^ 0x36);
    outer[i] = static_cast<char>(block[i] ^ 0x5c);
  }
  return sha256_hex(outer + digest_bytes(sha256_hex(inner + message)));
}

bool same_digest(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differ |= static_cast<unsigned char>(a[i] ^ b[i]);
  return differ == 0;
}

}  // namespace kit
