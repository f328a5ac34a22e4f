// Checks that the rewriter refuses a test of every macro that tells the CPU backend from nvcc, as the
// compilers installed here define them: nvcc's (-E -Xcompiler -dM of an empty .cu file, which is what
// its device pass sees; the host pass sees a subset) against g++ -dM of kitcpu.h with each flavour's
// flags. A name defined by one and not the other, or defined differently, must be refused, except the
// declaration specifiers both define (__global__...), whose expansions differ but which no #if can use.
//
//   kitcpu_backend_macros_check --nvcc PATH --cxx PATH --include DIR... --flags "FLAGS"...
// Prints each name the rewriter lets through and exits 1 if there is one.
#include <kitcpu/rewrite.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using MacroSet = std::map<std::string, std::string>;  // name -> the rest of its #define line

MacroSet macros_of(const std::string& command) {
  MacroSet macros;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return macros;
  char buffer[8192];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) {
    std::istringstream line(buffer);
    std::string define, name;
    line >> define >> name;
    if (define != "#define") continue;
    const auto paren = name.find('(');
    std::string rest;
    std::getline(line, rest);
    macros[name.substr(0, paren)] = name.substr(paren == std::string::npos ? name.size() : paren) + rest;
  }
  if (pclose(pipe) != 0) macros.clear();
  return macros;
}

bool refused(const std::string& name) {
  try {
    kitcpu::rewrite_cuda_source("#ifdef " + name + "\n#endif\n", "check.cu");
  } catch (const kitcpu::RewriteError&) {
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::string nvcc, cxx, includes;
  std::vector<std::string> flavours;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--nvcc") nvcc = argv[i + 1];
    if (flag == "--cxx") cxx = argv[i + 1];
    if (flag == "--include") includes += " -I" + std::string(argv[i + 1]);
    if (flag == "--flags") flavours.emplace_back(argv[i + 1]);
  }
  const std::string work = "kitcpu_backend_macros";
  std::ofstream(work + ".cu") << "\n";
  std::ofstream(work + ".cpp") << "#include <kitcpu/kitcpu.h>\n";

  const MacroSet under_nvcc = macros_of(nvcc + " -std=c++17 -E -Xcompiler -dM " + work + ".cu 2>/dev/null");
  if (under_nvcc.empty()) {
    std::cerr << "could not list nvcc's macros with " << nvcc << "\n";
    return 1;
  }
  const std::set<std::string> specifiers = {"__global__",      "__device__",        "__host__",
                                            "__shared__",      "__constant__",      "__managed__",
                                            "__forceinline__", "__launch_bounds__", "__align__"};
  std::set<std::string> different;
  for (const std::string& flags : flavours) {
    const MacroSet on_cpu = macros_of(cxx + " -std=c++17 " + flags + includes + " -E -dM " + work + ".cpp");
    if (on_cpu.empty()) {
      std::cerr << "could not list the CPU backend's macros with " << cxx << " " << flags << "\n";
      return 1;
    }
    for (const auto& [name, definition] : on_cpu) {
      const auto other = under_nvcc.find(name);
      if (other == under_nvcc.end() || (other->second != definition && specifiers.count(name) == 0)) {
        different.insert(name);
      }
    }
    for (const auto& entry : under_nvcc) {
      if (on_cpu.count(entry.first) == 0) different.insert(entry.first);
    }
  }

  int missed = 0;
  for (const std::string& name : different) {
    if (!refused(name)) {
      std::cout << "not refused: #ifdef " << name << "\n";
      ++missed;
    }
  }
  std::cout << different.size() << " macros differ between nvcc and the CPU backend; " << missed
            << " not refused (add them to src/backend_macros.cpp)\n";
  return missed == 0 ? 0 : 1;
}
