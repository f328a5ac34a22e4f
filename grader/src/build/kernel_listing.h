// What the compiler made of a submission's kernels, for `grader asm`: each kernel's PTX with the CUDA
// source lines between its instructions, its SASS (with the source lines too where the disassembler reads
// the line info), and what ptxas reported it uses. nvcc compiles the file as the gate's check does (one
// architecture, no linking), in the compile's sandbox; nothing runs, so no GPU is needed.
#pragma once

#include <string>
#include <vector>

#include "build/build.h"

namespace kit {

// One kernel's part of a whole listing, as the split functions below cut it.
struct KernelCode {
  std::string symbol;  // as PTX and SASS spell it (mangled): "_Z14transposeNaivePfPKfii"
  std::string text;
};

struct KernelListing {
  std::string name;    // demangled, as build.h's resources name it: "transposeNaive(float*, float const*, int, int)"
  std::string symbol;  // mangled
  std::string ptx;
  std::string sass;    // empty when there is no disassembler (KernelListings::no_sass says so)
  KernelResources resources;
};

struct ListingRequest {
  std::string arch = "sm_90";  // nvcc's -arch
  bool sass = true;            // disassemble (PTX and resources are always made: they name and order the kernels)
};

struct KernelListings {
  bool ok = false;       // nvcc compiled the file
  std::string log;       // what nvcc printed: its errors when it failed
  std::string sass_by;   // the disassembler's path, when one made the SASS
  std::string no_sass;   // why there is no SASS, when it was asked for and none was made
  std::vector<KernelListing> kernels;  // in the order of the file
};

// Compiles spec.source to PTX and to a cubin (both with line info) and, when asked, disassembles the
// cubin. Throws UserError when the kit was built without nvcc.
KernelListings list_kernels(const BuildSpec& spec, const ListingRequest& request);

// The kernels (.entry) of a PTX file, each with the source comments --source-in-ptx put just above it.
std::vector<KernelCode> split_ptx_by_kernel(const std::string& ptx);

// The functions of nvdisasm's or cuobjdump -sass's output, each from its header to its last instruction.
std::vector<KernelCode> split_sass_by_kernel(const std::string& disassembly);

// nvdisasm -g marks where the code of each source line starts ('//## File "transpose.cu", line 20'); this
// puts the line's text there, as --source-in-ptx does in PTX ('//transpose.cu:20     int x = ...'). Marks
// of other files (headers) stay as they are.
std::string interleave_source(const std::string& sass, const std::string& source_name, const std::string& source_text);

// nvdisasm beside nvcc (it reads the line info), else cuobjdump; "" when neither is there.
std::string disassembler_beside(const std::string& nvcc);

// Whether `wanted` names the kernel: its plain name ("transposeNaive"), its demangled or its mangled name.
bool kernel_is_named(const KernelListing& kernel, const std::string& wanted);

}  // namespace kit
