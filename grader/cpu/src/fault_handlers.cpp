#include <kitcpu/run_protocol.h>
#include "fault_handlers.h"

#include <dlfcn.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "block_runner.h"
#include "device_array_names.h"
#include "device_memory.h"
#include "device_memory_faults.h"
#include "diagnostic_sink.h"
#include "host_pointers.h"
#include "sanitizer_support.h"
#include "symbolizer.h"

namespace kitcpu::detail {
namespace {

[[maybe_unused]] std::string hex(const void* address) {  // unused in the tsan flavour
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(address)));
  return text;
}

// Message and hint of a fault, by category, the same in every flavour. `address` may be empty.
void describe_fault(Diagnostic& d, const std::string& category, const std::string& address, bool is_null) {
  d.category = category;
  if (category == "arithmetic-error") {
    d.message = "integer division by zero (or of the smallest integer by -1); a GPU returns an unspecified "
                "value, the CPU stops the program";
    // A count the code accumulated (the pixels of a blur's patch) is the usual 0: the test that decides
    // what is counted let nothing through, and guarding the division would hide it.
    d.hint = "a divisor that is 0 here: a count the code accumulated (the pixels of a patch) that stayed 0 "
             "because the test deciding what to count let nothing through (check that test, e.g. each "
             "neighbour against the picture's own width and height, rather than guarding the division), or a "
             "width or index used with % or / that can be 0";
  } else if (category == "illegal-instruction") {
    d.message = "the CPU met an illegal instruction, usually the end of a path that has no return value";
    d.hint = "a __device__ function that can reach its end without returning a value";
  } else if (category == "stack-overflow") {
    d.message = "the CUDA thread overflowed its stack";
    d.hint = "a large array declared inside the kernel (each CUDA thread has a small stack here, as on a GPU) "
             "or recursion that does not end";
  } else {
    d.message = "invalid memory access" + (address.empty() ? std::string() : " at address " + address) +
                (is_null ? " (a null pointer)" : "") + "; a GPU stops the kernel with cudaErrorIllegalAddress";
    d.hint = "an index past the end of an array (check the bounds test on every load and store), a host "
             "pointer passed to the kernel instead of a cudaMalloc'ed one, or a pointer that was never allocated";
  }
}

const void* program_counter(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return nullptr;
#endif
}

// Whether the faulting access was a read or a write: on x86-64 the page fault's error code says so
// (bit 1: write); elsewhere it is not known.
AccessKind access_kind(void* context) {
#if defined(__x86_64__)
  const auto* uc = static_cast<const ucontext_t*>(context);
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? AccessKind::write : AccessKind::read;
#else
  (void)context;
  return AccessKind::unknown;
#endif
}

// What handled SIGSEGV and SIGBUS before the runtime (the default action, a harness's handler, or a
// sanitizer's), for the faults that are not the runtime's to report.
struct sigaction previous_segv_action;
struct sigaction previous_bus_action;

void put_back_previous_action(int signal_number) {
  if (signal_number == SIGSEGV) sigaction(SIGSEGV, &previous_segv_action, nullptr);
  if (signal_number == SIGBUS) sigaction(SIGBUS, &previous_bus_action, nullptr);
}


// Host code (no CUDA thread runs on this OS thread) faulted: if on device memory, that is the student's
// host code reaching into it, and it is reported; otherwise nothing is done here.
void report_if_host_access_to_device_memory(int signal_number, siginfo_t* info, void* context) {
  if (signal_number != SIGSEGV && signal_number != SIGBUS) return;
  if (!is_closed_device_memory(info->si_addr)) return;
  report_host_access_to_device_memory(info->si_addr, program_counter(context), access_kind(context));
}

// Points the diagnostic at the innermost frame in the student's file (the launch site's file).
void locate(Diagnostic& d, const std::vector<const void*>& stack) {
  d.file = d.launch_site.substr(0, d.launch_site.rfind(':'));
  const std::vector<SourceLocation> locations = symbolize(stack);
  if (const SourceLocation* at = first_in_file(locations, d.file)) d.line = at->line;
}

#if KITCPU_SANITIZED

// The kind of the sanitizer's latest report ("heap-buffer-overflow", "SEGV", "FPE"...), the word after
// "SUMMARY: <Sanitizer>: ". Written by the summary hook below, read by the death callback that follows.
char sanitizer_report_kind[64] = "";

