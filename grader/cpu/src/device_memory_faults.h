// What a fault in device memory means (device_memory.h keeps it unreachable from host code):
//   - in host code, in a region that is closed: the student's host code touched device memory, which a
//     GPU would not allow (host-access-to-device-memory);
//   - in a kernel, in a freed region or outside the bytes of a live one: a use after cudaFree, or an
//     index past the end of the buffer (into the rest of its last page, or a red zone in the asan
//     flavour).
#pragma once

#include <kitcpu/diagnostic.h>

namespace kitcpu::detail {

enum class AccessKind { unknown, read, write };

// Reports the host access at `address` by the instruction at `pc` and ends the run (report_fatal).
[[noreturn]] void report_host_access_to_device_memory(const void* address, const void* pc, AccessKind access);

// For a kernel's fault at `address`: sets category, message and hint when the address is in a freed
// device region or past the end of a live one; returns whether it was.
bool describe_device_memory_fault(Diagnostic& diagnostic, const void* address);

}  // namespace kitcpu::detail
