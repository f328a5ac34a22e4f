#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image (docs/gradescope.md): it installs the
# kit's dependencies and builds and installs the kit from the sources this bundle carries, into
# $AUTOGRADER_ROOT/kit (default /autograder/kit). Without a GPU or nvcc the kit builds its CPU backend only.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${AUTOGRADER_ROOT:-/autograder}

"$here/kit/scripts/install-deps.sh"

# The kit needs CMake >= 3.25; Ubuntu 22.04's is older, and pip has current ones.
cmake_recent() {
  local version
  version=$(cmake --version 2>/dev/null | head -n 1 | awk '{print $3}')
  [ -n "$version" ] && [ "$(printf '%s\n3.25\n' "$version" | sort -V | head -n 1)" = "3.25" ]
}
if ! cmake_recent; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip > /dev/null
  python3 -m pip install --quiet 'cmake>=3.25' || python3 -m pip install --quiet --break-system-packages 'cmake>=3.25'
  hash -r
fi

cmake -S "$here/kit" -B "$root/kit-build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$root/kit-build" -j "$(nproc)" --target grader
cmake --install "$root/kit-build" --prefix "$root/kit"
"$root/kit/bin/grader" list