std::string category_of_report(const std::string& kind, bool in_shared_memory) {
  if (in_shared_memory) return category::kSharedOutOfBounds;
  if (kind == "heap-buffer-overflow") return category::kGlobalOutOfBounds;
  if (kind == "heap-use-after-free") return "use-after-free";
  if (kind == "double-free" || kind == "attempting") return "double-free";
  if (kind.rfind("stack-buffer", 0) == 0 || kind == "stack-use-after-scope") return "local-out-of-bounds";
  if (kind == "stack-overflow") return "stack-overflow";
  if (kind == "FPE") return "arithmetic-error";
  if (kind == "ILL") return "illegal-instruction";
  if (kind == "SEGV" || kind == "BUS" || kind == "unknown-crash" || kind == "wild-addr") return "invalid-address";
  return "memory-error";
}

// The address of the last fault the runtime passed on to the sanitizer: AddressSanitizer's report of a
// SEGV does not give it to the death callback.
const void* last_passed_fault_address = nullptr;
AccessKind last_passed_fault_access = AccessKind::unknown;

// The address a sanitizer's report is about: its memory error's, or the SEGV the runtime passed on.
const void* fault_address(const std::string& kind) {
#if KITCPU_ASAN
  // A SEGV's report is present too, with no address in it.
  if (__asan_report_present() && __asan_get_report_address() != nullptr) return __asan_get_report_address();
#endif
  return kind == "SEGV" || kind == "BUS" ? last_passed_fault_address : nullptr;
}

// In the checking builds the sanitizer handles faults. The runtime's handler goes first only to catch
// host code touching device memory; any other fault (a kernel's included) is passed on to the
// sanitizer by putting its handler back and letting the instruction fault again.
void on_fault(int signal_number, siginfo_t* info, void* context) {
  Diagnostic d;
  if (!describe_current_cuda_thread(d)) report_if_host_access_to_device_memory(signal_number, info, context);
  last_passed_fault_address = info->si_addr;
  last_passed_fault_access = access_kind(context);
  put_back_previous_action(signal_number);
}

// Where a poisoned access lies from the nearest array the runner named (device_array_names.h), or empty:
// the runner poisons the guard zones around its arrays, and nothing else of device memory is poisoned.
std::string a_guard_zone(const std::string& kind, std::size_t size) {
#if KITCPU_ASAN
  if (kind != "use-after-poison" || size == 0 || !__asan_report_present()) return {};
  return outside_named_arrays(reinterpret_cast<std::uintptr_t>(__asan_get_report_address()));
#else
  (void)kind;
  (void)size;
  return {};
#endif
}

