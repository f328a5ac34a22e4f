#!/usr/bin/env bash
# The GPU validation run behind docs/results/: builds the kit on a machine with a GPU, runs the unit,
# GPU and end-to-end tests, the selftest on the cuda backend, every broken kernel, and grades the
# solutions for the throughput tables. Logs go to $OUT (or ./gpu-results).
#   scripts/gpu-validation.sh [build|tests|grade|all] [assignment...]
#   scripts/gpu-validation.sh broken [REGEX]      every broken kernel and correct variant whose name matches
#                                                 (resumable: those already in $OUT/broken.tsv are skipped)
#   scripts/gpu-validation.sh batch [COUNT]       a demo class of matmul-tiled at --jobs 3, then at --jobs 1
#                                                 (KIT_BATCH_JOBS="3 1" by default)
# With assignments named, `tests` runs only their GPU tests and `grade` grades only their solutions.
# `broken` checks each patch as its CTest test does (kit-e2e-check), KIT_GPU_JOBS (default 4) at a time,
# and keeps the reports in $OUT/verdicts for scripts/parity-table.sh; `batch` compares the two
# gradebooks test by test (scripts/compare-results.sh): a grade must not depend on its neighbours.
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
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }  # seconds since START
[ -d .deps ] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps")

if [ "$step" = build ] || [ "$step" = all ]; then
  { nvidia-smi; nvcc --version; g++ --version | head -1; cmake --version | head -1; } >"$out/machine.txt" 2>&1
  cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CUDA_ARCHITECTURES=90 "${prefix[@]}" \
    >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
  cmake --build build-gpu -j "$(nproc)" ${KIT_GPU_TARGETS:+--target $KIT_GPU_TARGETS} >"$out/build.log" 2>&1 || { grep -E "error" -A3 "$out/build.log" | head -60; exit 1; }
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
    start=$(date +%s.%N)
    build-gpu/bin/grader grade "$a" --submission "solutions/$a" --backend cuda --format json \
      --output "$out/solution-$a.json" >"$out/solution-$a.txt" 2>&1
    status=$?
    printf '%s\t%s\t%s\t%s\n' "$a" "$status" "$(since "$start")" \
      "$(jq -r '"\(.score) / \(.max_score)"' "$out/solution-$a.json" 2>/dev/null)" | tee -a "$out/solution-times.tsv"
  done
fi
if [ "$step" = broken ]; then
  mkdir -p "$out/verdicts" "$out/broken"
  pattern="${only[0]:-.}"
  check_one() {  # PATCH: its CTest test's check, timed, one line of broken.tsv
    local patch=$1 kind=verdict set=broken
    [[ $patch == */correct/* ]] && kind=correct set=correct
    local name="e2e.$set.cuda.$(basename "$patch" .patch)" start status=0
    start=$(date +%s.%N)
    KIT_VERDICT_SNAPSHOT="$out/verdicts" build-gpu/bin/kit-e2e-check "$kind" "$PWD/build-gpu/bin/grader" "$PWD/$patch" cuda \
      >"$out/broken/$name.log" 2>&1 || status=$?
    printf '%s\t%s\t%s\n' "$name" "$status" "$(since "$start")" >>"$out/broken.tsv"
  }
  export -f check_one since
  export out
  # Resumable: a patch already in broken.tsv (a call cut by its time limit) is not checked again.
  touch "$out/broken.tsv"
  ls assignments/*/broken/*.patch assignments/*/correct/*.patch | grep -E "$pattern" \
    | while read -r patch; do
        set_name=broken; [[ $patch == */correct/* ]] && set_name=correct
        grep -q "^e2e\.$set_name\.cuda\.$(basename "$patch" .patch)	" "$out/broken.tsv" || echo "$patch"
      done \
    | xargs -P "${KIT_GPU_JOBS:-4}" -I{} bash -c 'check_one "$1"' _ {}
  echo "broken: $(wc -l <"$out/broken.tsv") checked, $(awk -F'\t' '$2 != 0' "$out/broken.tsv" | wc -l) not as expected"
  awk -F'\t' '$2 != 0' "$out/broken.tsv"
fi
if [ "$step" = batch ]; then
  count="${only[0]:-20}"
  export KIT_APPLY_PATCH="$PWD/build-gpu/bin/kit-apply-patch" GRADER="$PWD/build-gpu/bin/grader"
  for jobs in ${KIT_BATCH_JOBS:-3 1}; do
    rm -rf "$out/batch-jobs$jobs"
    scripts/benchmark-batch.sh matmul-tiled "$count" "$out/batch-jobs$jobs" --jobs "$jobs" --backend cuda --seed 2026 \
      >"$out/batch-jobs$jobs.txt" 2>&1
    tail -4 "$out/batch-jobs$jobs.txt"
  done
  scripts/compare-results.sh "$out/batch-jobs3/out/results" "$out/batch-jobs1/out/results" >"$out/batch-compare.txt" 2>&1
  tail -30 "$out/batch-compare.txt"
fi
