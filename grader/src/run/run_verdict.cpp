#include "run/run_verdict.h"

#include "util/text.h"

namespace kit {

RunVerdict& stop_run(RunVerdict& v, const std::string& message, const std::string& more, const std::string& label,
                     const std::string& output) {
  v.fatal = true;
  v.message = message;
  v.details = label + more;
  if (!output.empty()) v.details += "\nthe program's last output:\n" + indent_lines(last_lines(output, 12), "  ");
  return v;
}

}  // namespace kit
