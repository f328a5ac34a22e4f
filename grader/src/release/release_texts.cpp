#include "release/release_texts.h"

#include <cctype>

namespace kit {

std::string student_readme(const std::vector<ReleasedAssignment>& assignments) {
  std::string table;
  for (const ReleasedAssignment& a : assignments)
    table += "| `" + a.name + "` | " + a.title + " | [assignments/" + a.name + "/README.md](assignments/" + a.name +
             "/README.md) | `starter/" + a.name + "/" + a.student_file + "` |\n";
  const ReleasedAssignment& first = assignments.front();
  return "# CUDA assignments\n"
         "\n"
         "Your assignments, the file you write for each, and the grader that checks it. Read the handout first:\n"
         "it says what to write and why.\n"
         "\n"
         "| assignment | title | handout | your file |\n"
         "|---|---|---|---|\n" +
         table +
         "\n"
         "## Build and check\n"
         "\n"
         "On Debian or Ubuntu (missing packages are installed on first use, with sudo), from this folder:\n"
         "\n"
         "```sh\n"
         "# build the grader (the first time: a few minutes), then run the visible tests on your file\n"
         "scripts/grader check " + first.name + "\n"
         "# the same, once it is built; --submission checks another copy of your file\n"
         "build/bin/grader check " + first.name + "\n"
         "build/bin/grader check " + first.name + " --submission path/to/" + first.student_file + "\n"
         "# every assignment: what GitHub runs on every push (exit 0 when every visible test passes)\n"
         "scripts/check-all.sh\n"
         "```\n"
         "\n"
         "`grader check` builds your file, runs it on the visible tests and says, per test, what is right and\n"
         "what is wrong (which sizes fail, where the first wrong element is, which thread wrote out of bounds,\n"
         "which barrier is missing). It exits 0 when every visible test passes. Without a GPU it runs your\n"
         "`.cu` file on the CPU backend, which checks correctness only. `scripts/install-deps.sh` lists what is\n"
         "needed; the CUDA toolkit is optional (with it, your file is also compiled by nvcc).\n"
         "\n"
         "## On every push\n"
         "\n"
         "`.github/workflows/check.yml` runs `scripts/check-all.sh` on GitHub's machines each time you push: the\n"
         "Actions tab shows the result. A red mark means some visible test does not pass yet.\n"
         "\n"
         "## What is here, and what is not\n"
         "\n"
         "- `starter/<assignment>/`: the file you edit, with TODOs where the kernels go.\n"
         "- `assignments/<assignment>/`: the handout, the header your file implements, the harness that calls it,\n"
         "  and the rubric of the visible tests.\n"
         "- `datasets/<assignment>/`: the visible tests' inputs and expected outputs (`.npy`, NumPy reads them), with\n"
         "  `SHA256SUMS`; `build/bin/grader datasets " + first.name + " --out DIR` writes them again.\n"
         "- `grader/`, `CMakeLists.txt`, `cmake/`, `scripts/`: the grader and its build.\n"
         "\n"
         "Your grade also counts hidden tests (other sizes and inputs) and, on a GPU, your kernel's performance:\n"
         "they are not in this repository. Pass the visible tests, then think about the sizes they do not try.\n";
}

std::string check_all_script(const std::vector<ReleasedAssignment>& assignments) {
  std::string names;
  for (const ReleasedAssignment& a : assignments) names += (names.empty() ? "" : " ") + a.name;
  return "#!/usr/bin/env bash\n"
         "# The visible tests of every assignment here: what GitHub runs on every push\n"
         "# (.github/workflows/check.yml), and what you can run yourself. Builds the grader as scripts/grader\n"
         "# does (scripts/build.sh: the same build, in build/), then runs `grader check` on each assignment's\n"
         "# file in starter/. Arguments are passed to every `grader check`. Each check's points per group are\n"
         "# kept in build/classroom/<assignment>.json, GitHub Classroom's format, and handed to the workflow's\n"
         "# reporter when GitHub runs this.\n"
         "# Exit 0: every visible test passes; 1: some test does not pass yet; 2 or 3: the grader could not be\n"
         "# built, or a check could not run (the output says why).\n"
         "set -uo pipefail\n"
         "cd \"$(dirname \"$0\")/..\"\n"
         "scripts/build.sh >build.log 2>&1 || { tail -n 60 build.log; exit 2; }\n"
         "mkdir -p build/classroom\n"
         "status=0\n"
         "for assignment in " + names + "; do\n"
         "  echo \"== grader check $assignment\"\n"
         "  build/bin/grader check \"$assignment\" --submission \"starter/$assignment\" \\\n"
         "    --format classroom --output \"build/classroom/$assignment.json\" \"$@\"\n"
         "  code=$?\n"
         "  [ \"$code\" -gt \"$status\" ] && status=$code\n"
         "  if [ -n \"${GITHUB_OUTPUT:-}\" ] && [ -f \"build/classroom/$assignment.json\" ]; then\n"
         "    echo \"$assignment=$(base64 -w0 \"build/classroom/$assignment.json\")\" >>\"$GITHUB_OUTPUT\"\n"
         "  fi\n"
         "  echo\n"
         "done\n"
         "exit \"$status\"\n";
}

std::string check_workflow(const std::vector<ReleasedAssignment>& assignments) {
  std::string runners, env;
  for (const ReleasedAssignment& a : assignments) {
    runners += (runners.empty() ? "" : ",") + a.name;
    std::string upper = a.name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    env += "          " + upper + "_RESULTS: \"${{ steps.check.outputs." + a.name + " }}\"\n";
  }
  return "# Runs the visible tests on every push: scripts/check-all.sh, the same script you can run yourself,\n"
         "# then hands each assignment's points per group to GitHub Classroom's autograding reporter.\n"
         "name: Autograding Tests\n"
         "on: [push, workflow_dispatch]\n"
         "permissions:\n"
         "  checks: write\n"
         "  actions: read\n"
         "  contents: read\n"
         "jobs:\n"
         "  check:\n"
         "    runs-on: ubuntu-latest\n"
         "    timeout-minutes: 40\n"
         "    steps:\n"
         "      - uses: actions/checkout@v4\n"
         "      # The grader runs your code in a bubblewrap sandbox where it can, which needs unprivileged user\n"
         "      # namespaces; Ubuntu's AppArmor restricts them by default. Where none can be made, `check` runs\n"
         "      # your code without one and says so.\n"
         "      - name: Allow the sandbox\n"
         "        run: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true\n"
         "      - name: Build the grader and check every assignment\n"
         "        id: check\n"
         "        run: scripts/check-all.sh\n"
         "      - name: Report the points to GitHub Classroom\n"
         "        if: always()\n"
         "        uses: classroom-resources/autograding-grading-reporter@v1\n"
         "        env:\n" +
         env +
         "        with:\n"
         "          runners: " + runners + "\n";
}

}  // namespace kit
