#include "performance/performance_explained.h"

#include <algorithm>
#include <cmath>

#include "performance/item_score.h"
#include "util/text.h"

namespace kit {
namespace {

// Two significant figures at least, never a bare "0": "0.213", "14", "683".
std::string figure(double v) {
  if (v >= 100) return fixed_decimals(v, 0);
  if (v >= 10) return fixed_decimals(v, 1);
  if (v >= 1) return fixed_decimals(v, 2);
  return fixed_decimals(v, 3);
}

std::string percent(double share) { return fixed_decimals(100 * share, 0) + "%"; }

std::string megabytes(double bytes) { return bytes >= 1e9 ? figure(bytes / 1e9) + " GB" : figure(bytes / 1e6) + " MB"; }

double minimum_bytes(const Work& w) { return w.bytes_read + w.bytes_written; }

}  // namespace

RooflinePoint roofline_point(const TimedKernel& kernel, const Roofs& roofs) {
  RooflinePoint p;
  if (kernel.ms <= 0) return p;
  const double seconds = kernel.ms * 1e-3;
  p.effective_gbs = throughput(kernel.work, Metric::gbps, seconds);
  if (kernel.work.flops <= 0) {
    p.roof = roofs.peak_gbs;
    return p;
  }
  p.gflops = throughput(kernel.work, Metric::gflops, seconds);
  p.intensity = kernel.work.flops / minimum_bytes(kernel.work);
  const double bandwidth_roof = p.intensity * roofs.peak_gbs;
  p.compute_bound = roofs.peak_gflops > 0 && roofs.peak_gflops <= bandwidth_roof;
  p.roof = p.compute_bound ? roofs.peak_gflops : bandwidth_roof;
  return p;
}

std::string explain_time(const TimedKernel& kernel, const Roofs& roofs) {
  if (kernel.ms <= 0 || minimum_bytes(kernel.work) <= 0 || roofs.peak_gbs <= 0) return {};
  const RooflinePoint p = roofline_point(kernel, roofs);
  const std::string gpu = roofs.gpu.empty() ? "the GPU" : roofs.gpu;
  const std::string least = megabytes(minimum_bytes(kernel.work)) + " (each input read once, each output written once)";
  if (p.compute_bound) {
    // Bandwidth says little of a kernel that computes this much per byte: its figures are FLOP/s.
    const double ridge = roofs.peak_gflops / roofs.peak_gbs;
    return "Your kernel does " + figure(kernel.work.flops / 1e9) + " GFLOP in " + figure(kernel.ms) + " ms: " +
           throughput_text(p.gflops, Metric::gflops) + ", " + percent(p.gflops / roofs.peak_gflops) + " of " + gpu +
           "'s FP32 peak of " + throughput_text(roofs.peak_gflops, Metric::gflops) + ". Its arithmetic intensity is " +
           figure(p.intensity) + " FLOP per byte of the least traffic it needs, " + least + ", above the " +
           figure(ridge) + " where the roofs meet, so the FP32 peak is its roof: the rest is lost to traffic beyond that"
           " least (the same elements read again from memory) and to waiting on it.";
  }
  std::string text = "Your kernel moves at least " + least + " in " + figure(kernel.ms) + " ms: " +
                     throughput_text(p.effective_gbs, Metric::gbps) + " of effective bandwidth";
  if (roofs.copy_gbs > 0)
    text += ", " + percent(p.effective_gbs / roofs.copy_gbs) + " of the " + throughput_text(roofs.copy_gbs, Metric::gbps) +
            " cudaMemcpy reached in the same rounds";
  text += " and " + percent(p.effective_gbs / roofs.peak_gbs) + " of " + gpu + "'s peak of " +
          throughput_text(roofs.peak_gbs, Metric::gbps) + ".";
  if (kernel.work.flops <= 0)
    return text + " It does no arithmetic, so bandwidth is its only roof: what it does not reach is lost to accesses"
                  " that move more than they use (uncoalesced or repeated) or to too little work in flight.";
  text += " It does " + figure(kernel.work.flops / 1e9) + " GFLOP, " + throughput_text(p.gflops, Metric::gflops) + ".";
  if (roofs.peak_gflops <= 0) return text;
  return text + " At " + figure(p.intensity) + " FLOP per byte, below the " + figure(roofs.peak_gflops / roofs.peak_gbs) +
         " where " + gpu + "'s roofs meet, its roof is bandwidth: " + throughput_text(p.roof, Metric::gflops) +
         " at most, and it reaches " + percent(p.gflops / p.roof) + " of it.";
}

namespace {

constexpr long kWidth = 640, kHeight = 400, kMargin = 24;
// The axes' decades: FLOP per byte from 1/100 to 10,000; GFLOP/s over five decades below the peak's.
constexpr double kXLow = -2, kXHigh = 4;

struct Rgb {
  unsigned char r, g, b;
};
constexpr Rgb kGrid{220, 220, 220}, kRoof{0, 0, 0}, kCopy{150, 150, 150};
constexpr Rgb kKernelColours[] = {{220, 30, 30}, {40, 90, 220}, {30, 160, 60}, {240, 150, 20}};
const char* const kKernelColourNames[] = {"red", "blue", "green", "orange"};

struct Canvas {
  Picture picture;
  double y_low = 0, y_high = 0;  // log10 of GFLOP/s at the bottom and the top

