#!/usr/bin/env bash
# Installs missing dependencies, then configures and builds the kit into build/.
# With --student, and always in a student release (a tree without tests/: `grader release`,
# docs/release.md), it builds only the grader, with what `check`, `run` and `access` need, in a quick
# configuration (-O1, no debug information, no tests): the one build the release's README,
# scripts/check-all.sh, its GitHub workflow and the student container (.devcontainer/) share.
#   scripts/build.sh [--student]
set -euo pipefail
cd "$(dirname "$0")/.."
student=0
{ [ "${1:-}" = --student ] || [ ! -d tests ]; } && student=1
if [ $student -eq 1 ]; then scripts/install-deps.sh --student; else scripts/install-deps.sh; fi
if [ $student -eq 0 ]; then
  [ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build build -j "$(nproc)"
else
  [ -f build/CMakeCache.txt ] ||
    cmake -S . -B build -DKIT_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" >/dev/null
  cmake --build build -j "$(nproc)" --target grader
fi
