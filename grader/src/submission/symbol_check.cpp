#include "submission/symbol_check.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "os/process.h"

namespace kit {
namespace {

struct Rule {
  const char* prefix;  // a symbol equal to it, or starting with it followed by the rest of a name
  bool exact;
  const char* reason;
};

// What no submission may call. Each entry names the way around the grader it closes.
const Rule kRules[] = {
    {"dlopen", true, "loads a library the grader never sees (cuBLAS, the reference)"},
    {"dlmopen", true, "loads a library the grader never sees"},
    {"dlsym", true, "looks up a function by a name the grader cannot read"},
    {"dlvsym", true, "looks up a function by a name the grader cannot read"},
    {"__libc_dlopen_mode", true, "loads a library the grader never sees"},
    {"cuGetProcAddress", false, "reaches the CUDA driver around the runtime the grader watches"},
    {"cudaGetDriverEntryPoint", false, "reaches the CUDA driver around the runtime the grader watches"},
    {"cuMem", false, "calls the CUDA driver API directly, around the runtime the grader watches"},
    {"cuLaunch", false, "calls the CUDA driver API directly, around the runtime the grader watches"},
    {"cuModule", false, "calls the CUDA driver API directly, around the runtime the grader watches"},
    {"cuCtx", false, "calls the CUDA driver API directly, around the runtime the grader watches"},
    // Runtime entry points the record of calls does not follow (answer_flow.h): memory they allocate,
    // copy or launch into would be invisible to the judgement of where an answer came from.
    {"cudaMemcpy2D", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpy3D", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyPeer", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyToArray", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyFromArray", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyArrayToArray", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyBatch", false, "copies memory by a route the grader's record does not follow: use cudaMemcpy"},
    {"cudaMemcpyToSymbolAsync", true, "copies memory by a route the grader's record does not follow: use cudaMemcpyToSymbol"},
    {"cudaMemcpyFromSymbolAsync", true, "copies memory by a route the grader's record does not follow: use cudaMemcpyFromSymbol"},
    {"cudaMemset2D", false, "sets memory by a route the grader's record does not follow: use cudaMemset"},
    {"cudaMemset3D", false, "sets memory by a route the grader's record does not follow: use cudaMemset"},
    {"cudaMallocPitch", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaMalloc3D", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaMallocArray", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaMallocMipmappedArray", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaMallocAsync", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaMallocFromPoolAsync", false, "allocates memory the grader's record does not follow: use cudaMalloc"},
    {"cudaFreeAsync", false, "frees memory by a route the grader's record does not follow: use cudaFree"},
    {"cudaHostRegister", false, "maps host memory for kernels by a route the grader's record does not follow: use cudaMallocHost"},
    {"cudaHostGetDevicePointer", false, "hands kernels host memory by a route the grader's record does not follow"},
    {"cudaGraph", false, "runs copies and kernels from a graph the grader's record does not follow"},
    {"cudaStreamBeginCapture", false, "captures copies and kernels into a graph the grader's record does not follow"},
    {"cudaLaunchCooperativeKernel", false, "launches a kernel by a route the grader's record does not follow: use <<<...>>>"},
    {"cudaLaunchKernelExC", false, "launches a kernel by a route the grader's record does not follow: use <<<...>>>"},
    {"cublas", false, "calls cuBLAS: the assignment is to write the kernel"},
    {"cusparse", false, "calls cuSPARSE: the assignment is to write the kernel"},
    {"cufft", false, "calls cuFFT: the assignment is to write the kernel"},
    {"cudnn", false, "calls cuDNN: the assignment is to write the kernel"},
    {"fork", true, "starts another process"},
    {"vfork", true, "starts another process"},
    {"clone", true, "starts another process"},
    {"clone3", true, "starts another process"},
    {"execve", true, "runs another program"},
    {"execv", true, "runs another program"},
    {"execvp", true, "runs another program"},
    {"execvpe", true, "runs another program"},
    {"execl", true, "runs another program"},
    {"execlp", true, "runs another program"},
    {"execle", true, "runs another program"},
    {"posix_spawn", true, "runs another program"},
    {"posix_spawnp", true, "runs another program"},
    {"system", true, "runs a shell command"},
    {"popen", true, "runs a shell command"},
    {"pthread_create", true, "starts a thread that works outside the timed call"},
    {"std::thread::_M_start_thread", false, "starts a thread that works outside the timed call"},
    {"syscall", true, "makes raw system calls"},
    {"ptrace", true, "inspects or changes another process"},
    {"kill", true, "signals another process (the grader)"},
    {"prctl", true, "changes how the process is treated"},
    {"mprotect", true, "changes memory protection (the harness's or the timer's code)"},
    {"pkey_mprotect", true, "changes memory protection (the pages the runtime protects)"},
    {"pkey_alloc", true, "changes memory protection (the pages the runtime protects)"},
    {"mremap", true, "moves or copies a mapping (the pages the runtime protects)"},
    {"remap_file_pages", true, "moves a mapping (the pages the runtime protects)"},
    {"process_vm_readv", true, "reads another process's memory"},
    {"process_vm_writev", true, "writes another process's memory"},
    {"write", true, "writes to a file descriptor directly (the grader's private channel)"},
    {"writev", true, "writes to a file descriptor directly (the grader's private channel)"},
    {"pwrite", true, "writes to a file descriptor directly"},
    {"pwrite64", true, "writes to a file descriptor directly"},
    {"dup", true, "duplicates a file descriptor (the grader's private channel)"},
    {"dup2", true, "duplicates a file descriptor (the grader's private channel)"},
    {"dup3", true, "duplicates a file descriptor (the grader's private channel)"},
    {"fdopen", true, "opens a stream on a file descriptor (the grader's private channel)"},
    {"close", true, "closes a file descriptor (the grader's private channel)"},
    {"close_range", true, "closes file descriptors (the grader's private channel)"},
    {"fcntl", true, "moves or changes a file descriptor (the grader's private channel)"},
    {"fcntl64", true, "moves or changes a file descriptor (the grader's private channel)"},
    {"socket", true, "opens a network connection"},
    {"connect", true, "opens a network connection"},
    {"__real_", false, "calls around the grader's record of runtime calls"},
    {"__wrap_", false, "calls into the grader's record of runtime calls"},
    {"kit::", false, "calls into the kit's runner (its record of runtime calls, its timer, its channel)"},
    {"kitcpu::", false, "calls into the CPU backend's own runtime (its record of runtime calls)"},
};

// The instructions that enter the kernel without a function the symbol list would show.
bool is_system_call(const std::string& mnemonic, const std::string& operands) {
  return mnemonic == "syscall" || mnemonic == "sysenter" || mnemonic == "svc" ||
         (mnemonic == "int" && operands.find("0x80") != std::string::npos);
}

// The per-thread default stream's twins of the runtime's functions (cudaMemcpy_ptds,
// cudaMemcpyAsync_ptsz): the grader's record follows only the launch's (__cudaLaunchKernel_ptsz).
bool per_thread_stream_twin(const std::string& name) {
  const bool twin = name.size() > 5 && (name.compare(name.size() - 5, 5, "_ptds") == 0 ||
                                        name.compare(name.size() - 5, 5, "_ptsz") == 0);
  return twin && name.rfind("cu", 0) == 0 && name != "__cudaLaunchKernel_ptsz";
}

// `symbol` is `name`, or `name` followed by what continues an identifier's suffix (cublasSgemm_v2,
// cuMemcpyDtoH_v2): a rule's prefix covers every function whose name starts with it.
bool matches(const std::string& symbol, const std::string& name, bool exact) {
  if (exact) return symbol == name || symbol.rfind(name + "@", 0) == 0;
  return symbol.rfind(name, 0) == 0;
}

// What a binutils tool prints about `object`, or "" with `error` set.
std::string binutils_output(const std::string& tool, const std::vector<std::string>& options,
                            const std::string& object, const std::optional<SandboxSpec>& sandbox, std::string* error) {
  ProcessRequest req;
  req.argv = {tool};
  req.argv.insert(req.argv.end(), options.begin(), options.end());
  req.argv.push_back(object);
  req.timeout_s = 60;
  req.max_output_bytes = 64 << 20;
  req.sandbox = sandbox;
  const ProcessResult p = run_process(req);
  if (p.output_truncated) {  // a partial listing could miss what the rest holds
    *error = tool + " printed more than " + std::to_string(req.max_output_bytes >> 20) +
             " MiB: the compiled file is too large to check";
    return "";
  }
  if (!p.ok()) {
    *error = tool + " " + describe_ending(p, req.timeout_s) + ": " + p.err;
    return "";
  }
  return p.out;
}

std::vector<std::string> nm_symbols(const std::string& object, std::vector<std::string> which,
                                    const std::optional<SandboxSpec>& sandbox, std::string* error) {
  which.push_back("--format=just-symbols");
  std::vector<std::string> symbols;
  std::istringstream lines(binutils_output("nm", which, object, sandbox, error));
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty()) symbols.push_back(line);
  return symbols;
}

std::string demangled(const std::string& symbol) {
  int status = 0;
  char* text = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  std::string name = status == 0 && text ? text : symbol;
  std::free(text);
  return name;
}

// Why defining `raw` (a symbol as the linker names it) replaces code the grader relies on, or nullptr.
const char* replaced_because(const std::string& raw) {
  const std::string name = demangled(raw);
  if (name.rfind("kit::", 0) == 0 || name.find(" for kit::") != std::string::npos)
    return "replaces the kit's own code in the runner (its timer, its channel, its harness)";
  if (raw == "main") return "replaces the runner's main";
  if (raw.rfind("__wrap_", 0) == 0 || raw.rfind("__real_", 0) == 0)
    return "replaces the grader's record of runtime calls";
  // C names only: the CUDA runtime's and driver's functions are extern "C", a student's own helper
  // named cudaCheck is a mangled C++ name and stays allowed.
  if (raw.rfind("cuda", 0) == 0 || raw.rfind("__cuda", 0) == 0 ||
      (raw.size() > 2 && raw.rfind("cu", 0) == 0 && std::isupper(static_cast<unsigned char>(raw[2]))))
    return "replaces a function of the CUDA runtime the grader watches";
  if (raw.rfind("kit_", 0) == 0) return "replaces the kit's own code in the runner";
  return nullptr;
}

}  // namespace

std::vector<std::string> undefined_symbols(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                           std::string* error) {
  return nm_symbols(object, {"--undefined-only", "--demangle"}, sandbox, error);
}

std::vector<std::string> defined_symbols(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                         std::string* error) {
  return nm_symbols(object, {"--defined-only", "--extern-only"}, sandbox, error);
}

std::vector<ForbiddenUse> system_call_instructions(const std::string& object, const std::optional<SandboxSpec>& sandbox,
                                                   std::string* error) {
  std::vector<ForbiddenUse> uses;
  std::istringstream lines(binutils_output("objdump", {"--disassemble", "--no-show-raw-insn", "--demangle"}, object,
                                           sandbox, error));
  std::string line, function = "?";
  while (std::getline(lines, line)) {
    // "0000000000000000 <matmul(float const*)>:" starts a function; "  1c:\tsyscall" is an instruction.
    if (line.size() > 2 && line.compare(line.size() - 2, 2, ">:") == 0 && line.find('<') != std::string::npos) {
      function = line.substr(line.find('<') + 1, line.size() - line.find('<') - 3);
      continue;
    }
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find(':') > tab) continue;
    std::istringstream instruction(line.substr(tab + 1));
    std::string mnemonic, operands;
    instruction >> mnemonic;
    std::getline(instruction, operands);
    if (is_system_call(mnemonic, operands))
      uses.push_back({function, "its machine code makes a system call (" + mnemonic + ", inline assembly), which goes around every check"});
  }
  return uses;
}

