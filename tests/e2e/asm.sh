#!/usr/bin/env bash
# `grader asm` through the real command: transpose's solution shows every kernel's PTX with its source
# lines, its SASS (or why there is none: the disassembler is missing), ptxas's registers and an occupancy
# on a virtual device; --kernel and --only narrow it; a file that does not compile is exit 1 with nvcc's
# error, a missing file exit 2. A kit built without nvcc says so, exit 2.
# Usage: asm.sh GRADER KIT_SOURCE_DIR HAVE_NVCC (1 or 0)
set -euo pipefail
grader=$1
kit=$2
have_nvcc=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 711 "$work"  # a root grader's sandbox runs as uid 65534, which must reach the submission
out="$work/out.txt"

fail() { echo "e2e.asm: $*"; echo "--- output:"; cat "$out"; exit 1; }
expect() { grep -qF -- "$1" "$out" || fail "no '$1' in the output"; }
expect_none() { ! grep -qF -- "$1" "$out" || fail "'$1' should not be in the output"; }
run() {  # run EXPECTED_EXIT ARGS...: the command's output in $out
  local want=$1 code=0
  shift
  "$grader" asm "$@" >"$out" 2>&1 || code=$?
  [ "$code" = "$want" ] || fail "exit $code, not $want: grader asm $*"
}

solution="$kit/solutions/transpose/transpose.cu"
if [ "$have_nvcc" != 1 ]; then
  run 2 transpose --submission "$solution"
  expect "grader asm needs nvcc"
  echo "e2e.asm: no nvcc: said so"
  exit 0
fi

run 0 transpose --submission "$solution" --device cc80
expect "compiling $solution"
for kernel in copyMatrix transposeNaive transposeCoalesced transposeNoBankConflicts; do
  expect "== $kernel(float*, float const*, int, int)"
done
expect ".reg .f32"
expect "ld.global.f32"
expect "//transpose.cu:"  # the source lines between the PTX
grep -qE '^resources \(ptxas, sm_90\): [0-9]+ registers per thread, 4 KiB of static shared memory, 1 barrier' "$out" ||
  fail "no resources line for transposeCoalesced's 4 KiB tile"
expect "occupancy on virtual device cc80"
grep -qE '^ +256 .* [0-9]+/64 +[0-9]+\.[0-9]%' "$out" || fail "no occupancy percent for 256-thread blocks"
if grep -qF -- "-- SASS (" "$out"; then
  grep -qE '^ +/\*[0-9a-f]{4}\*/ +EXIT ;' "$out" || fail "no SASS instruction"
else
  expect "SASS: not shown: neither nvdisasm nor cuobjdump is beside nvcc"
fi

# One kernel, one part, one launch: the table's single row and nothing of the code.
run 0 transpose --submission "$solution" --kernel transposeNaive --only occupancy --block 256 --device textbook-d
expect "== transposeNaive("
expect_none "== copyMatrix("
expect_none "ld.global"
expect "occupancy on virtual device textbook-d"
grep -qE '^ +256 .* [0-9]+/48 +[0-9]+\.[0-9]%' "$out" || fail "no occupancy row for 256 threads on textbook-d"

run 2 transpose --submission "$work/nowhere/transpose.cu"
expect "does not exist"

mkdir "$work/broken"
{ cat "$solution"; echo "__global__ void broken(float* p) { p[0] = not_declared; }"; } >"$work/broken/transpose.cu"
chmod -R a+rX "$work/broken"
run 1 transpose --submission "$work/broken" --only resources
expect "nvcc could not compile transpose.cu"
expect "not_declared"

run 2 transpose --submission "$solution" --kernel transposeFast --only resources
expect "--kernel 'transposeFast' is none of the file's kernels"
echo "e2e.asm: passed"
