#include "submission/symbol_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "os/process.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names(const std::vector<ForbiddenUse>& uses) {
  std::vector<std::string> out;
  for (const ForbiddenUse& u : uses) out.push_back(u.symbol);
  return out;
}

TEST(SymbolCheck, WhatEverySubmissionMayNotCallIsFound) {
  const std::vector<std::string> symbols = {
      "cudaMalloc", "cudaMemcpy", "cudaLaunchKernel", "__cudaPushCallConfiguration", "printf", "malloc",
      "dlopen", "dlsym", "cublasSgemm_v2", "cuMemcpyDtoH_v2", "cuGetProcAddress_v2", "fork", "syscall",
      "pthread_create", "write", "std::thread::_M_start_thread(std::unique_ptr<std::thread::_State, "
      "std::default_delete<std::thread::_State> >, void (*)())", "__real_cudaMemcpy", "std::ostream::write(char const*, long)",
      "close", "fcntl", "kit::stop_recording()", "kitcpu::take_captured_calls()", "closedir", "std::ofstream::close()"};
  const std::vector<ForbiddenUse> uses = forbidden_uses(symbols, {});
  EXPECT_EQ(names(uses), (std::vector<std::string>{"dlopen", "dlsym", "cublasSgemm_v2", "cuMemcpyDtoH_v2",
                                                   "cuGetProcAddress_v2", "fork", "syscall", "pthread_create", "write",
                                                   "std::thread::_M_start_thread", "__real_cudaMemcpy", "close", "fcntl",
                                                   "kit::stop_recording", "kitcpu::take_captured_calls"}));
  for (const ForbiddenUse& u : uses) EXPECT_FALSE(u.reason.empty()) << u.symbol;
}

// The calls that reopen or move the pages the runtime protects, or read another process's memory.
TEST(SymbolCheck, MprotectsRelativesAreRefusedToo) {
  const std::vector<std::string> symbols = {"pkey_mprotect", "pkey_alloc", "mremap", "remap_file_pages",
                                            "process_vm_readv", "process_vm_writev", "mmap", "munmap", "madvise"};
  EXPECT_EQ(names(forbidden_uses(symbols, {})),
            (std::vector<std::string>{"pkey_mprotect", "pkey_alloc", "mremap", "remap_file_pages", "process_vm_readv",
                                      "process_vm_writev"}));
}

TEST(SymbolCheck, TheRubricsNamesMatchAsPrefixes) {
  const std::vector<ForbiddenUse> uses = forbidden_uses({"cublasLtMatmul", "thrust_sort", "cudaMemcpy"}, {"thrust"});
  ASSERT_EQ(uses.size(), 2u);
  EXPECT_EQ(uses[1].symbol, "thrust_sort");
  EXPECT_EQ(uses[1].reason, "the assignment forbids thrust");
}

TEST(SymbolCheck, RoutesTheRecordOfCallsDoesNotFollowAreRefusedByName) {
  // The record follows these (runtime_record*.cpp, the CPU backend's runtime): no refusal.
  const std::vector<std::string> followed = {"cudaMemcpy", "cudaMemcpyAsync", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol",
                                             "cudaMemset", "cudaMemsetAsync", "cudaMallocHost", "cudaHostAlloc",
                                             "cudaMallocManaged", "cudaFreeHost", "__cudaLaunchKernel_ptsz"};
  EXPECT_TRUE(forbidden_uses(followed, {}).empty());
  const std::vector<ForbiddenUse> uses =
      forbidden_uses({"cudaMemcpy2D", "cudaMemcpy2DAsync", "cudaMemcpy3D", "cudaMemcpyToSymbolAsync", "cudaHostRegister",
                      "cudaHostGetDevicePointer", "cudaMallocPitch", "cudaGraphLaunch", "cudaStreamBeginCapture",
                      "cudaMemcpy_ptds", "cudaMemcpyAsync_ptsz", "cudaLaunchKernelExC"},
                     {});
  EXPECT_EQ(names(uses), (std::vector<std::string>{"cudaMemcpy2D", "cudaMemcpy2DAsync", "cudaMemcpy3D",
                                                   "cudaMemcpyToSymbolAsync", "cudaHostRegister",
                                                   "cudaHostGetDevicePointer", "cudaMallocPitch", "cudaGraphLaunch",
                                                   "cudaStreamBeginCapture", "cudaMemcpy_ptds", "cudaMemcpyAsync_ptsz",
                                                   "cudaLaunchKernelExC"}));
  for (const ForbiddenUse& u : uses) EXPECT_NE(u.reason.find("the grader's record does not follow"), std::string::npos) << u.symbol;
}

