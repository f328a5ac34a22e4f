// The pictures of a failed correctness test whose arrays are pictures (Problem::pictures): the output as
// the student's code left it, the expected picture, a difference picture and a mask of the pixels never
// written, so a student sees where a blur went wrong instead of reading a list of coordinates.
//
// A correctness run makes them for the first failing seed of a test, into the grading's own work folder;
// the grading then copies them to the folder the user asked for (--pictures, docs/pictures.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "assignment/picture_file.h"
#include "kit/array.h"
#include "kit/compare.h"

namespace kit {

// The levels of the difference picture. Right pixels are black; a wrong one is at least
// kDifferenceSmallest, mid-grey, so that an error of 1 stands out on the black (a border a kernel misses
// is a frame one pixel wide, which a darker grey hid), and brighter with the size of its error up to
// kDifferenceLargest for an error of 255 or more. Two levels above those mark what has no size.
constexpr unsigned char kDifferenceRight = 0;
constexpr unsigned char kDifferenceSmallest = 128;
constexpr unsigned char kDifferenceLargest = 208;
constexpr unsigned char kDifferenceNonFinite = 232;    // NaN or Inf where the expected value is finite
constexpr unsigned char kDifferenceNeverWritten = 255;  // still holds the poison (poison.h)

// The mask: white where a pixel was never written, black elsewhere.
constexpr unsigned char kMaskNeverWritten = 255;

// One wrong output of a picture problem, as the comparison saw it.
struct WrongPicture {
  HostArray got;                  // height x width, or height x width x 3
  std::vector<double> expected;   // the reference, one value per element of `got`
  Comparison comparison;          // compare_output(got, expected, ...) with the same seed
  std::uint64_t seed = 0;         // the run's input seed: it fixes the poison of integer outputs
};

struct FailurePictures {
  Picture output;         // values rounded and held to 0..255; NaN and Inf shown black
  Picture expected;
  Picture difference;     // one grey level per pixel (the worst of its channels), levels above
  Picture never_written;  // the mask
};

// The level of one element in the difference picture.
unsigned char difference_level(const WrongPicture& wrong, std::size_t index);

// Throws std::runtime_error when `got` is not a picture's shape (a kit bug: the problem says it is one).
FailurePictures make_failure_pictures(const WrongPicture& wrong);

// Writes the four pictures into `folder` (made when missing) as <stem>-output.pgm, -expected.pgm,
// -difference.pgm and -never-written.pgm (.ppm for a colour output), and the same as .png where PNG is
// supported. Returns the paths written, the .pgm/.ppm ones first. Throws UserError when the folder
// cannot be written.
std::vector<std::string> write_failure_pictures(const WrongPicture& wrong, const std::string& folder,
                                                const std::string& stem);

// Copies pictures written by write_failure_pictures into `folder` (made when missing), under the same
// names, and returns their new paths. Throws UserError when the folder cannot be made or written.
std::vector<std::string> copy_failure_pictures(const std::vector<std::string>& paths, const std::string& folder);

// Where the pictures of `check` and `grade` go: `pictures` when given; else beside the --output file, in a
// folder named after it (result.json -> result-pictures); else grader-pictures in the current folder.
std::string failure_pictures_folder(const std::string& pictures, const std::string& output);

// The line a report shows under a failed test with pictures: "pictures: grader-pictures/small-76x62-
// {output,expected,difference,never-written}.pgm (also as .png)" (a shell expands the braces). Empty
// when there are none.
std::string describe_pictures(const std::vector<std::string>& paths);

// A file-name stem for a test: its group and name in lower case, runs of other characters as one '-'.
std::string picture_stem(const std::string& group, const std::string& name);

}  // namespace kit
