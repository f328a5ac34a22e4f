#include "assignment/picture_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "util/errors.h"

#ifdef KIT_HAVE_PNG
#include <png.h>
#endif

namespace kit {
namespace {

namespace fs = std::filesystem;

// A 64-megapixel picture as plain-text PPM (up to four characters a value) stays under this.
constexpr std::uintmax_t kMaxPictureFileBytes = std::uintmax_t{1} << 30;
constexpr const char kPngSignature[] = "\x89PNG\r\n\x1a\n";

[[noreturn]] void refuse(const std::string& name, const std::string& what) {
  throw UserError("cannot read the picture " + name + ": " + what);
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string no_png_message() {
  return "this grader was built without libpng, so it reads and writes PGM/PPM only: convert the picture "
         "(e.g. `convert photo.png photo.ppm` with ImageMagick), or install libpng-dev and build the kit again";
}

// Refuses a size before anything of that size is allocated.
void check_size(const std::string& name, long width, long height) {
  if (width < 1 || height < 1) refuse(name, "it has no pixels (" + std::to_string(width) + "x" + std::to_string(height) + ")");
  if (width > kMaxPictureSide || height > kMaxPictureSide || width * height > kMaxPicturePixels)
    refuse(name, "it is " + std::to_string(width) + "x" + std::to_string(height) + " pixels; the largest the grader reads is " +
                     std::to_string(kMaxPictureSide) + " a side and " + std::to_string(kMaxPicturePixels >> 20) +
                     " megapixels");
}

// The header and raster of a PGM/PPM, read token by token: whitespace and # comments may separate any two.
class PnmReader {
 public:
  PnmReader(const std::string& bytes, const std::string& name) : bytes_(bytes), name_(name) {}

  void skip_space_and_comments() {
    while (pos_ < bytes_.size()) {
      const char c = bytes_[pos_];
      if (c == '#') {
        while (pos_ < bytes_.size() && bytes_[pos_] != '\n' && bytes_[pos_] != '\r') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else {
        return;
      }
    }
  }

  // A decimal number of at most 9 digits; `what` names it in the message when it is not there.
  long number(const std::string& what) {
    skip_space_and_comments();
    if (pos_ >= bytes_.size()) refuse(name_, "the file ends before its " + what);
    std::size_t digits = 0;
    long value = 0;
    while (pos_ < bytes_.size() && std::isdigit(static_cast<unsigned char>(bytes_[pos_]))) {
      if (++digits > 9) refuse(name_, "its " + what + " is not a number the grader can take (too many digits)");
      value = value * 10 + (bytes_[pos_++] - '0');
    }
    if (digits == 0) refuse(name_, "its " + what + " is not a number (found '" + printable(bytes_[pos_]) + "')");
    if (pos_ < bytes_.size() && !std::isspace(static_cast<unsigned char>(bytes_[pos_])) && bytes_[pos_] != '#')
      refuse(name_, "its " + what + " is followed by '" + printable(bytes_[pos_]) + "' where a space belongs");
    return value;
  }

  // The one whitespace character between the header and a binary raster.
  void end_of_header() {
    if (pos_ >= bytes_.size() || !std::isspace(static_cast<unsigned char>(bytes_[pos_])))
      refuse(name_, "the header does not end in a whitespace character before the pixels");
    ++pos_;
  }

  std::size_t remaining() const { return bytes_.size() - pos_; }
  const unsigned char* here() const { return reinterpret_cast<const unsigned char*>(bytes_.data() + pos_); }

 private:
  static std::string printable(char c) {
    if (std::isprint(static_cast<unsigned char>(c))) return std::string(1, c);
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
    return hex;
  }

  const std::string& bytes_;
  const std::string& name_;
  std::size_t pos_ = 2;  // past the magic number
};

Picture decode_pnm(const std::string& bytes, const std::string& name) {
  const char kind = bytes[1];
  const bool plain = kind == '2' || kind == '3';
  PnmReader reader(bytes, name);
  Picture p;
  p.channels = kind == '3' || kind == '6' ? 3 : 1;
  p.width = reader.number("width");
  p.height = reader.number("height");
  check_size(name, p.width, p.height);
  const long maxval = reader.number("maximum value");
  if (maxval < 1) refuse(name, "its maximum value is 0");
  if (maxval > 255)
    refuse(name, "it has 16-bit samples (maximum value " + std::to_string(maxval) +
                     "); the grader reads 8-bit pictures only (maximum value up to 255): convert it, e.g. "
                     "`convert in.pgm -depth 8 out.pgm` with ImageMagick");
  const std::size_t count = static_cast<std::size_t>(p.width * p.height * p.channels);
  // Each value of a plain file takes a digit and a separator at least: a file that cannot hold them all
  // is refused before the pixels are allocated.
  auto scaled = [&](long v) { return static_cast<unsigned char>((v * 255 + maxval / 2) / maxval); };
  if (plain) {
    if (reader.remaining() + 1 < 2 * count)
      refuse(name, "it is truncated: " + std::to_string(count) + " values expected, and the file is too short to hold them");
    p.pixels.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      reader.skip_space_and_comments();
      if (reader.remaining() == 0)
        refuse(name, "it is truncated: " + std::to_string(i) + " of " + std::to_string(count) + " values are there");
      const long v = reader.number("value " + std::to_string(i + 1));
      if (v > maxval)
        refuse(name, "value " + std::to_string(i + 1) + " is " + std::to_string(v) + ", above the maximum value " +
                         std::to_string(maxval));
      p.pixels[i] = scaled(v);
    }
    return p;
  }
  reader.end_of_header();
  if (reader.remaining() < count)
    refuse(name, "it is truncated: " + std::to_string(count) + " bytes of pixels expected, " +
                     std::to_string(reader.remaining()) + " are there");
  p.pixels.assign(reader.here(), reader.here() + count);
  for (std::size_t i = 0; i < count; ++i) {
    if (p.pixels[i] > maxval)
      refuse(name, "byte " + std::to_string(i + 1) + " of the pixels is " + std::to_string(p.pixels[i]) +
                       ", above the maximum value " + std::to_string(maxval));
    if (maxval != 255) p.pixels[i] = scaled(p.pixels[i]);
  }
  return p;
}

std::string encode_pnm(const Picture& p) {
  std::string out = (p.channels == 3 ? "P6\n" : "P5\n") + std::to_string(p.width) + " " + std::to_string(p.height) + "\n255\n";
  out.append(p.pixels.begin(), p.pixels.end());
  return out;
}

#ifdef KIT_HAVE_PNG
// libpng's simplified API: it reports errors in the image's message instead of jumping out of our code.
Picture decode_png(const std::string& bytes, const std::string& name) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()))
    refuse(name, std::string("not a readable PNG: ") + image.message);
  struct Free {
    png_image* image;
    ~Free() { png_image_free(image); }
  } free_on_exit{&image};
  if (image.format & PNG_FORMAT_FLAG_LINEAR)
    refuse(name, "it is a 16-bit PNG; the grader reads 8-bit pictures only: save it with 8 bits per channel");
  check_size(name, static_cast<long>(image.width), static_cast<long>(image.height));
  Picture p;
  p.width = image.width;
  p.height = image.height;
  p.channels = image.format & PNG_FORMAT_FLAG_COLOR ? 3 : 1;
  image.format = p.channels == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
  // A transparent pixel is composited onto what the buffer holds: white, like the page a picture sits on.
  p.pixels.assign(static_cast<std::size_t>(p.width * p.height * p.channels), 255);
  if (!png_image_finish_read(&image, nullptr, p.pixels.data(), 0, nullptr))
    refuse(name, std::string("a damaged PNG: ") + image.message);
  return p;
}

