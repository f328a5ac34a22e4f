#include "assignment/grading_seed.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "assignment/kit_tree.h"
#include "submission/intake.h"
#include "util/errors.h"

namespace kit {

std::optional<std::uint64_t> read_grading_seed(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) return std::nullopt;
  const std::string problem = "the grading seed " + quoted_for_message(path) +
                              " must hold one number (decimal digits, below 2^64): write one, e.g. `od -An -N8 -tu8 "
                              "/dev/urandom > " + quoted_for_message(path) + "`";
  if (status.type() != std::filesystem::file_type::regular || std::filesystem::file_size(path, ec) > 64)
    throw UserError(problem);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    throw UserError(problem);
  errno = 0;
  const unsigned long long seed = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) throw UserError(problem);
  return static_cast<std::uint64_t>(seed);
}

std::optional<std::uint64_t> course_grading_seed() {
  const auto course = course_tree();
  if (!course) return std::nullopt;
  return read_grading_seed((std::filesystem::path(*course) / kGradingSeedFile).string());
}

}  // namespace kit
