#include "build/kernel_listing.h"

#include <cxxabi.h>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

#include "build/build_steps.h"
#include "os/build_config.h"
#include "os/process.h"
#include "util/errors.h"
#include "util/text.h"

namespace fs = std::filesystem;

namespace kit {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string joined_lines(const std::vector<std::string>& lines, std::size_t begin, std::size_t end) {
  while (end > begin && lines[end - 1].find_first_not_of(" \t\r") == std::string::npos) --end;
  std::string text;
  for (std::size_t i = begin; i < end; ++i) text += lines[i] + "\n";
  return text;
}

// The same names ptxas's report is given in (build.h demangles it), so that the two can be matched.
std::string demangled_symbol(const std::string& symbol) {
  int status = 0;
  char* text = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  if (status != 0 || text == nullptr) return symbol;
  std::string name = text;
  std::free(text);
  return name;
}

// "transposeNaive" of "transposeNaive(float*, int)", and "tiled" of "void tiled<16>(float*)".
std::string plain_name(const std::string& demangled) {
  std::string name = demangled.substr(0, demangled.find('('));
  name = name.substr(0, name.find('<'));
  const std::size_t space = name.rfind(' ');
  return space == std::string::npos ? name : name.substr(space + 1);
}

// A compile step's log without its first line, the command (build_steps.h puts it there): what the
// student needs of a failure is nvcc's messages, not the grader's work folders.
std::string messages_of(const BuildOutcome& outcome) {
  const std::size_t end_of_command = outcome.log.find('\n');
  std::string text = end_of_command == std::string::npos ? "" : outcome.log.substr(end_of_command + 1);
  if (!outcome.ok && !outcome.summary.empty()) text += (text.empty() || text.back() == '\n' ? "" : "\n") + outcome.summary + "\n";
  return text;
}

// Runs the disassembler on the cubin, in the compile's sandbox; on success its listing, else "" and `why`.
std::string disassembly_of(const std::string& tool, const std::string& cubin, const BuildSpec& spec, std::string* why) {
  ProcessRequest request;
  const bool nvdisasm = fs::path(tool).filename() == "nvdisasm";
  request.argv = nvdisasm ? std::vector<std::string>{tool, "-g", "-c", cubin} : std::vector<std::string>{tool, "-sass", cubin};
  request.working_dir = spec.output_dir;
  request.timeout_s = spec.timeout_s;
  request.max_output_bytes = 32u << 20;
  request.sandbox = spec.sandbox;
  const ProcessResult p = run_process(request);
  if (p.ok()) return p.out;
  *why = fs::path(tool).filename().string() + " failed (" +
         (p.sandbox_failed ? "its sandbox could not be made: " + p.start_error : describe_ending(p, spec.timeout_s)) +
         ")" + (p.err.empty() ? "" : ": " + first_line(p.err));
  return {};
}

void add_sass(KernelListings& listings, const std::string& nvcc, const std::string& cubin, const BuildSpec& spec) {
  const std::string tool = disassembler_beside(nvcc);
  if (tool.empty()) {
    listings.no_sass = "neither nvdisasm nor cuobjdump is beside nvcc (" + fs::path(nvcc).parent_path().string() +
                       "): they come with the CUDA toolkit (packages cuda-nvdisasm, cuda-cuobjdump)";
    return;
  }
  const std::string disassembly = disassembly_of(tool, cubin, spec, &listings.no_sass);
  if (disassembly.empty()) return;
  listings.sass_by = tool;
  const bool has_line_info = fs::path(tool).filename() == "nvdisasm";
  const std::string source_name = fs::path(spec.source).filename().string();
  const std::string source_text = has_line_info ? read_text_file(spec.source) : "";
  for (const KernelCode& code : split_sass_by_kernel(disassembly))
    for (KernelListing& kernel : listings.kernels)
      if (kernel.symbol == code.symbol)
        kernel.sass = has_line_info ? interleave_source(code.text, source_name, source_text) : code.text;
}

}  // namespace

KernelListings list_kernels(const BuildSpec& spec, const ListingRequest& request) {
  const std::string& nvcc = build_config().nvcc;
  if (nvcc.empty())
    throw UserError("grader asm needs nvcc, and this kit was built without it: install the CUDA toolkit and build the "
                    "kit again (README.md, \"Requirements\")");
  fs::create_directories(spec.output_dir);
  const std::string ptx = (fs::path(spec.output_dir) / "kernels.ptx").string();
  const std::string cubin = (fs::path(spec.output_dir) / "kernels.cubin").string();
  std::vector<std::string> common = {nvcc, "-std=c++17", "-arch=" + request.arch, "-lineinfo"};
  add_common_includes(common, spec);
  std::vector<std::string> to_ptx = common, to_cubin = common;
  to_ptx.insert(to_ptx.end(), {"-ptx", "--source-in-ptx", "-o", ptx, source_file_name(spec)});
  to_cubin.insert(to_cubin.end(), {"-cubin", "--resource-usage", "-o", cubin, source_file_name(spec)});

  KernelListings listings;
  const BuildOutcome made_ptx = run_compiler(to_ptx, spec, ptx, "nvcc");
  if (!made_ptx.ok) {
    listings.log = messages_of(made_ptx);
    return listings;
  }
  const BuildOutcome made_cubin = run_compiler(to_cubin, spec, cubin, "nvcc");
  listings.log = messages_of(made_cubin);
  if (!made_cubin.ok) return listings;
  listings.ok = true;

  const std::vector<KernelResources> resources = parse_resource_usage(made_cubin.log);
  for (const KernelCode& code : split_ptx_by_kernel(read_text_file(ptx))) {
    KernelListing kernel;
    kernel.symbol = code.symbol;
    kernel.name = demangled_symbol(code.symbol);
    kernel.ptx = code.text;
    kernel.resources.name = kernel.name;
    for (const KernelResources& r : resources)
      if (r.name == kernel.name) kernel.resources = r;
    listings.kernels.push_back(kernel);
  }
  if (request.sass) add_sass(listings, nvcc, cubin, spec);
  return listings;
}