std::string encode_png(const Picture& p) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(p.width);
  image.height = static_cast<png_uint_32>(p.height);
  image.format = p.channels == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
  png_alloc_size_t size = 0;
  if (!png_image_write_get_memory_size(image, size, 0, p.pixels.data(), 0, nullptr))
    throw UserError(std::string("cannot encode a PNG: ") + image.message);
  std::string out(size, '\0');
  if (!png_image_write_to_memory(&image, out.data(), &size, 0, p.pixels.data(), 0, nullptr))
    throw UserError(std::string("cannot encode a PNG: ") + image.message);
  out.resize(size);
  return out;
}
#endif

// A grey picture as RGB, each grey copied to R, G and B.
Picture as_colour(const Picture& grey) {
  Picture p = grey;
  p.channels = 3;
  p.pixels.resize(grey.pixels.size() * 3);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i) p.pixels[3 * i] = p.pixels[3 * i + 1] = p.pixels[3 * i + 2] = grey.pixels[i];
  return p;
}

}  // namespace

unsigned char pixel_value(double value) {
  if (!std::isfinite(value)) return 0;
  return static_cast<unsigned char>(std::lround(std::min(255.0, std::max(0.0, value))));
}

Picture picture_of(const HostArray& array) {
  const std::vector<long>& shape = array.spec.shape;
  if (!(shape.size() == 2 || (shape.size() == 3 && shape[2] == 3)) || shape[0] < 1 || shape[1] < 1)
    throw std::runtime_error(array.spec.name + " (" + format_dims(shape) + ") is not a picture");
  Picture p;
  p.height = shape[0];
  p.width = shape[1];
  p.channels = shape.size() == 3 ? 3 : 1;
  p.pixels.resize(array.spec.count());
  for (std::size_t i = 0; i < p.pixels.size(); ++i) p.pixels[i] = pixel_value(array.value(i));
  return p;
}