TEST(SymbolCheck, DefinitionsThatReplaceTheRunnersCodeAreFound) {
  const std::vector<std::string> defined = {
      "_Z12matmul_tiledPKfS0_Pfi",            // the student's function: allowed
      "_Z9cudaCheck9cudaError",               // a helper of the student's named cuda...: allowed (C++)
      "_ZN3kit13time_one_callERKNS_12HarnessEntryERKNS_12DeviceArraysERKNS_4DimsE",
      "main", "cudaEventElapsedTime", "__wrap_cudaMemcpy", "cuLaunchKernel", "kit_harness"};
  const std::vector<ForbiddenUse> replaced = replaced_definitions(defined);
  EXPECT_EQ(names(replaced), (std::vector<std::string>{
                                 "kit::time_one_call(kit::HarnessEntry const&, kit::DeviceArrays const&, kit::Dims const&)",
                                 "main", "cudaEventElapsedTime", "__wrap_cudaMemcpy", "cuLaunchKernel", "kit_harness"}));
  EXPECT_EQ(replaced[0].reason, "replaces the kit's own code in the runner (its timer, its channel, its harness)");
}

// The real thing: a name assembled from characters in the source is invisible to a text search, but the
// object still has to call dlsym to use it.
TEST(SymbolCheck, AnObjectsUndefinedSymbolsComeFromNm) {
  const fs::path dir = fs::temp_directory_path() / ("kit-symbols-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "hidden.cpp") << "#include <dlfcn.h>\n"
                                       "void* f() { char n[] = {'c','u','b','l','a','s',0};\n"
                                       "  return dlsym(dlopen(n, 2), n); }\n";
  ProcessRequest cc;
  cc.argv = {"g++", "-c", "-o", (dir / "hidden.o").string(), (dir / "hidden.cpp").string()};
  ASSERT_TRUE(run_process(cc).ok());
  std::string error;
  const std::vector<std::string> symbols = undefined_symbols((dir / "hidden.o").string(), std::nullopt, &error);
  EXPECT_EQ(error, "");
  EXPECT_NE(std::find(symbols.begin(), symbols.end(), "dlsym"), symbols.end());
  EXPECT_EQ(names(forbidden_uses(symbols, {})), (std::vector<std::string>{"dlopen", "dlsym"}));
  const std::vector<std::string> defined = defined_symbols((dir / "hidden.o").string(), std::nullopt, &error);
  EXPECT_EQ(defined, std::vector<std::string>{"_Z1fv"});
  EXPECT_TRUE(replaced_definitions(defined).empty());
  EXPECT_TRUE(system_call_instructions((dir / "hidden.o").string(), std::nullopt, &error).empty());
  EXPECT_EQ(error, "");
  fs::remove_all(dir);
}

// A system call made by inline assembly names no function: only the machine code shows it.
TEST(SymbolCheck, SystemCallInstructionsAreFoundInTheMachineCode) {
  const fs::path dir = fs::temp_directory_path() / ("kit-syscalls-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "raw.cpp") << "long quiet(long fd) { long r;\n"
#if defined(__x86_64__)
                                    "  asm volatile(\"syscall\" : \"=a\"(r) : \"a\"(3L), \"D\"(fd) : \"rcx\", \"r11\", \"memory\");\n"
#elif defined(__aarch64__)
                                    "  register long x8 asm(\"x8\") = 57; register long x0 asm(\"x0\") = fd;\n"
                                    "  asm volatile(\"svc 0\" : \"+r\"(x0) : \"r\"(x8) : \"memory\"); r = x0;\n"
#endif
                                    "  return r; }\n"
                                    "long loud(long fd) { return fd + 1; }\n";
  ProcessRequest cc;
  cc.argv = {"g++", "-c", "-o", (dir / "raw.o").string(), (dir / "raw.cpp").string()};
  ASSERT_TRUE(run_process(cc).ok());
  std::string error;
  const std::vector<ForbiddenUse> uses = system_call_instructions((dir / "raw.o").string(), std::nullopt, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(names(uses), std::vector<std::string>{"quiet(long)"});
  fs::remove_all(dir);
}

// What is not an object cannot be checked: the caller hears why instead of an empty list.
TEST(SymbolCheck, AFileThatIsNoObjectIsAnError) {
  const fs::path text = fs::temp_directory_path() / ("kit-not-an-object-" + std::to_string(::getpid()) + ".o");
  std::ofstream(text) << "not an object\n";
  std::string error;
  EXPECT_TRUE(system_call_instructions(text.string(), std::nullopt, &error).empty());
  EXPECT_NE(error.find("objdump"), std::string::npos) << error;
  fs::remove(text);
}

}  // namespace
}  // namespace kit
