// Writing a whole string to a file descriptor with write(2), as the runtime's reports must: no stdio
// buffer that a crash or a fatal diagnostic could lose, and no allocation that a signal could interrupt.
#pragma once

#include <string>
#include <unistd.h>

namespace kitcpu::detail {

// Gives up on the first failed write: a report that cannot be written is not the student's error.
inline void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace kitcpu::detail