std::vector<ForbiddenUse> replaced_definitions(const std::vector<std::string>& defined) {
  std::vector<ForbiddenUse> uses;
  for (const std::string& raw : defined)
    if (const char* why = replaced_because(raw)) uses.push_back({demangled(raw), why});
  return uses;
}

std::vector<ForbiddenUse> forbidden_uses(const std::vector<std::string>& symbols,
                                         const std::vector<std::string>& rubric_forbidden) {
  std::vector<ForbiddenUse> uses;
  for (const std::string& symbol : symbols) {
    // A C++ name's function part: "std::thread::_M_start_thread(...)" keeps its qualification.
    const std::string name = symbol.substr(0, symbol.find('('));
    bool found = false;
    for (const Rule& rule : kRules)
      if (!found && matches(name, rule.prefix, rule.exact)) {
        uses.push_back({name, rule.reason});
        found = true;
      }
    if (!found && per_thread_stream_twin(name)) {
      uses.push_back({name, "is the per-thread default stream's twin of a runtime function, a route the grader's "
                            "record does not follow: call the function itself"});
      found = true;
    }
    for (const std::string& forbidden : rubric_forbidden)
      if (!found && matches(name, forbidden, false)) {
        uses.push_back({name, "the assignment forbids " + forbidden});
        found = true;
      }
  }
  return uses;
}

}  // namespace kit
