#include "diagnostic_sink.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include <kitcpu/run_protocol.h>

#include "call_record.h"
#include "fd_write.h"
#include "runtime_config.h"

namespace kitcpu::detail {
namespace {

std::mutex& output_mutex() {
  static auto* m = new std::mutex();  // never destroyed: a worker may report while statics are torn down
  return *m;
}

// One write() per line on an O_APPEND descriptor: lines of concurrent writers never interleave.
void append_to_report(const std::string& path, const Diagnostic& diagnostic) {
  if (path.empty()) return;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    std::fprintf(stderr, "kitcpu: cannot append to KITCPU_REPORT file %s\n", path.c_str());
    return;
  }
  write_all(fd, diagnostic_to_json_line(diagnostic) + "\n");
  ::close(fd);
}

}  // namespace

void report_diagnostic(const Diagnostic& diagnostic) {
  const std::lock_guard<std::mutex> lock(output_mutex());
  std::fflush(stdout);  // device printf output that came before the problem stays before it
  write_all(STDERR_FILENO, format_diagnostic(diagnostic) + "\n");
  append_to_report(runtime_config().report_path, diagnostic);
}

void report_fatal(const Diagnostic& diagnostic) {
  static std::atomic<bool> reported{false};
  if (reported.exchange(true)) {
    for (;;) pause();
  }
  flush_call_record();  // the record must show what led up to the diagnostic
  report_diagnostic(diagnostic);
  std::fflush(stdout);
  std::_Exit(kFatalDiagnosticExitCode);
}

}  // namespace kitcpu::detail
