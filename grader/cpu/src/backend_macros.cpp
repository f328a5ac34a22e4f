#include "backend_macros.h"

#include <algorithm>
#include <cctype>

namespace kitcpu::detail {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

template <std::size_t N>
bool contains(const std::string_view (&names)[N], std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// The lists are packed, several names a line.
// clang-format off
// Prefixes that only nvcc's toolchain and headers use: new CUDA versions add names under them.
constexpr std::string_view kNvccPrefixes[] = {
    "__CUDA", "__NVCC", "__NV_", "__CUDART", "__cuda", "CUDART", "__SM_"};

// nvcc's other names, from CUDA 13.0's cuda_runtime.h and the macros nvcc passes to both compilations.
// __noinline__ is among them: the rewriter turns it into an attribute instead of defining it.
constexpr std::string_view kNvccNames[] = {
    "CUDA_DOUBLE_MATH_FUNCTIONS", "CUDA_IPC_HANDLE_SIZE", "CUDA_VERSION", "CU_UUID_HAS_BEEN_DEFINED", "_ACRTIMP",
    "_CRTIMP", "_NEW", "__DELETE_THROW", "__EXCEPTION_H", "__annotate__", "__block_size__", "__builtin_align__",
    "__cdecl", "__cluster_dims__", "__cpp_lib_hardware_interference_size", "__cpp_lib_launder", "__device_builtin__",
    "__device_builtin_surface_type__", "__device_builtin_texture_type__", "__export__", "__grid_constant__",
    "__import__", "__inline_hint__", "__local_maxnreg__", "__location__", "__maxnreg__", "__no_return__",
    "__noinline__", "__nv_pure__", "__specialization_static", "__thread__", "__tile__", "__tile_builtin__",
    "__tile_global__"};

// The CUDA runtime's flag macros come in families (cudaHostAlloc*, cudaStream*...); a student's own
// helper (cudaCheck, cudaSafeCall) is in none of them. The few the CPU backend defines too are left out.
constexpr std::string_view kNvccFlagFamilies[] = {
    "cudaArray", "cudaCpuDeviceId", "cudaDevice", "cudaEvent", "cudaExternal", "cudaGraph", "cudaHostAlloc",
    "cudaHostRegister", "cudaInitDevice", "cudaInvalidDeviceId", "cudaIpc", "cudaKernelNode", "cudaMemAttach",
    "cudaMemPool", "cudaNvSci", "cudaOccupancy", "cudaPeerAccess", "cudaStream", "cudaSurfaceType",
    "cudaTextureType"};
constexpr std::string_view kFlagsBothDefine[] = {
    "cudaStreamDefault", "cudaStreamNonBlocking", "cudaEventDefault", "cudaEventBlockingSync",
    "cudaEventDisableTiming", "cudaHostAllocDefault", "cudaMemAttachGlobal"};

// What the CPU backend's headers make macros and nvcc does not (there they are built-in variables and
// functions).
constexpr std::string_view kKitNames[] = {
    "threadIdx", "blockIdx", "blockDim", "gridDim", "__syncthreads", "__syncthreads_count", "__syncthreads_and",
    "__syncthreads_or"};

// Macros that follow the compiler's options: nvcc preprocesses device code without -O, the CPU flavours
// build with -O1 or -O2, -pthread, and sanitizers.
constexpr std::string_view kBuildNames[] = {
    "__OPTIMIZE__", "__OPTIMIZE_SIZE__", "__NO_INLINE__", "_REENTRANT", "__USE_EXTERN_INLINES", "__HAVE_FLOAT128",
    "__HAVE_DISTINCT_FLOAT128", "__HAVE_FLOAT64X", "__SANITIZE_ADDRESS__", "__SANITIZE_THREAD__", "__SSP__",
    "__SSP_STRONG__"};

// From the standard headers the CPU backend's prelude includes and cuda_runtime.h does not (<stdio.h>,
// <assert.h>, <stdint.h>, <atomic>, <chrono>, <tuple>, <cstring>).
constexpr std::string_view kStandardPrefixes[] = {
    "ATOMIC_", "_GLIBCXX_", "_BITS_", "__cpp_lib_"};
constexpr std::string_view kStandardNames[] = {
    "HUGE_VAL_F128", "PTRDIFF_MAX", "PTRDIFF_MIN", "PTRDIFF_WIDTH", "SIG_ATOMIC_MAX", "SIG_ATOMIC_MIN",
    "SIG_ATOMIC_WIDTH", "SIZE_MAX", "SIZE_WIDTH", "SNANF128", "WCHAR_MAX", "WCHAR_MIN", "WCHAR_WIDTH", "WINT_MAX",
    "WINT_MIN", "WINT_WIDTH", "_GCC_WRAP_STDINT_H", "_STDINT_H", "_USES_ALLOCATOR_H", "__CFLOAT128",
    "__STDC_CONSTANT_MACROS", "__STDC_LIMIT_MACROS", "__WCHAR_MAX", "__WCHAR_MIN", "__f128", "__intptr_t_defined",
    "__iscanonicalf128", "__isctype_f", "__MATH_TG",
    // <stdio.h> and <assert.h>: the device printf and assert need them here, nvcc declares its own.
    "BUFSIZ", "EOF", "FILENAME_MAX", "FOPEN_MAX", "L_ctermid", "L_cuserid", "L_tmpnam", "P_tmpdir",
    "RENAME_EXCHANGE", "RENAME_NOREPLACE", "RENAME_WHITEOUT", "SEEK_CUR", "SEEK_DATA", "SEEK_END", "SEEK_HOLE",
    "SEEK_SET", "TMP_MAX", "_ASSERT_H", "_ASSERT_H_DECLS", "_IOFBF", "_IOLBF", "_IONBF", "_IO_EOF_SEEN",
    "_IO_ERR_SEEN", "_IO_USER_LOCK", "_PRINTF_NAN_LEN_MAX", "_STDIO_H", "_VA_LIST_DEFINED", "__ASSERT_FUNCTION",
    "__ASSERT_VOID_CAST", "__FILE_defined", "__GNUC_VA_LIST", "____FILE_defined", "_____fpos64_t_defined",
    "_____fpos_t_defined", "____mbstate_t_defined", "__attr_dealloc_fclose", "__cookie_io_functions_t_defined",
    "__feof_unlocked_body", "__ferror_unlocked_body", "__getc_unlocked_body", "__putc_unlocked_body",
    "__struct_FILE_defined", "assert", "assert_perror", "stderr", "stdin", "stdout"};

// clang-format on

// INT32_MAX, UINT_LEAST8_WIDTH, INTMAX_C...: <stdint.h>'s limits and constant macros.
bool is_stdint_macro(std::string_view name) {
  if (starts_with(name, "U")) name.remove_prefix(1);
  if (!starts_with(name, "INT")) return false;
  for (std::string_view suffix : {"_C", "_MAX", "_MIN", "_WIDTH"}) {
    if (!ends_with(name, suffix)) continue;
    std::string_view middle = name.substr(3, name.size() - 3 - suffix.size());
    for (std::string_view kind : {"_FAST", "_LEAST"}) {
      if (starts_with(middle, kind)) middle.remove_prefix(kind.size());
    }
    return middle == "MAX" || middle == "PTR" || middle == "8" || middle == "16" || middle == "32" || middle == "64";
  }
  return false;
}

// M_PIf128 and its relatives.
bool is_float128_constant(std::string_view name) { return starts_with(name, "M_") && ends_with(name, "f128"); }

// __CUDA_RUNTIME_H__, __VECTOR_TYPES_H__, __SM_90_RT_HPP__: the include guards of CUDA's headers. The
// standard library's have one leading underscore or no trailing ones (_STDIO_H, _GLIBCXX_ATOMIC).
bool is_cuda_header_guard(std::string_view name) {
  if (!starts_with(name, "__") || !(ends_with(name, "_H__") || ends_with(name, "_HPP__"))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

// clang-format off
constexpr std::string_view kStandardHeaders[] = {
    // C++17
    "algorithm", "any", "array", "atomic", "bitset", "cassert", "cctype", "cerrno", "cfenv", "cfloat", "charconv",
    "chrono", "cinttypes", "climits", "clocale", "cmath", "codecvt", "complex", "condition_variable", "csetjmp",
    "csignal", "cstdarg", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "ctime", "cuchar", "cwchar",
    "cwctype", "deque", "exception", "execution", "filesystem", "forward_list", "fstream", "functional", "future",
    "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "limits", "list", "locale",
    "map", "memory", "memory_resource", "mutex", "new", "numeric", "optional", "ostream", "queue", "random", "ratio",
    "regex", "scoped_allocator", "set", "shared_mutex", "sstream", "stack", "stdexcept", "streambuf", "string",
    "string_view", "system_error", "thread", "tuple", "type_traits", "typeindex", "typeinfo", "unordered_map",
    "unordered_set", "utility", "valarray", "variant", "vector",
    // C
    "assert.h", "complex.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", "iso646.h", "limits.h",
    "locale.h", "math.h", "setjmp.h", "signal.h", "stdalign.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h",
    "stdio.h", "stdlib.h", "string.h", "tgmath.h", "time.h", "uchar.h", "wchar.h", "wctype.h"};
// clang-format on

}  // namespace

MacroDifference macro_difference(std::string_view name) {
  if (starts_with(name, "KITCPU_") || contains(kKitNames, name)) return MacroDifference::kit;
  if (starts_with(name, "__SANITIZE_") || contains(kBuildNames, name)) return MacroDifference::build;
  for (std::string_view prefix : kNvccPrefixes) {
    if (starts_with(name, prefix)) return MacroDifference::nvcc;
  }
  if (contains(kNvccNames, name) || is_cuda_header_guard(name)) return MacroDifference::nvcc;
  if (!contains(kFlagsBothDefine, name)) {
    for (std::string_view family : kNvccFlagFamilies) {
      if (starts_with(name, family)) return MacroDifference::nvcc;
    }
  }
  for (std::string_view prefix : kStandardPrefixes) {
    if (starts_with(name, prefix)) return MacroDifference::standard;
  }
  if (contains(kStandardNames, name) || is_stdint_macro(name) || is_float128_constant(name)) {
    return MacroDifference::standard;
  }
  return MacroDifference::none;
}

const char* macro_difference_reason(MacroDifference difference) {
  switch (difference) {
    case MacroDifference::nvcc:
      return "nvcc defines it and the CPU backend does not, so the two would compile different code";
    case MacroDifference::kit:
      return "the CPU backend defines it and nvcc does not, so the two would compile different code";
    case MacroDifference::build:
      return "it changes with the compiler's options: nvcc's host and device passes and the CPU backend's "
             "checking builds would each compile different code";
    case MacroDifference::standard:
      return "the two compilers' CUDA headers include different standard headers, so it is defined under one "
             "and not the other; include the header that defines it and use it without testing it";
    case MacroDifference::none:
      break;
  }
  return "";
}

bool is_standard_header(std::string_view header) { return contains(kStandardHeaders, header); }

}  // namespace kitcpu::detail