bool png_supported() {
#ifdef KIT_HAVE_PNG
  return true;
#else
  return false;
#endif
}

PictureFormat picture_format_for(const std::string& path) {
  const std::string ext = lower(fs::path(path).extension().string());
  if (ext == ".pgm" || ext == ".ppm" || ext == ".pnm") return PictureFormat::pnm;
  if (ext == ".png") {
    if (!png_supported()) throw UserError("cannot use " + path + ": " + no_png_message());
    return PictureFormat::png;
  }
  throw UserError("cannot tell the picture format of " + path + " from its extension: use .pgm or .ppm" +
                  (png_supported() ? " or .png" : " (this grader was built without libpng, so not .png)"));
}

std::string picture_extension(const Picture& picture, PictureFormat format) {
  if (format == PictureFormat::png) return ".png";
  return picture.channels == 3 ? ".ppm" : ".pgm";
}

Picture decode_picture(const std::string& bytes, const std::string& name) {
  if (bytes.size() >= 8 && bytes.compare(0, 8, kPngSignature, 8) == 0) {
#ifdef KIT_HAVE_PNG
    return decode_png(bytes, name);
#else
    refuse(name, "it is a PNG, and " + no_png_message());
#endif
  }
  if (bytes.size() >= 2 && bytes[0] == 'P') {
    const char kind = bytes[1];
    if (kind == '2' || kind == '3' || kind == '5' || kind == '6') return decode_pnm(bytes, name);
    if (kind == '1' || kind == '4') refuse(name, "it is a 1-bit bitmap (PBM); save it as a PGM or PPM");
    if (kind == '7') refuse(name, "it is a PAM (P7); save it as a PGM (P5) or PPM (P6)");
  }
  if (bytes.size() >= 3 && bytes.compare(0, 3, "\xff\xd8\xff") == 0)
    refuse(name, std::string("it is a JPEG; save it as ") + (png_supported() ? "a PNG, " : "") + "a PPM or a PGM");
  if (bytes.empty()) refuse(name, "the file is empty");
  refuse(name, std::string("it is not a PGM or PPM (P2, P3, P5, P6)") + (png_supported() ? " or a PNG" : "") +
                   ": its first bytes are not one of their signatures");
}

std::string encode_picture(const Picture& picture, PictureFormat format) {
  if (picture.channels != 1 && picture.channels != 3)
    throw UserError("a picture has 1 or 3 channels, not " + std::to_string(picture.channels));
  if (picture.width < 1 || picture.height < 1 ||
      picture.pixels.size() != static_cast<std::size_t>(picture.width * picture.height * picture.channels))
    throw UserError("a picture of " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                    " pixels cannot hold " + std::to_string(picture.pixels.size()) + " values");
  if (format == PictureFormat::png) {
#ifdef KIT_HAVE_PNG
    return encode_png(picture);
#else
    throw UserError("cannot write a PNG: " + no_png_message());
#endif
  }
  return encode_pnm(picture);
}

Picture read_picture(const std::string& path) {
  std::error_code error;
  if (!fs::exists(path, error)) throw UserError("cannot read the picture " + path + ": it does not exist");
  if (!fs::is_regular_file(path, error)) throw UserError("cannot read the picture " + path + ": it is not a regular file");
  const std::uintmax_t size = fs::file_size(path, error);
  if (error) throw UserError("cannot read the picture " + path + ": " + error.message());
  if (size > kMaxPictureFileBytes)
    throw UserError("cannot read the picture " + path + ": the file is " + std::to_string(size >> 20) +
                    " MiB; the largest the grader reads is " + std::to_string(kMaxPictureFileBytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read the picture " + path + ": " + std::strerror(errno));
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return decode_picture(bytes, path);
}

void write_picture(const std::string& path, const Picture& picture) {
  const PictureFormat format = picture_format_for(path);
  const std::string ext = lower(fs::path(path).extension().string());
  if (ext == ".pgm" && picture.channels == 3)
    throw UserError("cannot write " + path + ": it is a colour picture, and a .pgm holds grey ones; use .ppm" +
                    std::string(png_supported() ? " or .png" : ""));
  const std::string bytes = encode_picture(ext == ".ppm" && picture.channels == 1 ? as_colour(picture) : picture, format);
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError("cannot write " + path + ": " + std::strerror(errno));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      std::error_code ignored;
      fs::remove(temporary, ignored);
      throw UserError("cannot write " + path + ": the disk refused the bytes");
    }
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) {
    fs::remove(temporary, error);
    throw UserError("cannot write " + path + ": " + error.message());
  }
}

}  // namespace kit
