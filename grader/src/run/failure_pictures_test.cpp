#include "run/failure_pictures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <unistd.h>

#include "kit/poison.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "kit-failure-pictures-XXXXXX").string();
    path = ::mkdtemp(pattern.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

constexpr std::uint64_t kPictureSeed = 7;

// A height x width output (x 3 for colour) with every kind of pixel: right, wrong by a little, wrong by
// a lot, NaN, Inf, and never written (the poison left as the runner wrote it).
WrongPicture wrong_picture_sample(DType dtype, long height, long width, int channels) {
  std::vector<long> shape = {height, width};
  if (channels == 3) shape.push_back(3);
  WrongPicture w;
  w.seed = kPictureSeed;
  w.got = make_array({"out", dtype, shape});
  fill_poison(w.got, kPictureSeed);
  const std::size_t n = w.got.spec.count();
  for (std::size_t i = 0; i < n; ++i) {
    w.expected.push_back(static_cast<double>((i * 29) % 200));
    switch (i % 7) {
      case 0: case 1: w.got.set(i, w.expected[i]); break;               // right
      case 2: w.got.set(i, w.expected[i] + 1); break;                   // off by one
      case 3: w.got.set(i, w.expected[i] > 100 ? 0 : 255); break;       // far off
      case 4:                                                           // not finite (floats only)
        if (dtype == DType::f32) w.got.set(i, i % 2 ? std::numeric_limits<double>::infinity() : std::nan(""));
        else w.got.set(i, w.expected[i]);
        break;
      case 5: break;                                                    // never written
      default: w.got.set(i, w.expected[i] + 30); break;
    }
  }
  Tolerance exact;
  exact.policy = Tolerance::Policy::exact;
  w.comparison = compare_output(w.got, w.expected, std::vector<double>(n, 0.0), exact, kPictureSeed);
  return w;
}

// What the comparison says of one element, as the difference picture must show it.
unsigned char level_from_comparison(const WrongPicture& w, std::size_t i) {
  if (!w.comparison.wrong_elements[i]) return kDifferenceRight;
  if (is_poison(w.got, i, w.seed)) return kDifferenceNeverWritten;
  const double got = w.got.value(i);
  if (!std::isfinite(got)) return kDifferenceNonFinite;
  const double error = std::min(255.0, std::fabs(got - w.expected[i]));
  EXPECT_GT(error, 0);
  return static_cast<unsigned char>(std::lround(kDifferenceSmallest + error * (kDifferenceLargest - kDifferenceSmallest) / 255));
}

// Reads back the written difference picture and mask and holds every pixel to the comparison.
void check_written(const WrongPicture& w, int channels) {
  TempDir dir;
  const std::vector<std::string> paths = write_failure_pictures(w, dir.path.string(), "small-5x4");
  ASSERT_EQ(paths.size(), png_supported() ? 8u : 4u);
  const std::string ext = channels == 3 ? ".ppm" : ".pgm";
  EXPECT_EQ(paths[0], (dir.path / ("small-5x4-output" + ext)).string());
  const long height = w.got.spec.shape[0], width = w.got.spec.shape[1];
  std::vector<std::string> formats = {".pgm"};
  if (png_supported()) formats.push_back(".png");
  for (const std::string& format : formats) {
    SCOPED_TRACE(format);
    const Picture difference = read_picture((dir.path / ("small-5x4-difference" + format)).string());
    const Picture mask = read_picture((dir.path / ("small-5x4-never-written" + format)).string());
    const Picture output = read_picture((dir.path / ("small-5x4-output" + (format == ".pgm" ? ext : format))).string());
    ASSERT_EQ(difference.width, width);
    ASSERT_EQ(difference.height, height);
    ASSERT_EQ(difference.channels, 1);
    ASSERT_EQ(mask.channels, 1);
    ASSERT_EQ(output.channels, channels);
    std::size_t wrong_pixels = 0, never_written_pixels = 0;
    for (long pixel = 0; pixel < width * height; ++pixel) {
      unsigned char worst = kDifferenceRight;
      bool any_poison = false, any_wrong = false;
      for (int c = 0; c < channels; ++c) {
        const std::size_t i = static_cast<std::size_t>(pixel * channels + c);
        worst = std::max(worst, level_from_comparison(w, i));
        any_poison = any_poison || (w.comparison.wrong_elements[i] && is_poison(w.got, i, w.seed));
        any_wrong = any_wrong || w.comparison.wrong_elements[i];
      }
      EXPECT_EQ(difference.pixels[pixel], worst) << "pixel " << pixel;
      EXPECT_EQ(mask.pixels[pixel], any_poison ? kMaskNeverWritten : 0) << "pixel " << pixel;
      EXPECT_EQ(difference.pixels[pixel] == kDifferenceRight, !any_wrong) << "pixel " << pixel;
      wrong_pixels += any_wrong;
      never_written_pixels += any_poison;
    }
    if (channels == 1) {
      EXPECT_EQ(wrong_pixels, w.comparison.wrong);
      EXPECT_EQ(never_written_pixels, w.comparison.never_written);
    }
    // The output as the code left it: right elements as they are, never-written ones black.
    for (std::size_t i = 0; i < w.expected.size(); ++i) {
      if (!w.comparison.wrong_elements[i]) {
        EXPECT_EQ(output.pixels[i], w.expected[i]) << "element " << i;
      } else if (is_poison(w.got, i, w.seed)) {
        EXPECT_EQ(output.pixels[i], 0) << "element " << i;
      }
    }
  }
}

TEST(FailurePictures, DifferenceAndMaskMatchTheComparisonPixelByPixel) {
  for (DType dtype : {DType::f32, DType::u8}) {
    SCOPED_TRACE(dtype_name(dtype));
    const WrongPicture w = wrong_picture_sample(dtype, 4, 5, 1);
    ASSERT_GT(w.comparison.never_written, 0u);
    if (dtype == DType::f32) {
      ASSERT_GT(w.comparison.non_finite, 0u);
    }
    check_written(w, 1);
  }
}

TEST(FailurePictures, AColourOutputShowsTheWorstChannelOfEachPixel) {
  const WrongPicture w = wrong_picture_sample(DType::u8, 4, 5, 3);
  check_written(w, 3);
}

TEST(FailurePictures, BiggerErrorsAreBrighter) {
  WrongPicture w = wrong_picture_sample(DType::f32, 1, 4, 1);
  const double errors[] = {0, 1, 50, 1000};
  for (std::size_t i = 0; i < 4; ++i) w.got.set(i, w.expected[i] + errors[i]);
  Tolerance exact;
  exact.policy = Tolerance::Policy::exact;
  w.comparison = compare_output(w.got, w.expected, std::vector<double>(4, 0.0), exact, kPictureSeed);
  EXPECT_EQ(difference_level(w, 0), kDifferenceRight);
  EXPECT_EQ(difference_level(w, 1), kDifferenceSmallest);
  EXPECT_GE(difference_level(w, 1), 128);  // the smallest error is at least mid-grey: seen on the black
  EXPECT_LT(difference_level(w, 1), difference_level(w, 2));
  EXPECT_EQ(difference_level(w, 3), kDifferenceLargest);
}

TEST(FailurePictures, ARightOutputIsAllBlack) {
  WrongPicture w = wrong_picture_sample(DType::f32, 3, 3, 1);
  for (std::size_t i = 0; i < w.expected.size(); ++i) w.got.set(i, w.expected[i]);
  w.comparison = compare_output(w.got, w.expected, std::vector<double>(9, 0.0), Tolerance{}, kPictureSeed);
  const FailurePictures p = make_failure_pictures(w);
  for (unsigned char level : p.difference.pixels) EXPECT_EQ(level, kDifferenceRight);
  for (unsigned char level : p.never_written.pixels) EXPECT_EQ(level, 0);
  EXPECT_EQ(p.output.pixels, p.expected.pixels);
}

TEST(FailurePictures, RefusesAnOutputThatIsNotAPicture) {
  WrongPicture w;
  w.got = make_array({"v", DType::f32, {12}});
  w.expected.assign(12, 0.0);
  w.comparison.wrong_elements.assign(12, false);
  EXPECT_THROW(make_failure_pictures(w), std::runtime_error);
}

TEST(FailurePictures, FolderFromTheOptions) {
  EXPECT_EQ(failure_pictures_folder("pics", "out/result.json"), "pics");
  EXPECT_EQ(failure_pictures_folder("", "out/result.json"), "out/result-pictures");
  EXPECT_EQ(failure_pictures_folder("", "result.json"), "result-pictures");
  EXPECT_EQ(failure_pictures_folder("", ""), "grader-pictures");
}

TEST(FailurePictures, StemsAreFileNames) {
  EXPECT_EQ(picture_stem("small pictures", "76x62"), "small-pictures-76x62");
  EXPECT_EQ(picture_stem("../..", "/"), "test");
  EXPECT_EQ(picture_stem("the course's 76x62 picture", "76x62"), "the-courses-76x62-picture-76x62");
  EXPECT_EQ(picture_stem("Random sizes", "random size 3: 412x17"), "random-sizes-random-size-3-412x17");
}

TEST(FailurePictures, OneLineNamesThemAll) {
  EXPECT_EQ(describe_pictures({}), "");
  EXPECT_EQ(describe_pictures({"p/t-output.pgm", "p/t-expected.pgm", "p/t-difference.pgm", "p/t-never-written.pgm",
                               "p/t-output.png", "p/t-expected.png", "p/t-difference.png", "p/t-never-written.png"}),
            "pictures: p/t-{output,expected,difference,never-written}.pgm (also as .png)");
  EXPECT_EQ(describe_pictures({"p/t-output.ppm", "p/t-expected.ppm", "p/t-difference.pgm", "p/t-never-written.pgm"}),
            "pictures: p/t-{output.ppm,expected.ppm,difference.pgm,never-written.pgm}");
  EXPECT_EQ(describe_pictures({"a.pgm"}), "pictures: a.pgm");
}

TEST(FailurePictures, CopiesKeepTheNames) {
  TempDir dir;
  const WrongPicture w = wrong_picture_sample(DType::u8, 2, 3, 1);
  const std::vector<std::string> written = write_failure_pictures(w, (dir.path / "staged").string(), "t");
  const std::vector<std::string> copied = copy_failure_pictures(written, (dir.path / "final" / "pics").string());
  ASSERT_EQ(copied.size(), written.size());
  for (std::size_t i = 0; i < copied.size(); ++i) {
    EXPECT_EQ(fs::path(copied[i]).filename(), fs::path(written[i]).filename());
    EXPECT_TRUE(fs::exists(copied[i]));
  }
}

}  // namespace
}  // namespace kit