  void set(long x, long y, Rgb c) {
    if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) return;
    unsigned char* p = &picture.pixels[static_cast<std::size_t>((y * picture.width + x) * 3)];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
  }
  // Pixel coordinates of (log10 intensity, log10 GFLOP/s).
  double px(double lx) const { return kMargin + (lx - kXLow) / (kXHigh - kXLow) * (kWidth - 2 * kMargin); }
  double py(double ly) const { return kHeight - kMargin - (ly - y_low) / (y_high - y_low) * (kHeight - 2 * kMargin); }
  void line(double x0, double y0, double x1, double y1, Rgb c, int thickness) {
    const int steps = static_cast<int>(std::max(std::abs(x1 - x0), std::abs(y1 - y0))) + 1;
    for (int i = 0; i <= steps; ++i) {
      const double x = x0 + (x1 - x0) * i / steps, y = y0 + (y1 - y0) * i / steps;
      for (int dx = -thickness / 2; dx <= thickness / 2; ++dx)
        for (int dy = -thickness / 2; dy <= thickness / 2; ++dy) set(std::lround(x) + dx, std::lround(y) + dy, c);
    }
  }
  // A roof GFLOP/s = min(cap, bandwidth x intensity), across the whole axis.
  void roof(double gbs, double cap, Rgb c, int thickness) {
    double last_x = 0, last_y = 0;
    for (int i = 0; i <= 600; ++i) {
      const double lx = kXLow + (kXHigh - kXLow) * i / 600;
      double g = gbs * std::pow(10.0, lx);
      if (cap > 0) g = std::min(g, cap);
      const double x = px(lx), y = py(std::log10(g));
      if (i > 0) line(last_x, last_y, x, y, c, thickness);
      last_x = x;
      last_y = y;
    }
  }
  void dot(double x, double y, int radius, Rgb c) {
    for (int dx = -radius; dx <= radius; ++dx)
      for (int dy = -radius; dy <= radius; ++dy)
        if (dx * dx + dy * dy <= radius * radius) set(std::lround(x) + dx, std::lround(y) + dy, c);
  }
};

}  // namespace

Picture draw_roofline(const std::vector<TimedKernel>& kernels, const Roofs& roofs) {
  if (kernels.empty() || kernels.front().work.flops <= 0 || roofs.peak_gbs <= 0 || roofs.peak_gflops <= 0) return {};
  Canvas c;
  c.picture = {kWidth, kHeight, 3, std::vector<unsigned char>(static_cast<std::size_t>(kWidth * kHeight * 3), 255)};
  c.y_high = std::ceil(std::log10(roofs.peak_gflops) + 0.01);
  c.y_low = c.y_high - 5;
  for (double d = kXLow; d <= kXHigh; d += 1) c.line(c.px(d), c.py(c.y_low), c.px(d), c.py(c.y_high), kGrid, 1);
  for (double d = c.y_low; d <= c.y_high; d += 1) c.line(c.px(kXLow), c.py(d), c.px(kXHigh), c.py(d), kGrid, 1);
  if (roofs.copy_gbs > 0) c.roof(roofs.copy_gbs, roofs.peak_gflops, kCopy, 1);
  c.roof(roofs.peak_gbs, roofs.peak_gflops, kRoof, 3);
  // The student's last, so that a baseline at the same place never hides it.
  for (std::size_t i = kernels.size(); i-- > 0;) {
    const RooflinePoint p = roofline_point(kernels[i], roofs);
    if (p.gflops <= 0) continue;
    const double ly = std::clamp(std::log10(p.gflops), c.y_low, c.y_high);
    const Rgb colour = kKernelColours[std::min(i, std::size(kKernelColours) - 1)];
    // Kernels of one problem share an intensity: each is set a little apart across so that all show.
    c.dot(c.px(std::log10(p.intensity)) + 14.0 * static_cast<double>(i), c.py(ly), 6, colour);
  }
  return c.picture;
}

std::string roofline_legend(const std::vector<TimedKernel>& kernels) {
  std::string colours;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const std::size_t k = std::min(i, std::size(kKernelColourNames) - 1);
    colours += (i == 0 ? "" : i + 1 == kernels.size() ? " and " : ", ") + kernels[i].who + " " + kKernelColourNames[k];
  }
  return "The roofline picture: FLOP per byte of the minimum traffic across (1/100 to 10,000), GFLOP/s up, a grid line"
         " at each power of ten; the black roof is the peak bandwidth rising to the FP32 peak, the grey one the"
         " cudaMemcpy's bandwidth where it was timed; the kernels, set a little apart at their one intensity: " +
         colours + ".";
}

}  // namespace kit
