#include "release/release_texts.h"

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
         "# every assignment, on the CPU backend: what GitHub runs on every push\n"
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
         "# The visible tests of every assignment here, on the CPU backend: what GitHub runs on every push\n"
         "# (.github/workflows/check.yml), and what you can run yourself. Installs what is missing (Debian or\n"
         "# Ubuntu), builds the grader into build-check/ without CUDA (as on GitHub's machines), then runs\n"
         "# `grader check` on each assignment's file in starter/. Arguments are passed to every `grader check`.\n"
         "# Exit 0: every visible test passes; 1: some test does not pass yet; 2 or 3: the grader could not be\n"
         "# built, or a check could not run (the output says why).\n"
         "set -uo pipefail\n"
         "cd \"$(dirname \"$0\")/..\"\n"
         "build=build-check\n"
         "mkdir -p \"$build\"\n"
         "scripts/install-deps.sh || exit 2\n"
         "# A quick build (-O1, no debug information): it is made afresh on every push, and nobody debugs it.\n"
         "cmake -S . -B \"$build\" -DKIT_CUDA=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=\"-O1 -DNDEBUG\" \\\n"
         "  >\"$build/build.log\" 2>&1 || { cat \"$build/build.log\"; exit 2; }\n"
         "cmake --build \"$build\" -j \"$(nproc)\" --target grader >>\"$build/build.log\" 2>&1 ||\n"
         "  { tail -n 60 \"$build/build.log\"; exit 2; }\n"
         "status=0\n"
         "for assignment in " + names + "; do\n"
         "  echo \"== grader check $assignment\"\n"
         "  \"$build/bin/grader\" check \"$assignment\" --backend cpu \"$@\"\n"
         "  code=$?\n"
         "  [ \"$code\" -gt \"$status\" ] && status=$code\n"
         "  echo\n"
         "done\n"
         "exit \"$status\"\n";
}

std::string check_workflow() {
  return "# Runs the visible tests on every push: scripts/check-all.sh, the same script you can run yourself.\n"
         "name: check\n"
         "on: [push, workflow_dispatch]\n"
         "jobs:\n"
         "  check:\n"
         "    runs-on: ubuntu-latest\n"
         "    timeout-minutes: 40\n"
         "    steps:\n"
         "      - uses: actions/checkout@v4\n"
         "      # The grader runs your code in a bubblewrap sandbox, which needs unprivileged user namespaces;\n"
         "      # Ubuntu's AppArmor restricts them by default.\n"
         "      - name: Allow the sandbox\n"
         "        run: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true\n"
         "      - name: Build the grader and check every assignment on the CPU backend\n"
         "        run: scripts/check-all.sh\n";
}

}  // namespace kit
