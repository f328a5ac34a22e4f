// Picture files a person can open: 8-bit greyscale and RGB pictures as PGM/PPM (written binary, P5/P6;
// read in all four forms P2/P3/P5/P6) and as PNG where the kit was built with libpng. The datasets,
// the pictures of a failed test and `grader run` read and write them here.
//
// The files read are the user's (a photo for `grader run`) and may be anything: every problem with one
// is a UserError naming the file and what is wrong, and no size is allocated before it is known to be
// sane and backed by the file's bytes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kit/array.h"

namespace kit {

// width x height pixels, rows top to bottom; 1 channel (grey) or 3 (R, G, B interleaved), 0..255 each.
struct Picture {
  long width = 0;
  long height = 0;
  int channels = 1;
  std::vector<unsigned char> pixels;  // height * width * channels
};

// The largest picture the kit reads: a side and a pixel count far beyond any photo a student runs a
// kernel on, well below what would exhaust memory.
constexpr long kMaxPictureSide = 1L << 15;
constexpr long kMaxPicturePixels = 1L << 26;

// A value shown as a pixel: rounded to the nearest whole number and held to 0..255; NaN and Inf are black.
unsigned char pixel_value(double value);

// An array of a picture problem, height x width (grey) or height x width x 3 (RGB), as a picture, each
// value by pixel_value. Throws std::runtime_error for another shape.
Picture picture_of(const HostArray& array);

enum class PictureFormat { pnm, png };

// True when the kit was built with libpng (PNG files can be read and written).
bool png_supported();

// The format a file name asks for: .pgm, .ppm, .pnm -> pnm; .png -> png (any letter case). Throws
// UserError for another extension, and for .png when the kit has no libpng, saying so.
PictureFormat picture_format_for(const std::string& path);

// The extension a picture is written with in `format`: ".pgm" or ".ppm" by its channels, or ".png".
std::string picture_extension(const Picture& picture, PictureFormat format);

// The bytes of a file; `name` (the file's name) only goes into error messages. The format is told by
// the bytes, not the name. Throws UserError.
Picture decode_picture(const std::string& bytes, const std::string& name);
std::string encode_picture(const Picture& picture, PictureFormat format);

// Reads a regular file of at most a sane size. Throws UserError.
Picture read_picture(const std::string& path);

// Writes whole or not at all (a temporary file, then a rename), in the format of `path`'s extension. A
// grey picture written as .ppm has its grey copied to R, G and B; a colour picture cannot be a .pgm.
// Throws UserError.
void write_picture(const std::string& path, const Picture& picture);

}  // namespace kit
