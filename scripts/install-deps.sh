#!/usr/bin/env bash
# Installs what the kit needs to build on Debian or Ubuntu, skipping what is already there.
# The CUDA toolkit (nvcc) is not installed here: without it the kit builds the CPU backend only.
# bubblewrap is the sandbox student code is compiled and run in (docs/sandbox.md).
# libpng-dev lets pictures be PNG as well as PGM/PPM (docs/pictures.md); the kit builds without it.
# slurm-wlm and munge let the tests start a private one-node Slurm for `grader batch --slurm` (docs/batch.md).
# zip writes the Gradescope autograder bundle (`grader bundle gradescope`, docs/gradescope.md).
set -euo pipefail

packages=(cmake g++ make libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libgtest-dev libboost-context-dev bubblewrap libpng-dev slurm-wlm munge zip)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "install-deps: missing ${missing[*]}, and this is not a Debian or Ubuntu system: install them by hand" >&2
  exit 2
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root to install ${missing[*]}" >&2; exit 2; }
  sudo=sudo
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