// Called by the sanitizer after it printed its report, on the thread that failed. Adds what only the
// runtime knows (CUDA thread, block, kernel, launch site) and ends the run with the kit's exit code.
void on_sanitizer_death() {
  Diagnostic d;
  if (!describe_current_cuda_thread(d)) return;  // host code: the sanitizer's own report says it all
  d.severity = "error";
  std::vector<const void*> stack = current_stack(1);
  const std::string kind = sanitizer_report_kind;
  const char* sanitizer = KITCPU_TSAN ? "ThreadSanitizer" : "AddressSanitizer";

  // UndefinedBehaviorSanitizer stops the run from one of its handlers, which the stack shows: its name
  // (out_of_bounds, divrem_overflow, type_mismatch_v1...) is the check that failed.
  std::string ubsan_check;
  for (const SourceLocation& l : symbolize(stack)) {
    const auto at = l.function.find("__ubsan_handle_");
    if (at != std::string::npos) {
      ubsan_check = l.function.substr(at + std::strlen("__ubsan_handle_"));
      break;
    }
  }

  std::string address;
  bool is_null = false;
  bool in_shared = false;
  std::size_t size = 0;
  bool is_write = false;
#if KITCPU_ASAN
  if (__asan_report_present()) {
    const void* a = __asan_get_report_address();
    address = hex(a);
    is_null = reinterpret_cast<std::uintptr_t>(a) < 4096;
    in_shared = tls_context.runner != nullptr && tls_context.runner->owns_shared_memory(a);
    size = __asan_get_report_access_size();
    is_write = __asan_get_report_access_type() != 0;
    stack.insert(stack.begin(), static_cast<const char*>(__asan_get_report_pc()));
  }
#endif

  if (kind == "data") {  // ThreadSanitizer's "data race": this thread's access is the second of the pair
    d.category = category::kDataRace;
    d.message = "this access races with another thread's access to the same address, with no __syncthreads() "
                "between them (the ThreadSanitizer report above names both lines and threads)";
    d.hint = "missing __syncthreads suspected: a thread reads shared memory another thread writes (or "
             "overwrites what another still reads) in the same phase";
  } else if (!ubsan_check.empty()) {
    if (ubsan_check.rfind("out_of_bounds", 0) == 0) {
      d.category = "index-out-of-bounds";
      d.message = "an array index is outside the array's bounds";
      d.hint = "an index that goes one past a dimension of an array, e.g. tile[ty][tx + 1], or a loop bound "
               "of <= TILE_WIDTH";
    } else if (ubsan_check.rfind("divrem_overflow", 0) == 0) {
      describe_fault(d, "arithmetic-error", "", false);
    } else if (ubsan_check.rfind("type_mismatch", 0) == 0) {
      describe_fault(d, "invalid-address", "", false);
      d.message = "a null or misaligned pointer was used; a GPU stops the kernel with cudaErrorIllegalAddress "
                  "or cudaErrorMisalignedAddress";
    } else {
      d.category = "undefined-behaviour";
      d.message = "undefined behaviour the build stops at";
      d.hint = "the check the report names, on a value this line computes";
    }
    d.message += " (the UndefinedBehaviorSanitizer report above names the check and the values)";
  } else if (const void* a = fault_address(kind);
             a != nullptr && !in_shared && describe_host_pointer_fault(d, a, last_passed_fault_access)) {
    d.message += " (the " + std::string(sanitizer) + " report above has the details)";
  } else if (a != nullptr && !in_shared && describe_device_memory_fault(d, a)) {
    d.message += " (the " + std::string(sanitizer) + " report above has the details)";
  } else if (const std::string outside = in_shared ? std::string() : a_guard_zone(kind, size); !outside.empty()) {
    // The runner poisons the zones around the arrays it named: an access there is past an array.
    d.category = category::kGlobalOutOfBounds;
    d.message = std::string("out-of-bounds ") + (is_write ? "write" : "read") + " of " + std::to_string(size) +
                " byte(s), " + outside + " (the " + sanitizer + " report above has the details)";
    d.hint = "a thread outside the matrix with no bounds check, or an index whose row stride is not that "
             "array's row length (Row * width + Col with another array's width): test the row and column "
             "against the size before every load and store, and index each array by its own row length";
  } else {
    describe_fault(d, category_of_report(kind, in_shared), address, is_null);
    if (size > 0) {
      d.message = std::string(is_write ? "write" : "read") + " of " + std::to_string(size) + " byte(s) at " +
                  address + (in_shared ? ", outside every __shared__ array of the block" : "");
    }
    if (in_shared) {
      d.hint = "a shared-memory index that goes one past the tile, e.g. tile[threadIdx.x + 1], or a loop bound "
               "of <= TILE_WIDTH";
      // An extern __shared__ array gets only the bytes the launch asked for: none without a third value.
      const std::size_t dynamic = tls_context.runner->dynamic_shared_bytes();
      if (!tls_context.dynamic_shared_used.load(std::memory_order_relaxed)) {
        // Static __shared__ arrays only: no launch's bytes can be short, so the index is what is left.
      } else if (dynamic == 0) {
        d.message += "; the launch gave the block 0 bytes of dynamic shared memory";
        d.hint = "an extern __shared__ array with no bytes behind it: give its size in bytes as the launch's third "
                 "value, <<<grid, block, bytes>>>; or " + d.hint;
      } else {
        // Too few bytes at the launch and an index past the tile fault alike here: both are said.
        d.message += "; the launch gave the block " + std::to_string(dynamic) + " bytes of dynamic shared memory";
        d.hint = "a launch that gives fewer bytes than the tiles the kernel indexes (the third value of <<<grid, "
                 "block, bytes>>> counts bytes: every tile's elements times sizeof(float)), or " + d.hint;
      }
    }
    d.message += " (" + (kind.empty() ? std::string("error") : kind) + "; the " + sanitizer +
                 " report above has the details)";
  }
  locate(d, stack);
  report_fatal(d);
}

#else

// What handled SIGFPE and SIGILL before the runtime, for faults that are not a kernel's.
struct sigaction previous_fpe_action;
struct sigaction previous_ill_action;

