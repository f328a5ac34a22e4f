#include "run/failure_pictures.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "kit/poison.h"
#include "util/errors.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

Picture blank_picture(long width, long height, int channels) {
  Picture p;
  p.width = width;
  p.height = height;
  p.channels = channels;
  p.pixels.assign(static_cast<std::size_t>(width * height * channels), 0);
  return p;
}

// The difference picture's levels rank what went wrong: a pixel shows its worst channel.
unsigned char worse(unsigned char a, unsigned char b) { return std::max(a, b); }

void make_folder(const std::string& folder) {
  std::error_code error;
  fs::create_directories(folder, error);
  if (error || !fs::is_directory(folder))
    throw UserError("cannot write the pictures of a failed test to " + folder + ": " +
                    (error ? error.message() : std::string("it is not a folder")));
}

}  // namespace

unsigned char difference_level(const WrongPicture& wrong, std::size_t index) {
  if (!wrong.comparison.wrong_elements[index]) return kDifferenceRight;
  // The comparison's own verdict (compare.cpp): never written in any seed's run.
  if (index < wrong.comparison.unwritten_elements.size() && wrong.comparison.unwritten_elements[index])
    return kDifferenceNeverWritten;
  const double got = wrong.got.value(index);
  if (!std::isfinite(got)) return kDifferenceNonFinite;
  const double error = std::min(255.0, std::fabs(got - wrong.expected[index]));
  return static_cast<unsigned char>(kDifferenceSmallest +
                                    std::lround(error * (kDifferenceLargest - kDifferenceSmallest) / 255.0));
}

FailurePictures make_failure_pictures(const WrongPicture& wrong) {
  const std::vector<long>& shape = wrong.got.spec.shape;
  const bool grey = shape.size() == 2;
  if (!(grey || (shape.size() == 3 && shape[2] == 3)) || shape[0] < 1 || shape[1] < 1 ||
      wrong.expected.size() != wrong.got.spec.count() || wrong.comparison.wrong_elements.size() != wrong.expected.size())
    throw std::runtime_error("the output " + wrong.got.spec.name + " (" + format_dims(shape) + ") is not a picture");
  const long height = shape[0], width = shape[1];
  const int channels = grey ? 1 : 3;
  FailurePictures p;
  p.output = blank_picture(width, height, channels);
  p.expected = blank_picture(width, height, channels);
  p.difference = blank_picture(width, height, 1);
  p.never_written = blank_picture(width, height, 1);
  for (std::size_t i = 0; i < wrong.expected.size(); ++i) {
    const bool poison = wrong.comparison.wrong_elements[i] && i < wrong.comparison.unwritten_elements.size() &&
                        wrong.comparison.unwritten_elements[i];
    p.output.pixels[i] = poison ? 0 : pixel_value(wrong.got.value(i));
    p.expected.pixels[i] = pixel_value(wrong.expected[i]);
    const std::size_t pixel = i / channels;
    p.difference.pixels[pixel] = worse(p.difference.pixels[pixel], difference_level(wrong, i));
    if (poison) p.never_written.pixels[pixel] = kMaskNeverWritten;
  }
  return p;
}

std::vector<std::string> write_failure_pictures(const WrongPicture& wrong, const std::string& folder,
                                                const std::string& stem) {
  const FailurePictures pictures = make_failure_pictures(wrong);
  make_folder(folder);
  const std::pair<const char*, const Picture*> named[] = {{"output", &pictures.output},
                                                          {"expected", &pictures.expected},
                                                          {"difference", &pictures.difference},
                                                          {"never-written", &pictures.never_written}};
  std::vector<PictureFormat> formats = {PictureFormat::pnm};
  if (png_supported()) formats.push_back(PictureFormat::png);
  std::vector<std::string> paths;
  for (PictureFormat format : formats)
    for (const auto& [what, picture] : named) {
      const std::string path =
          (fs::path(folder) / (stem + "-" + what + picture_extension(*picture, format))).string();
      write_picture(path, *picture);
      paths.push_back(path);
    }
  return paths;
}

std::vector<std::string> copy_failure_pictures(const std::vector<std::string>& paths, const std::string& folder) {
  if (paths.empty()) return {};
  make_folder(folder);
  std::vector<std::string> copied;
  for (const std::string& path : paths) {
    const fs::path target = fs::path(folder) / fs::path(path).filename();
    std::error_code error;
    fs::copy_file(path, target, fs::copy_options::overwrite_existing, error);
    if (error) throw UserError("cannot write the picture " + target.string() + ": " + error.message());
    copied.push_back(target.string());
  }
  return copied;
}

std::string failure_pictures_folder(const std::string& pictures, const std::string& output) {
  if (!pictures.empty()) return pictures;
  if (!output.empty()) {
    const fs::path file(output);
    return (file.parent_path() / (file.stem().string() + "-pictures")).string();
  }
  return "grader-pictures";
}

std::string describe_pictures(const std::vector<std::string>& paths) {
  std::vector<std::string> shown;
  bool png = false;
  for (const std::string& path : paths) {
    if (fs::path(path).extension() == ".png") png = true;
    else shown.push_back(path);
  }
  if (shown.empty()) shown = paths;
  if (shown.empty()) return "";
  std::string text = "pictures: ";
  if (shown.size() == 1) {
    text += shown.front();
  } else {
    // The part every path shares, up to a '-' or '/', and the braces hold what differs.
    std::size_t prefix = shown.front().size();
    for (const std::string& path : shown)
      prefix = std::min(prefix, static_cast<std::size_t>(
                                    std::mismatch(path.begin(), path.begin() + std::min(path.size(), prefix),
                                                  shown.front().begin()).first - path.begin()));
    while (prefix > 0 && shown.front()[prefix - 1] != '-' && shown.front()[prefix - 1] != '/') --prefix;
    std::size_t suffix = 0;
    const std::string& first = shown.front();
    auto same_suffix = [&](std::size_t n) {
      for (const std::string& path : shown)
        if (path.size() < prefix + n || path.compare(path.size() - n, n, first, first.size() - n, n) != 0) return false;
      return true;
    };
    while (suffix < first.size() - prefix && same_suffix(suffix + 1)) ++suffix;
    while (suffix > 0 && first[first.size() - suffix] != '.') --suffix;
    text += first.substr(0, prefix) + "{";
    for (std::size_t i = 0; i < shown.size(); ++i)
      text += (i ? "," : "") + shown[i].substr(prefix, shown[i].size() - prefix - suffix);
    text += "}" + first.substr(first.size() - suffix);
  }
  if (png && shown.size() < paths.size()) text += " (also as .png)";
  return text;
}

std::string picture_stem(const std::string& group, const std::string& name) {
  std::string stem;
  for (char c : group + " " + name) {
    if (c == '\'') continue;  // "the course's" -> "the-courses"
    if (std::isalnum(static_cast<unsigned char>(c))) stem += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!stem.empty() && stem.back() != '-') stem += '-';
  }
  while (!stem.empty() && stem.back() == '-') stem.pop_back();
  return stem.empty() ? "test" : stem.substr(0, 120);
}

}  // namespace kit
