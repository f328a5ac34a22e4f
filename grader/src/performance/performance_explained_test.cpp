#include "performance/performance_explained.h"

#include <gtest/gtest.h>

#include <cmath>

namespace kit {
namespace {

// Round figures of an H200-sized GPU, chosen for the arithmetic, not measured: 4,800 GB/s, 66,908 GFLOP/s
// (132 SMs x 128 lanes x 2 x 1.98 GHz), and a copy that reached 3,900 GB/s.
Roofs h200() { return {"NVIDIA H200", 4800, 66908, 3900}; }

Work transpose_8192() { return {0, 8192.0 * 8192 * 4, 8192.0 * 8192 * 4}; }
Work matmul_4096() { return {2.0 * 4096 * 4096 * 4096, 2.0 * 4096 * 4096 * 4, 4096.0 * 4096 * 4}; }
Work vector_add(double n) { return {n, 2 * n * 4, n * 4}; }

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

TEST(PerformanceExplained, ACopyIsMeasuredAgainstBandwidthAlone) {
  const std::string text = explain_time({"yours", transpose_8192(), 0.213}, h200());
  EXPECT_TRUE(has(text, "moves at least 537 MB (each input read once, each output written once) in 0.213 ms")) << text;
  EXPECT_TRUE(has(text, "2,521 GB/s of effective bandwidth")) << text;
  EXPECT_TRUE(has(text, "65% of the 3,900 GB/s cudaMemcpy reached in the same rounds")) << text;
  EXPECT_TRUE(has(text, "53% of NVIDIA H200's peak of 4,800 GB/s")) << text;
  EXPECT_TRUE(has(text, "bandwidth is its only roof")) << text;
  EXPECT_FALSE(has(text, "GFLOP")) << text;
}

TEST(PerformanceExplained, AMatmulIsUnderTheComputeRoof) {
  const TimedKernel k{"yours", matmul_4096(), 16.7};
  const RooflinePoint p = roofline_point(k, h200());
  EXPECT_NEAR(p.intensity, 682.7, 0.1);  // 2 x 4096 FLOP per 3 x 4 bytes of each output's share
  EXPECT_TRUE(p.compute_bound);
  EXPECT_DOUBLE_EQ(p.roof, 66908);
  const std::string text = explain_time(k, h200());
  EXPECT_TRUE(has(text, "Your kernel does 137 GFLOP in 16.7 ms: 8,230 GFLOP/s, 12% of NVIDIA H200's FP32 peak of 66,908 GFLOP/s."))
      << text;
  EXPECT_TRUE(has(text, "intensity is 683 FLOP per byte of the least traffic it needs, 201 MB (each input read once"))
      << text;
  EXPECT_TRUE(has(text, "above the 13.9 where the roofs meet, so the FP32 peak is its roof")) << text;
  EXPECT_FALSE(has(text, "GB/s")) << text;  // bandwidth is beside the point here
}

TEST(PerformanceExplained, AVectorAddIsUnderTheBandwidthRoof) {
  const TimedKernel k{"yours", vector_add(1 << 26), 0.2};
  const RooflinePoint p = roofline_point(k, h200());
  EXPECT_NEAR(p.intensity, 1.0 / 12, 1e-12);
  EXPECT_FALSE(p.compute_bound);
  EXPECT_NEAR(p.roof, 400, 1e-9);  // 4,800 GB/s x 1/12 FLOP per byte
  const std::string text = explain_time(k, h200());
  EXPECT_TRUE(has(text, "At 0.083 FLOP per byte, below the 13.9 where NVIDIA H200's roofs meet, its roof is bandwidth: "
                        "400 GFLOP/s at most, and it reaches 84% of it.")) << text;
  EXPECT_TRUE(has(text, "of effective bandwidth")) << text;
}

TEST(PerformanceExplained, NothingIsSaidWithoutATimeOrARoof) {
  EXPECT_EQ(explain_time({"yours", transpose_8192(), 0}, h200()), "");
  EXPECT_EQ(explain_time({"yours", transpose_8192(), 0.2}, Roofs{}), "");
  // Without a copy in the rubric the sentence leaves it out.
  Roofs no_copy = h200();
  no_copy.copy_gbs = 0;
  EXPECT_FALSE(has(explain_time({"yours", transpose_8192(), 0.213}, no_copy), "cudaMemcpy"));
}

// The pixel at (x, y) of an RGB picture.
std::array<int, 3> pixel(const Picture& p, long x, long y) {
  const unsigned char* v = &p.pixels[static_cast<std::size_t>((y * p.width + x) * 3)];
  return {v[0], v[1], v[2]};
}

// Whether a pixel of that colour lies within `radius` of (x, y).
bool colour_near(const Picture& p, long x, long y, std::array<int, 3> colour, long radius) {
  for (long dy = -radius; dy <= radius; ++dy)
    for (long dx = -radius; dx <= radius; ++dx)
      if (x + dx >= 0 && y + dy >= 0 && x + dx < p.width && y + dy < p.height && pixel(p, x + dx, y + dy) == colour)
        return true;
  return false;
}

TEST(PerformanceExplained, TheRooflineDrawsTheRoofAndEachKernelBelowIt) {
  const std::vector<TimedKernel> kernels = {{"yours", matmul_4096(), 16.7},
                                            {"reference", matmul_4096(), 13.0},
                                            {"naive", matmul_4096(), 60.0}};
  Picture drawn = draw_roofline(kernels, h200());
  ASSERT_EQ(drawn.width, 640);
  ASSERT_EQ(drawn.height, 400);
  ASSERT_EQ(drawn.channels, 3);
  if (png_supported()) {  // what a student opens: the PNG, decoded again
    drawn = decode_picture(encode_picture(drawn, PictureFormat::png), "roofline.png");
    ASSERT_EQ(drawn.width, 640);
  }
  // The axes: x from 10^-2 to 10^4 over 24..616, y from 10^0 to 10^5 GFLOP/s over 376..24.
  auto px = [](double lx) { return std::lround(24 + (lx + 2) / 6 * 592); };
  auto py = [](double ly) { return std::lround(376 - (ly - 0) / 5 * 352); };
  const double lx = std::log10(4096.0 * 2 / 12);
  // Yours, red, at 8,230 GFLOP/s; the reference blue just right of it, the naive kernel green lower.
  EXPECT_TRUE(colour_near(drawn, px(lx), py(std::log10(8230)), {220, 30, 30}, 2));
  EXPECT_TRUE(colour_near(drawn, px(lx) + 14, py(std::log10(2.0 * 4096 * 4096 * 4096 / 13e-3 / 1e9)), {40, 90, 220}, 2));
  EXPECT_TRUE(colour_near(drawn, px(lx) + 28, py(std::log10(2.0 * 4096 * 4096 * 4096 / 60e-3 / 1e9)), {30, 160, 60}, 2));
  EXPECT_FALSE(colour_near(drawn, px(lx), py(std::log10(8230)) - 60, {220, 30, 30}, 3));
  // The roof: flat at the FP32 peak right of the ridge, rising with the bandwidth left of it.
  EXPECT_TRUE(colour_near(drawn, px(3.5), py(std::log10(66908)), {0, 0, 0}, 2));
  EXPECT_TRUE(colour_near(drawn, px(0), py(std::log10(4800)), {0, 0, 0}, 2));
  EXPECT_TRUE(colour_near(drawn, px(0), py(std::log10(3900)), {150, 150, 150}, 2));  // the copy's roof
  EXPECT_EQ(pixel(drawn, px(3.5), py(2.5)), (std::array<int, 3>{255, 255, 255}));  // under the roof, empty
}

TEST(PerformanceExplained, NoRooflineForAProblemWithoutArithmetic) {
  EXPECT_EQ(draw_roofline({{"yours", transpose_8192(), 0.213}}, h200()).width, 0);
  EXPECT_EQ(draw_roofline({}, h200()).width, 0);
}

TEST(PerformanceExplained, TheLegendNamesEachKernelsColour) {
  EXPECT_TRUE(has(roofline_legend({{"yours", {}, 1}, {"reference", {}, 1}, {"naive", {}, 1}}),
                  "yours red, reference blue and naive green."));
}

}  // namespace
}  // namespace kit