// Alternate signal stacks, one per thread that runs blocks: a fiber that overflowed its stack cannot
// run the handler on it.
constexpr std::size_t kAlternateStackSize = 256 * 1024;

void on_fault(int signal_number, siginfo_t* info, void* context) {
  Diagnostic d;
  if (!describe_current_cuda_thread(d)) {
    // Not a kernel: device memory touched by host code is reported; anything else goes back to what
    // handled the signal before, and the faulting instruction runs again.
    report_if_host_access_to_device_memory(signal_number, info, context);
    put_back_previous_action(signal_number);
    if (signal_number == SIGFPE) sigaction(SIGFPE, &previous_fpe_action, nullptr);
    if (signal_number == SIGILL) sigaction(SIGILL, &previous_ill_action, nullptr);
    return;
  }
  d.severity = "error";
  const void* address = info->si_addr;
  std::vector<const void*> stack = current_stack(0);
  if (const void* pc = program_counter(context)) stack.insert(stack.begin(), pc);

  std::string category = "invalid-address";
  if (signal_number == SIGFPE) {
    category = "arithmetic-error";
  } else if (signal_number == SIGILL) {
    category = "illegal-instruction";
  } else if (tls_context.runner != nullptr && tls_context.runner->fiber_with_guard_at(address) != nullptr) {
    category = "stack-overflow";
  }
  if (category == "invalid-address" && describe_host_pointer_fault(d, address, access_kind(context))) {
    // a host pointer the kernel was given: named with its argument
  } else if (category != "invalid-address" || !describe_device_memory_fault(d, address)) {
    describe_fault(d, category, hex(address), reinterpret_cast<std::uintptr_t>(address) < 4096);
    if (category == "invalid-address") d.message += " (the asan flavour names the buffer)";
  }
  locate(d, stack);
  report_fatal(d);
}

#endif

void install_sanitizer_callbacks() {
#if KITCPU_SANITIZED
  __sanitizer_set_death_callback(&on_sanitizer_death);
#if KITCPU_ASAN
  // g++ links UndefinedBehaviorSanitizer as a library of its own, with its own copy of the death
  // callback: the call above only reached AddressSanitizer's.
  if (void* ubsan = dlopen("libubsan.so.1", RTLD_NOW | RTLD_NOLOAD)) {
    using SetCallback = void (*)(void (*)());
    if (auto set = reinterpret_cast<SetCallback>(dlsym(ubsan, "__sanitizer_set_death_callback"))) {
      set(&on_sanitizer_death);
    }
  }
#endif
#endif
}

}  // namespace

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_sigaction = &on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_segv_action);
    sigaction(SIGBUS, &action, &previous_bus_action);
#if !KITCPU_SANITIZED
    sigaction(SIGFPE, &action, &previous_fpe_action);
    sigaction(SIGILL, &action, &previous_ill_action);
#endif
    install_sanitizer_callbacks();
  });
}

void prepare_thread_for_faults() {
#if !KITCPU_SANITIZED
  stack_t alternate = {};
  alternate.ss_sp = new char[kAlternateStackSize];  // lives as long as the thread's runner: forever
  alternate.ss_size = kAlternateStackSize;
  sigaltstack(&alternate, nullptr);
#endif
}

}  // namespace kitcpu::detail

#if KITCPU_SANITIZED
// Replaces the sanitizers' weak hook, which prints the SUMMARY line of every report: it still prints it
// (parsers of the report rely on it), and remembers the report's kind for the death callback.
extern "C" void __sanitizer_report_error_summary(const char* summary) {
  const std::string line = std::string(summary) + "\n";
  ssize_t ignored = write(STDERR_FILENO, line.data(), line.size());
  (void)ignored;
  const char* kind = std::strstr(summary, "Sanitizer: ");
  if (kind == nullptr) return;
  kind += std::strlen("Sanitizer: ");
  const std::size_t length = std::strcspn(kind, " ");
  const std::size_t n = length < sizeof kitcpu::detail::sanitizer_report_kind - 1
                            ? length
                            : sizeof kitcpu::detail::sanitizer_report_kind - 1;
  std::memcpy(kitcpu::detail::sanitizer_report_kind, kind, n);
  kitcpu::detail::sanitizer_report_kind[n] = '\0';
}
#endif
