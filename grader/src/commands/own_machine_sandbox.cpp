#include "commands/own_machine_sandbox.h"

#include <cstdlib>
#include <string_view>

#include "os/sandbox.h"

namespace kit {

std::string unsandboxed_on_own_machine(bool& unsandboxed) {
  if (unsandboxed) return "";
  const char* required = std::getenv("KIT_REQUIRE_SANDBOX");
  if (required && *required && std::string_view(required) != "0") return "";
  const SandboxStatus status = probe_sandbox();
  if (status.available) return "";
  unsandboxed = true;
  return "no sandbox can be made here (" + status.problem +
         "), so your own code runs without one, as it would if you ran it yourself; `grade` and `batch` "
         "refuse to run anyone's code this way (KIT_REQUIRE_SANDBOX=1 makes this command refuse too)";
}

}  // namespace kit
