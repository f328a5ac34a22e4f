#include "release/datasets.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "assignment/cases.h"
#include "assignment/picture_file.h"
#include "release/teaching_kit_raw.h"
#include "util/npy.h"
#include "util/sha256.h"

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

// The Teaching Kit's .raw text holds float matrices: rows, cols, then the values.
bool raw_can_hold(const ArraySpec& spec) { return spec.dtype == DType::f32 && spec.shape.size() == 2; }

std::string encode_raw_array(const HostArray& a) {
  std::vector<float> values(a.spec.count());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(a.value(i));
  return encode_raw(values, a.spec.shape[0], a.spec.shape[1]);
}

}  // namespace

DatasetSummary write_datasets(const Rubric& rubric, const DatasetOptions& o) {
  DatasetSummary summary;
  const fs::path root = fs::path(o.out_dir) / rubric.assignment;
  summary.folder = root.string();
  fs::remove_all(root);
  fs::create_directories(root);
  const bool raw = o.format == "raw";

  std::map<std::string, std::string> checksums;  // sorted by path: a stable manifest
  nlohmann::json manifest = {{"assignment", rubric.assignment},
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
  // A picture problem's arrays also as pictures a person can open, beside the arrays (listed under their
  // own roles, so a tool that reads "input" files still finds one per array).
  auto write_picture_of = [&](const fs::path& dir, const HostArray& array, const std::string& role,
                              nlohmann::json& files) {
    const Picture picture = picture_of(array);
    const fs::path file = dir / (array.spec.name + picture_extension(picture, PictureFormat::pnm));
    write(file, encode_picture(picture, PictureFormat::pnm));
    files.push_back({{"array", array.spec.name}, {"role", role}, {"path", file.generic_string()}});
  };

  for (const TestCase& c : expand_cases(rubric, rubric.seed, /*visible_only=*/true)) {
    const Problem& problem = *c.function->problem;
    const auto in_specs = problem.inputs(c.dims);
    const auto out_specs = problem.outputs(c.dims);
    std::size_t largest = 0;
    bool raw_ok = true;
    for (const auto* specs : {&in_specs, &out_specs})
      for (const ArraySpec& s : *specs) {
        largest = std::max(largest, s.count());
        raw_ok = raw_ok && raw_can_hold(s);
      }
    if (largest > o.max_elements) {
      summary.skipped.push_back(c.name + " (" + std::to_string(largest) + " elements in its largest array; raise --max-elements)");
      continue;
    }
    if (raw && !raw_ok) {
      summary.skipped.push_back(c.name + " (the Teaching Kit's .raw format holds float matrices only; use --format npy)");
      continue;
    }
    nlohmann::json entry = {{"group", c.group}, {"name", c.name}, {"function", c.function->name},
                            {"problem", problem.name}, {"dims", c.dims}, {"seeds", nlohmann::json::array()}};
    nlohmann::json recipes = nlohmann::json::array();
    for (std::size_t k = 0; k < in_specs.size(); ++k)
      recipes.push_back({{"array", in_specs[k].name}, {"values", describe_recipe(c.inputs->recipes[k])}});
    entry["inputs"] = recipes;
    const fs::path case_dir = fs::path(slug(c.group)) / slug(c.name);
    for (std::size_t i = 0; i < c.seeds.size(); ++i) {
      const fs::path dir = case_dir / ("seed-" + std::to_string(i + 1));
      const Arrays inputs = generate_inputs(problem, *c.inputs, c.dims, c.seeds[i]);
      // A dataset is what the CPU backend runs: a device's answer is its virtual device's.
      const Expected expected = problem.device_reference
                                    ? problem.device_reference(virtual_device_limits(c.device), c.dims, inputs)
                                    : problem.reference(c.dims, c.knobs, inputs);
      nlohmann::json files = nlohmann::json::array();
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        const fs::path file = dir / (raw ? "input" + std::to_string(k) + ".raw" : in_specs[k].name + ".npy");
        write(file, raw ? encode_raw_array(inputs[k]) : encode_npy(inputs[k]));
        files.push_back({{"array", in_specs[k].name}, {"role", "input"}, {"path", file.generic_string()}});
        if (problem.pictures) write_picture_of(dir, inputs[k], "input picture", files);
      }
      for (std::size_t k = 0; k < out_specs.size(); ++k) {
        HostArray out = make_array(out_specs[k]);
        for (std::size_t e = 0; e < out.spec.count(); ++e) out.set(e, expected.values[k][e]);
        const fs::path file = dir / (raw ? (out_specs.size() == 1 ? "output.raw" : "output" + std::to_string(k) + ".raw")
                                         : out_specs[k].name + ".npy");
        write(file, raw ? encode_raw_array(out) : encode_npy(out));
        files.push_back({{"array", out_specs[k].name}, {"role", "expected output"}, {"path", file.generic_string()}});
        if (problem.pictures) write_picture_of(dir, out, "expected output picture", files);
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
