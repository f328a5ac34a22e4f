#include "kit/datasets.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "kit/cases.h"
#include "kit/npy.h"
#include "kit/sha256.h"
#include "kit/teaching_kit_raw.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::string slug(const std::string& name) {
  std::string s;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!s.empty() && s.back() != '-') s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s;
}

}  // namespace

DatasetSummary write_datasets(const Rubric& rubric, const DatasetOptions& o) {
  const ProblemDef* problem = find_problem(rubric.problem);
  DatasetSummary summary;
  const fs::path root = fs::path(o.out_dir) / rubric.assignment;
  summary.folder = root.string();
  fs::remove_all(root);
  fs::create_directories(root);
  const bool raw = o.format == "raw";

  std::map<std::string, std::string> checksums;  // sorted by path: a stable manifest
  nlohmann::json manifest = {{"assignment", rubric.assignment},
                             {"problem", rubric.problem},
                             {"seed", rubric.seed},
                             {"format", o.format},
                             {"regenerate", "grader datasets " + rubric.assignment},
                             {"cases", nlohmann::json::array()}};
  auto write = [&](const fs::path& relative, const std::string& bytes) {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative, std::ios::binary) << bytes;
    checksums[relative.generic_string()] = sha256_hex(bytes);
    ++summary.files;
  };

  for (const TestCase& c : expand_cases(rubric, rubric.seed, /*visible_only=*/true)) {
    std::size_t largest = 0;
    for (const auto& s : problem->inputs->input_shapes(c.dims)) largest = std::max(largest, s.count());
    for (const auto& s : problem->inputs->output_shapes(c.dims)) largest = std::max(largest, s.count());
    if (largest > o.max_elements) {
      summary.skipped.push_back(c.name + " (" + std::to_string(largest) + " elements in its largest array; raise --max-elements)");
      continue;
    }
    nlohmann::json entry = {{"group", c.group}, {"name", c.name}, {"dims", c.dims}, {"seeds", nlohmann::json::array()}};
    const fs::path case_dir = fs::path(slug(c.group)) / slug(c.name);
    for (std::size_t i = 0; i < c.seeds.size(); ++i) {
      const fs::path dir = case_dir / ("seed-" + std::to_string(i + 1));
      const Arrays inputs = problem->inputs->generate_inputs(c.dims, c.seeds[i]);
      const Expected expected = problem->reference(c.dims, inputs);
      const auto in_shapes = problem->inputs->input_shapes(c.dims);
      const auto out_shapes = problem->inputs->output_shapes(c.dims);
      nlohmann::json files = nlohmann::json::array();
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        const auto& s = in_shapes[k];
        const fs::path file = dir / (raw ? "input" + std::to_string(k) + ".raw" : s.name + ".npy");
        write(file, raw ? encode_raw(inputs[k], s.rows, s.cols) : encode_npy(inputs[k], s.rows, s.cols));
        files.push_back({{"array", s.name}, {"role", "input"}, {"path", file.generic_string()}});
      }
      for (std::size_t k = 0; k < out_shapes.size(); ++k) {
        const auto& s = out_shapes[k];
        std::vector<float> values(expected.values[k].begin(), expected.values[k].end());
        const fs::path file = dir / (raw ? (out_shapes.size() == 1 ? "output.raw" : "output" + std::to_string(k) + ".raw")
                                         : s.name + ".npy");
        write(file, raw ? encode_raw(values, s.rows, s.cols) : encode_npy(values, s.rows, s.cols));
        files.push_back({{"array", s.name}, {"role", "expected output"}, {"path", file.generic_string()}});
      }
      entry["seeds"].push_back({{"seed", c.seeds[i]}, {"files", files}});
    }
    manifest["cases"].push_back(entry);
  }
  if (!summary.skipped.empty()) manifest["skipped"] = summary.skipped;
  std::string sums;
  for (const auto& [path, digest] : checksums) sums += digest + "  " + path + "\n";
  std::ofstream(root / "SHA256SUMS", std::ios::binary) << sums;
  std::ofstream(root / "manifest.json", std::ios::binary) << manifest.dump(2) << "\n";
  return summary;
}

}  // namespace kit
