// What the grader and a runner built on the CPU backend agree on, in one place that both sides read: the
// exit codes the backend (or a sanitizer in it) ends a run with, the environment the grader sets, the
// sanitizers' options, and the names of the diagnostic categories the grader gives a meaning of its own.
// Nothing here is written out anywhere else, on either side.
#pragma once

namespace kitcpu {

// ---- Exit codes -----------------------------------------------------------------------------------
// Far from the codes a C++ program uses on its own (1, 2, 66, 134, 139...), and each used for one thing
// only, so that the grader can tell who ended a run.

// A fatal diagnostic (divergent barrier, hang, out-of-bounds access, failed device assert...) was
// written to stderr and to KITCPU_REPORT, and the process ended.
inline constexpr int kFatalDiagnosticExitCode = 86;

// A KITCPU_* environment variable had a value the backend does not understand. This is a mistake of
// whoever ran the program (the grader), never of the student, hence a code of its own.
inline constexpr int kBadEnvironmentExitCode = 87;

// compute-sanitizer's --error-exitcode on a GPU: the tool reported an error. Not the CPU backend's, but
// kept in the same list so that no two codes collide.
inline constexpr int kComputeSanitizerExitCode = 89;

// AddressSanitizer and UndefinedBehaviorSanitizer (the asan build) halted on a report.
inline constexpr int kAddressSanitizerExitCode = 90;

// ThreadSanitizer (the tsan build) halted on a report.
inline constexpr int kThreadSanitizerExitCode = 91;

// ---- Environment ----------------------------------------------------------------------------------
// Read once as the runtime starts (runtime_config.cpp); a bad value ends it with kBadEnvironmentExitCode.
namespace env {
inline constexpr char kOrder[] = "KITCPU_ORDER";                 // forward | reverse | random:<seed>
inline constexpr char kWorkers[] = "KITCPU_WORKERS";             // worker threads running blocks, 1..256
inline constexpr char kWatchdogSeconds[] = "KITCPU_WATCHDOG_S";  // no progress this long is a hang
inline constexpr char kReport[] = "KITCPU_REPORT";               // where diagnostics go, one JSON line each
inline constexpr char kCalls[] = "KITCPU_CALLS";                 // where the record of runtime calls goes
inline constexpr char kDevice[] = "KITCPU_DEVICE";               // a virtual device's key (virtual_device.h)
inline constexpr char kAccessReport[] = "KITCPU_ACCESS_REPORT";  // access build: the memory-access counts
inline constexpr char kAccessBlocks[] = "KITCPU_ACCESS_BLOCKS";  // access build: blocks counted per launch
inline constexpr char kChecks[] = "KITCPU_CHECKS";               // access build: 1 checks every access
inline constexpr char kAsanOptions[] = "ASAN_OPTIONS";
inline constexpr char kUbsanOptions[] = "UBSAN_OPTIONS";
inline constexpr char kTsanOptions[] = "TSAN_OPTIONS";
}  // namespace env

// ---- Sanitizer options ----------------------------------------------------------------------------
// Compiled into the runner (sanitizer_options.cpp), so that they hold however it is started. Leaks: a
// student's missing cudaFree is not what the kit grades. allocator_may_return_null: a huge cudaMalloc must
// fail with cudaErrorMemoryAllocation, as on a GPU, not abort the run. Fake stacks for use-after-return
// do not follow fiber switches.
inline constexpr char kAsanDefaultOptions[] =
    "detect_leaks=0:allocator_may_return_null=1:detect_stack_use_after_return=0";
// The checks whose failure would stop a GPU kernel stop the run (the build makes them non-recoverable);
// the others, an index past one row of a 2-D tile included, are reported with their stack and the run
// goes on, as it would on a GPU.
inline constexpr char kUbsanDefaultOptions[] = "print_stacktrace=1";
// The watchdog's and the fault handlers' signal handling is the runtime's business, not a finding.
// ThreadSanitizer sleeps a second before exit by default, to catch races at exit; a runner's threads are
// the runtime's workers, joined before it returns, and the second was most of a small run's time.
inline constexpr char kTsanDefaultOptions[] = "report_signal_unsafe=0:atexit_sleep_ms=0";

// What the grader adds in the environment of a run: stop at the first report. The grader appends
// ":exitcode=" and the build's own code above (kAddressSanitizerExitCode for ASan and UBSan,
// kThreadSanitizerExitCode for TSan).
inline constexpr char kAsanRunOptions[] = "detect_leaks=0:abort_on_error=0:halt_on_error=1";
inline constexpr char kUbsanRunOptions[] = "print_stacktrace=1:halt_on_error=1";
inline constexpr char kTsanRunOptions[] = "halt_on_error=1:report_signal_unsafe=0";

// ---- Diagnostic categories ------------------------------------------------------------------------
// The names in Diagnostic::category (diagnostic.h) that the grader reads a meaning into (its own
// categories, kit's finding.h). Others pass through to the student by name.
namespace category {
inline constexpr char kGlobalOutOfBounds[] = "global-out-of-bounds";
inline constexpr char kSharedOutOfBounds[] = "shared-out-of-bounds";
inline constexpr char kDataRace[] = "data-race";
inline constexpr char kMissingBarrier[] = "missing-barrier";
inline constexpr char kUninitializedSharedRead[] = "uninitialized-shared-read";
inline constexpr char kWriteConflict[] = "write-conflict";
inline constexpr char kInputWrite[] = "input-write";
inline constexpr char kDivergentBarrier[] = "divergent-barrier";
inline constexpr char kHang[] = "hang";
inline constexpr char kHostHang[] = "host-hang";
inline constexpr char kInvalidLaunch[] = "invalid-launch";
inline constexpr char kAssert[] = "assert";
}  // namespace category

}  // namespace kitcpu
