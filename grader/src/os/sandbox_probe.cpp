// Whether the sandbox works on this machine: the one part of the sandbox that runs a process (through
// process.h, which itself starts sandboxed children from sandbox.h's spec).
#include <string>
#include <unistd.h>

#include "os/process.h"
#include "os/sandbox.h"
#include "util/text.h"

namespace kit {

SandboxStatus probe_sandbox() {
  SandboxStatus status;
  status.bwrap = find_bwrap(&status.problem);
  if (status.bwrap.empty()) return status;
  ProcessRequest request;
  request.argv = {"/bin/true"};
  request.timeout_s = 30;
  request.sandbox = SandboxSpec{};
  const ProcessResult result = run_process(request);
  if (result.ok()) {
    status.available = true;
    return status;
  }
  status.problem = describe_ending(result, request.timeout_s);
  const std::string said = first_line(result.err);
  if (said.find("namespace") != std::string::npos || said.find("uid map") != std::string::npos)
    status.problem = "user namespaces are not permitted here (" + said +
                     "); on Debian: sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 23.10 and later an "
                     "AppArmor rule must allow bwrap to use them";
  else if (!said.empty() && result.start_error.empty() && status.problem.find(said) == std::string::npos)
    status.problem += ": " + said;
  if (::geteuid() == 0 && status.problem.find("cannot run bwrap") != std::string::npos)
    status.problem += " (the grader is root, so it starts bwrap as uid " + std::to_string(request.sandbox->uid) +
                      ": " + status.bwrap + " and every folder on its path must be executable by others)";
  return status;
}

}  // namespace kit
