#!/usr/bin/env bash
# Installs what the kit needs to build on Debian or Ubuntu, skipping what is already there.
# The CUDA toolkit (nvcc) is not installed here: without it the kit builds the CPU backend only.
# bubblewrap is the sandbox student code is compiled and run in (docs/sandbox.md).
# libpng-dev lets pictures be PNG as well as PGM/PPM (docs/pictures.md); the kit builds without it.
# slurm-wlm and munge let the tests start a private one-node Slurm for `grader batch --slurm` (docs/batch.md).
# zip writes the Gradescope autograder bundle (`grader bundle gradescope`, docs/gradescope.md).
# gnuplot-nox draws the class report's pictures (`grader report`, docs/class-report.md).
# With --tests, also what only the tests use: chromium-headless-shell renders the class report's page as a
# browser would, fonts-dejavu-core gives it letters to draw, and jq reads the reports the tests check.
#   scripts/install-deps.sh [--tests | --student]
set -euo pipefail

packages=(cmake g++ make libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libgtest-dev libboost-context-dev bubblewrap libpng-dev slurm-wlm munge zip gnuplot-nox)
# --student, and a student release (a tree without tests/), build only the grader for `check`, `run` and
# `access`: no test framework, no Slurm, no bundles or class reports (.devcontainer/Containerfile installs
# the same list).
if [ "${1:-}" = "--student" ] || [ ! -d "$(dirname "$0")/../tests" ]; then
  packages=(cmake g++ make libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libboost-context-dev bubblewrap libpng-dev)
fi
test_packages=()
[ "${1:-}" = "--tests" ] && test_packages=(chromium-headless-shell fonts-dejavu-core jq)
missing=() missing_for_tests=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
for p in "${test_packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing_for_tests+=("$p")
done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_for_tests[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: ${missing_for_tests[*]} missing: the tests that need them will be skipped" >&2
    exit 0
  fi
  echo "install-deps: missing ${missing[*]}, and this is not a Debian or Ubuntu system: install them by hand" >&2
  exit 2
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root to install ${missing[*]}" >&2; exit 2; }
  sudo=sudo
fi
$sudo apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Not every distribution packages a headless Chromium (Ubuntu's is a snap): the test that needs it says
# it was skipped, and everything else runs.
if [ ${#missing_for_tests[@]} -gt 0 ]; then
  echo "install-deps: installing, for the tests, ${missing_for_tests[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing_for_tests[@]}" >/dev/null ||
    echo "install-deps: could not install ${missing_for_tests[*]}: the tests that need them will be skipped" >&2
fi
