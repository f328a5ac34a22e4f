#include "kit/compare.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "kit/poison.h"

namespace kit {
namespace {

constexpr std::size_t kFirstShown = 5;

std::string number_text(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

namespace {

// An f32 NaN whose bits are the poison made quiet: arithmetic on the CPU read the unwritten output.
bool computed_from_poison(const HostArray& got, std::size_t index) {
  if (got.spec.dtype != DType::f32) return false;
  std::uint32_t bits;
  std::memcpy(&bits, got.bytes.data() + 4 * index, 4);
  return bits == kPoisonComputedBits;
}

}  // namespace

Comparison compare_output(const HostArray& got, const std::vector<double>& expected,
                          const std::vector<double>& error_scales, const Tolerance& tolerance, std::uint64_t seed,
                          const std::vector<bool>* written_elsewhere) {
  Comparison c;
  c.total = expected.size();
  c.wrong_elements.assign(c.total, false);
  c.unwritten_elements.assign(c.total, false);
  const std::size_t available = got.bytes.size() / dtype_size(got.spec.dtype);
  for (std::size_t i = 0; i < c.total; ++i) {
    const double e = expected[i];
    bool wrong = false, poison = false, from_poison = false;
    double g = std::nan("");
    if (i >= available) {
      wrong = true;
    } else if (is_poison(got, i, seed) && !(got.spec.dtype != DType::f32 && got.value(i) == e) &&
               !(written_elsewhere && i < written_elsewhere->size() && (*written_elsewhere)[i])) {
      wrong = poison = true;
      ++c.never_written;
      c.unwritten_elements[i] = true;
    } else {
      g = got.value(i);
      if (!std::isfinite(g)) {
        wrong = std::isfinite(e) || std::isnan(g) != std::isnan(e);
        if (wrong) ++c.non_finite;
        if (wrong && computed_from_poison(got, i)) {
          ++c.from_poison;
          from_poison = true;
        }
      } else {
        const double err = std::fabs(g - e);
        wrong = !(err <= allowed_error(tolerance, error_scales[i]));
        if (wrong && err > c.max_error) c.max_error = err;
      }
    }
    if (!wrong) continue;
    ++c.wrong;
    c.wrong_elements[i] = true;
    if (c.first.size() < kFirstShown) c.first.push_back({i, e, g, poison, from_poison});
  }
  return c;
}

std::string summarize(const Comparison& c) {
  if (c.passed()) return "all " + std::to_string(c.total) + " elements right";
  if (c.never_written == c.total) return "all " + std::to_string(c.total) + " elements never written";
  std::string text = std::to_string(c.wrong) + " of " + std::to_string(c.total) + " elements wrong";
  if (c.never_written) text += " (" + std::to_string(c.never_written) + " never written)";
  else if (c.from_poison == c.non_finite && c.non_finite)
    text += " (" + std::to_string(c.non_finite) + " read before written)";
  else if (c.non_finite) text += " (" + std::to_string(c.non_finite) + " NaN or Inf)";
  return text;
}

std::string explain_mismatches(const Comparison& c, const ArraySpec& output) {
  if (c.passed()) return {};
  std::string text;
  for (std::size_t i = 0; i < c.first.size(); ++i) {
    const Mismatch& m = c.first[i];
    text += i == 0 ? "first wrong: " : "             ";
    text += element_name(output, m.index) + " expected " + number_text(m.expected) + ", got " +
            (m.never_written ? std::string(output.dtype == DType::f32 ? "NaN (never written)"
                                                                       : "the poison value (never written)")
             : m.from_poison ? std::string("NaN computed from the poison the output held before the run (read before written)")
                             : number_text(m.got)) +
            "\n";
  }
  if (c.max_error > 0) text += "largest error among finite values: " + number_text(c.max_error) + "\n";
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace kit
