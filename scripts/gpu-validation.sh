#!/usr/bin/env bash
# The GPU validation run behind docs/results/: builds the kit on a machine with a GPU, runs the unit,
# GPU and end-to-end tests, the selftest on the cuda backend, every broken kernel, and grades the
# solutions for the throughput tables. Logs go to $OUT (or ./gpu-results).
#   scripts/gpu-validation.sh [build|tests|grade|all] [assignment...]
# With assignments named, `tests` runs only their GPU tests and `grade` grades only their solutions.
# A GPU host without the nlohmann-json and CLI11 packages can have their headers and CMake package files
# under .deps/ (include/, share/cmake/), which is then searched first.
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/gpu-results}"
mkdir -p "$out"
step="${1:-all}"
shift || true
only=("$@")
prefix=()
[ -d .deps ] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps")

if [ "$step" = build ] || [ "$step" = all ]; then
  { nvidia-smi; nvcc --version; g++ --version | head -1; cmake --version | head -1; } >"$out/machine.txt" 2>&1
  cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CUDA_ARCHITECTURES=90 "${prefix[@]}" \
    >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
  cmake --build build-gpu -j "$(nproc)" >"$out/build.log" 2>&1 || { grep -E "error" -A3 "$out/build.log" | head -60; exit 1; }
  echo "build ok"
fi
if [ "$step" = tests ] || [ "$step" = all ]; then
  if [ ${#only[@]} -gt 0 ]; then
    pattern=$(IFS='|'; echo "${only[*]}")
    ctest --test-dir build-gpu -j 4 -L gpu -R "$pattern" --output-on-failure >"$out/ctest.log" 2>&1
  else
    ctest --test-dir build-gpu -j 4 -L "unit|gpu|cli|starters|datasets" --output-on-failure >"$out/ctest.log" 2>&1
  fi
  tail -40 "$out/ctest.log"
fi
if [ "$step" = grade ] || [ "$step" = all ]; then
  assignments=("${only[@]}")
  [ ${#assignments[@]} -eq 0 ] && mapfile -t assignments < <(build-gpu/bin/grader list | cut -d' ' -f1)
  for a in "${assignments[@]}"; do
    build-gpu/bin/grader grade "$a" --submission "solutions/$a" --backend cuda --format json \
      --output "$out/solution-$a.json" >"$out/solution-$a.txt" 2>&1
    tail -12 "$out/solution-$a.txt"
  done
fi