std::vector<KernelCode> split_ptx_by_kernel(const std::string& ptx) {
  static const std::regex entry(R"(^\s*(?:\.(?:visible|weak|extern)\s+)*\.entry\s+([A-Za-z_$%][\w$%.]*))");
  // What --source-in-ptx writes: "//transpose.cu:12 __global__ void copyMatrix(...)".
  static const std::regex source_comment(R"(^//\S+:\d+ )");
  const std::vector<std::string> lines = lines_of(ptx);
  std::vector<KernelCode> kernels;
  std::smatch m;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!std::regex_search(lines[i], m, entry)) continue;
    std::size_t begin = i;
    while (begin > 0 && std::regex_search(lines[begin - 1], source_comment)) --begin;
    std::size_t end = i + 1;
    while (end < lines.size() && lines[end].rfind('}', 0) != 0) ++end;
    if (end < lines.size()) ++end;  // the closing brace is the kernel's
    kernels.push_back({m[1], joined_lines(lines, begin, end)});
    i = end - 1;
  }
  return kernels;
}

std::vector<KernelCode> split_sass_by_kernel(const std::string& disassembly) {
  // cuobjdump: "Function : _Z10copyMatrixPfPKfii" ... a line of dots. nvdisasm: the function's section,
  // ".text._Z10copyMatrixPfPKfii", named in its header comment, its .section line and its label.
  static const std::regex function_header(R"(^\s*Function\s*:\s*(\S+))");
  static const std::regex text_section(R"(\.text\.([A-Za-z_$][\w$.]*))");
  static const std::regex cuobjdump_end(R"(^\s*\.{5,}\s*$)");
  // What follows the last function: nvdisasm's symbol table, under a header of its own.
  static const std::regex other_section(R"(^\s*(\.section\s+|//-+ )(?!\s|\.text\.))");
  const std::vector<std::string> lines = lines_of(disassembly);
  std::vector<KernelCode> functions;
  std::size_t begin = 0;
  bool inside = false;
  auto close = [&](std::size_t end) {
    if (inside) functions.back().text = joined_lines(lines, begin, end);
    inside = false;
  };
  std::smatch m;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (std::regex_search(line, m, function_header) ||
        (std::regex_search(line, m, text_section) && !(inside && m[1] == functions.back().symbol))) {
      close(i);
      functions.push_back({m[1], ""});
      begin = i;
      inside = true;
    } else if (inside && (std::regex_search(line, cuobjdump_end) || std::regex_search(line, other_section))) {
      close(i);
    }
  }
  close(lines.size());
  return functions;
}

std::string interleave_source(const std::string& sass, const std::string& source_name, const std::string& source_text) {
  static const std::regex mark(R"re(^(\s*)//## File "([^"]+)", line (\d+))re");
  const std::vector<std::string> source = lines_of(source_text);
  const std::string file = fs::path(source_name).filename().string();
  std::string text;
  std::smatch m;
  for (const std::string& line : lines_of(sass)) {
    if (std::regex_search(line, m, mark) && fs::path(m[2].str()).filename() == file) {
      const std::size_t number = std::stoul(m[3]);
      if (number >= 1 && number <= source.size()) {
        text += m[1].str() + "//" + file + ":" + m[3].str() + " " + source[number - 1] + "\n";
        continue;
      }
    }
    text += line + "\n";
  }
  return text;
}

std::string disassembler_beside(const std::string& nvcc) {
  std::error_code ec;
  std::vector<fs::path> folders = {fs::path(nvcc).parent_path()};
  // Debian's /usr/bin/nvcc is a link into the toolkit; its tools may be in either place.
  const fs::path real = fs::canonical(nvcc, ec);
  if (!ec && real.parent_path() != folders.front()) folders.push_back(real.parent_path());
  for (const char* tool : {"nvdisasm", "cuobjdump"})
    for (const fs::path& folder : folders)
      if (fs::is_regular_file(folder / tool, ec)) return (folder / tool).string();
  return {};
}

bool kernel_is_named(const KernelListing& kernel, const std::string& wanted) {
  return wanted == kernel.name || wanted == kernel.symbol || wanted == plain_name(kernel.name);
}

}  // namespace kit
