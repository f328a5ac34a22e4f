#include "kit/poison.h"

#include <cstring>

#include "kit/random.h"

namespace kit {

std::uint32_t poison_bits(DType dtype, std::uint64_t seed) {
  const std::uint64_t h = derive_seed(seed, "poison");
  switch (dtype) {
    case DType::f32: return kPoisonBits;
    case DType::i32: return 0x7EA00000u | static_cast<std::uint32_t>(h & 0xFFFFF);  // large: rarely a right answer
    case DType::u8: return static_cast<std::uint32_t>(h & 0xFF);
  }
  return 0;
}

bool is_poison(const HostArray& a, std::size_t index, std::uint64_t seed) {
  const std::uint32_t bits = poison_bits(a.spec.dtype, seed);
  if (a.spec.dtype == DType::u8) return a.bytes[index] == static_cast<unsigned char>(bits);
  std::uint32_t value;
  std::memcpy(&value, a.bytes.data() + 4 * index, 4);
  return value == bits;
}

void fill_poison(HostArray& a, std::uint64_t seed) {
  const std::uint32_t bits = poison_bits(a.spec.dtype, seed);
  if (a.spec.dtype == DType::u8) {
    std::memset(a.bytes.data(), static_cast<int>(bits & 0xFF), a.bytes.size());
    return;
  }
  for (std::size_t i = 0; i < a.spec.count(); ++i) std::memcpy(a.bytes.data() + 4 * i, &bits, 4);
}

}  // namespace kit
