#include "assignment/picture_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "util/errors.h"

#ifdef KIT_HAVE_PNG
#include <png.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

Picture gradient(long width, long height, int channels) {
  Picture p;
  p.width = width;
  p.height = height;
  p.channels = channels;
  for (long i = 0; i < width * height * channels; ++i) p.pixels.push_back(static_cast<unsigned char>((i * 37 + 11) % 256));
  return p;
}

// The message decode_picture throws, or "" when it does not throw.
std::string picture_decode_error(const std::string& bytes) {
  try {
    decode_picture(bytes, "photo.pgm");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

struct PictureTempDir {
  fs::path path;
  PictureTempDir() {
    std::string pattern = (fs::temp_directory_path() / "kit-picture-XXXXXX").string();
    path = ::mkdtemp(pattern.data());
  }
  ~PictureTempDir() { fs::remove_all(path); }
};

TEST(PictureFile, BinaryRoundTripKeepsEveryPixel) {
  for (int channels : {1, 3}) {
    const Picture p = gradient(76, 62, channels);
    const std::string bytes = encode_picture(p, PictureFormat::pnm);
    EXPECT_EQ(bytes.substr(0, 2), channels == 3 ? "P6" : "P5");
    const Picture back = decode_picture(bytes, "p");
    EXPECT_EQ(back.width, 76);
    EXPECT_EQ(back.height, 62);
    EXPECT_EQ(back.channels, channels);
    EXPECT_EQ(back.pixels, p.pixels);
  }
}

TEST(PictureFile, ReadsPlainFilesWithCommentsAnywhereInTheHeader) {
  const Picture grey = decode_picture("P2\n# made by hand\n3 # width\n2\n# maxval next\n255\n0 1 2\n# a row\n253 254 255\n", "g");
  EXPECT_EQ(grey.width, 3);
  EXPECT_EQ(grey.height, 2);
  EXPECT_EQ(grey.pixels, (std::vector<unsigned char>{0, 1, 2, 253, 254, 255}));
  const Picture colour = decode_picture("P3 2 1 255 255 0 0  0 0 255", "c");
  EXPECT_EQ(colour.channels, 3);
  EXPECT_EQ(colour.pixels, (std::vector<unsigned char>{255, 0, 0, 0, 0, 255}));
  const Picture binary = decode_picture(std::string("P5 #c\n2 1\n255\n") + "\x07\xf0", "b");
  EXPECT_EQ(binary.pixels, (std::vector<unsigned char>{7, 240}));
}

TEST(PictureFile, ScalesASmallerMaximumValueToTheFullRange) {
  EXPECT_EQ(decode_picture("P2 3 1 15 0 8 15", "g").pixels, (std::vector<unsigned char>{0, 136, 255}));
  EXPECT_EQ(decode_picture(std::string("P5 2 1 1\n") + std::string("\x00\x01", 2), "g").pixels,
            (std::vector<unsigned char>{0, 255}));
}

TEST(PictureFile, RefusesHostileFilesSayingWhatIsWrong) {
  EXPECT_NE(picture_decode_error("").find("empty"), std::string::npos);
  EXPECT_NE(picture_decode_error("GIF89a").find("not a PGM or PPM"), std::string::npos);
  EXPECT_NE(picture_decode_error("\xff\xd8\xff\xe0").find("JPEG"), std::string::npos);
  EXPECT_NE(picture_decode_error("P4 1 1 \x80").find("bitmap"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 2").find("ends before its height"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 -2 2 255\n").find("width is not a number"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 0 2 255\n").find("no pixels"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 99999999999 2 255\n").find("too many digits"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 100000 100000 255\n").find("largest the grader reads"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 30000 30000 255\n").find("megapixels"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 2 2 65535\n").find("16-bit"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 2 2 0\n").find("maximum value is 0"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 4 4 255\nabc").find("truncated: 16 bytes of pixels expected, 3 are there"), std::string::npos);
  EXPECT_NE(picture_decode_error("P2 4 4 255\n1 2 3").find("truncated"), std::string::npos);
  EXPECT_NE(picture_decode_error("P2 2 1 255\n1 x").find("value 2 is not a number"), std::string::npos);
  EXPECT_NE(picture_decode_error("P2 2 1 100\n1 200\n").find("above the maximum value 100"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 2 1 100\n\x01\xc8").find("above the maximum value 100"), std::string::npos);
  EXPECT_NE(picture_decode_error("P5 2 1 255x\x01\x02").find("where a space belongs"), std::string::npos);
  // Every message names the file.
  EXPECT_NE(picture_decode_error("P5 2").find("photo.pgm"), std::string::npos);
}

TEST(PictureFile, NeverThrowsAnythingButAUserErrorOnCutOrFlippedBytes) {
  const std::string good = encode_picture(gradient(5, 4, 3), PictureFormat::pnm);
  for (std::size_t cut = 0; cut < good.size(); ++cut) {
    try {
      decode_picture(good.substr(0, cut), "p");
    } catch (const UserError&) {
    }
  }
  for (std::size_t at = 0; at < 16; ++at) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x5a);
    try {
      decode_picture(bad, "p");
    } catch (const UserError&) {
    }
  }
}

TEST(PictureFile, FormatComesFromTheExtension) {
  EXPECT_EQ(picture_format_for("a/b.PGM"), PictureFormat::pnm);
  EXPECT_EQ(picture_format_for("b.ppm"), PictureFormat::pnm);
  EXPECT_THROW(picture_format_for("b.jpg"), UserError);
  EXPECT_THROW(picture_format_for("b"), UserError);
  if (png_supported()) {
    EXPECT_EQ(picture_format_for("b.png"), PictureFormat::png);
  } else {
    try {
      picture_format_for("b.png");
      ADD_FAILURE() << "a .png was accepted without libpng";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("without libpng"), std::string::npos);
    }
  }
}

TEST(PictureFile, WritesWholeFilesAndReadsThemBack) {
  PictureTempDir dir;
  const Picture grey = gradient(17, 9, 1);
  write_picture((dir.path / "g.pgm").string(), grey);
  EXPECT_EQ(read_picture((dir.path / "g.pgm").string()).pixels, grey.pixels);
  EXPECT_FALSE(fs::exists(dir.path / "g.pgm.partial"));
  // A grey picture asked for as .ppm is grey in all three channels.
  write_picture((dir.path / "g.ppm").string(), grey);
  const Picture as_ppm = read_picture((dir.path / "g.ppm").string());
  ASSERT_EQ(as_ppm.channels, 3);
  EXPECT_EQ(as_ppm.pixels[3 * 5], grey.pixels[5]);
  EXPECT_EQ(as_ppm.pixels[3 * 5 + 2], grey.pixels[5]);
  EXPECT_THROW(write_picture((dir.path / "c.pgm").string(), gradient(3, 3, 3)), UserError);
  EXPECT_THROW(write_picture((dir.path / "missing" / "g.pgm").string(), grey), UserError);
}

TEST(PictureFile, ReadsOnlyRegularFiles) {
  PictureTempDir dir;
  EXPECT_THROW(read_picture((dir.path / "none.pgm").string()), UserError);
  EXPECT_THROW(read_picture(dir.path.string()), UserError);
}

TEST(PictureFile, PngRoundTripOrAClearRefusal) {
  const Picture colour = gradient(31, 7, 3);
  if (!png_supported()) {
    EXPECT_THROW(encode_picture(colour, PictureFormat::png), UserError);
    EXPECT_NE(picture_decode_error(std::string("\x89PNG\r\n\x1a\n", 8) + "rest").find("without libpng"), std::string::npos);
    return;
  }
  for (int channels : {1, 3}) {
    const Picture p = gradient(31, 7, channels);
    const std::string bytes = encode_picture(p, PictureFormat::png);
    EXPECT_EQ(bytes.substr(1, 3), "PNG");
    const Picture back = decode_picture(bytes, "p.png");
    EXPECT_EQ(back.channels, channels);
    EXPECT_EQ(back.width, 31);
    EXPECT_EQ(back.pixels, p.pixels);
  }
  const std::string good = encode_picture(colour, PictureFormat::png);
  EXPECT_NE(picture_decode_error(good.substr(0, good.size() / 2)).find("PNG"), std::string::npos);
  for (std::size_t cut = 8; cut < good.size(); cut += 7) {
    try {
      decode_picture(good.substr(0, cut), "p");
    } catch (const UserError&) {
    }
  }
}

#ifdef KIT_HAVE_PNG
TEST(PictureFile, RefusesA16BitPng) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = 2;
  image.height = 2;
  image.format = PNG_FORMAT_LINEAR_Y;
  const std::uint16_t pixels[4] = {0, 1000, 30000, 65535};
  png_alloc_size_t size = 0;
  ASSERT_TRUE(png_image_write_get_memory_size(image, size, 0, pixels, 0, nullptr));
  std::string bytes(size, '\0');
  ASSERT_TRUE(png_image_write_to_memory(&image, bytes.data(), &size, 0, pixels, 0, nullptr));
  bytes.resize(size);
  EXPECT_NE(picture_decode_error(bytes).find("16-bit PNG"), std::string::npos);
}

// A PNG written by libpng in `format` (8-bit channels, or a colour map of `colormap`).
std::string png_bytes(png_uint_32 format, const std::vector<unsigned char>& pixels, png_uint_32 width,
                      const std::vector<unsigned char>& colormap = {}) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = 1;
  image.format = format;
  image.colormap_entries = static_cast<png_uint_32>(colormap.size() / 3);
  png_alloc_size_t size = 0;
  const void* map = colormap.empty() ? nullptr : colormap.data();
  EXPECT_TRUE(png_image_write_get_memory_size(image, size, 0, pixels.data(), 0, map));
  std::string bytes(size, '\0');
  EXPECT_TRUE(png_image_write_to_memory(&image, bytes.data(), &size, 0, pixels.data(), 0, map));
  bytes.resize(size);
  return bytes;
}

TEST(PictureFile, ReadsAlphaOntoWhiteAndPalettesAsColour) {
  // An opaque red pixel, then a fully transparent one.
  const Picture rgba = decode_picture(png_bytes(PNG_FORMAT_RGBA, {255, 0, 0, 255, 0, 0, 0, 0}, 2), "a.png");
  EXPECT_EQ(rgba.channels, 3);
  EXPECT_EQ(rgba.pixels, (std::vector<unsigned char>{255, 0, 0, 255, 255, 255}));
  const Picture grey_alpha = decode_picture(png_bytes(PNG_FORMAT_GA, {7, 255, 7, 0}, 2), "ga.png");
  EXPECT_EQ(grey_alpha.channels, 1);
  EXPECT_EQ(grey_alpha.pixels, (std::vector<unsigned char>{7, 255}));
  const Picture palette =
      decode_picture(png_bytes(PNG_FORMAT_RGB_COLORMAP, {1, 0, 1}, 3, {10, 20, 30, 200, 100, 50}), "p.png");
  EXPECT_EQ(palette.channels, 3);
  EXPECT_EQ(palette.pixels, (std::vector<unsigned char>{200, 100, 50, 10, 20, 30, 200, 100, 50}));
}
#endif

}  // namespace
}  // namespace kit
