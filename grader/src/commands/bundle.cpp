// `grader bundle gradescope`: the autograder zip for Gradescope (docs/gradescope.md).
#include <cstdio>
#include <memory>

#include "class/gradescope_bundle.h"
#include "commands/commands.h"
#include "util/errors.h"

namespace kit {

Command add_bundle_command(CLI::App& app) {
  auto options = std::make_shared<BundleOptions>();
  CLI::App* command = app.add_subcommand("bundle", "package an assignment's autograder for a course platform");
  command->require_subcommand(1);
  CLI::App* gradescope = command->add_subcommand(
      "gradescope", "the Gradescope autograder zip: setup.sh builds the kit on Gradescope's Ubuntu image, "
                    "run_autograder grades each submission on the CPU backend (performance shows as pending)");
  gradescope->add_option("assignment", options->assignment, "the assignment")->required();
  gradescope->add_option("--out", options->out, "the .zip to write")->required();
  gradescope->add_flag("--unsandboxed", options->unsandboxed,
                       "grade without a sandbox on Gradescope (where its image refuses user namespaces)");
  auto seed = std::make_shared<std::uint64_t>(0);
  CLI::Option* seed_option = gradescope->add_option(
      "--seed", *seed, "the grading seed the hidden tests are drawn from (keep it secret; give the same to the "
                       "course's batches); default: the course tree's grading-seed file");
  return {command, [options, seed, seed_option] {
            if (*seed_option) options->seed = *seed;
            const std::vector<std::string> files = write_gradescope_bundle(*options);
            std::printf("wrote %s (%zu files): upload it as the assignment's autograder on Gradescope; its hidden "
                        "tests are drawn from the grading seed, which the zip holds: keep it from students\n",
                        options->out.c_str(), files.size());
            return kExitOk;
          }};
}

}  // namespace kit
