#!/usr/bin/env bash
# The student container (.devcontainer/, docs/student-environment.md).
#   student_container.sh definition KIT_SOURCE_DIR   devcontainer.json is valid and points at what exists;
#                                                    the image installs exactly install-deps.sh --student's list
#   student_container.sh image KIT_SOURCE_DIR        builds the image with podman (or docker) and, as its
#                                                    user `student`, checks the starter (exit 1) and the
#                                                    solution (exit 0) of vector-add; skipped (77) where no
#                                                    container engine with the Debian 12 base image is here
set -euo pipefail
what=$1
kit=$2
fail() { echo "NOT AS EXPECTED: $*"; exit 1; }

if [ "$what" = definition ]; then
  command -v jq >/dev/null || { echo "SKIP: needs jq"; exit 77; }
  dc="$kit/.devcontainer/devcontainer.json"
  jq -e . "$dc" >/dev/null || fail "devcontainer.json is not JSON"
  dockerfile=$(jq -r .build.dockerfile "$dc")
  [ -f "$kit/.devcontainer/$dockerfile" ] || fail "build.dockerfile $dockerfile is not in .devcontainer/"
  [ "$(jq -r .build.context "$dc")" = .. ] || fail "the build context is not the repository's root"
  user=$(jq -r .remoteUser "$dc")
  grep -qE "^RUN useradd .* $user\$" "$kit/.devcontainer/$dockerfile" || fail "remoteUser $user is not made in the image"
  grep -qE "^USER $user\$" "$kit/.devcontainer/$dockerfile" || fail "the image does not build as $user"
  post=$(jq -r .postCreateCommand "$dc")
  [ -x "$kit/${post%% *}" ] || fail "postCreateCommand runs ${post%% *}, which is not an executable of the kit"
  # One list of packages: what the image installs is what install-deps.sh --student installs (plus git
  # and certificates, which a container needs to clone).
  listed=$(sed -n 's/^ *packages=(\(cmake .*\))$/\1/p' "$kit/scripts/install-deps.sh" | tail -1 | tr ' ' '\n' | sort)
  [ -n "$listed" ] || fail "no --student package list found in install-deps.sh"
  installed=$(awk '/apt-get install/,/rm -rf/' "$kit/.devcontainer/$dockerfile" | tr ' \\' '\n\n' |
              grep -E '^[a-z0-9][a-z0-9.+-]+$' | grep -vE '^(apt-get|install|rm|rf|ca-certificates|git)$' | sort -u)
  [ "$listed" = "$installed" ] || fail "the image installs $(echo $installed), install-deps.sh --student $(echo $listed)"
  echo "container definition as expected"
  exit 0
fi

[ "$what" = image ] || { echo "usage: student_container.sh definition|image KIT_SOURCE_DIR" >&2; exit 2; }
engine=$(command -v podman || command -v docker || true)
[ -n "$engine" ] || { echo "SKIP: no podman or docker here"; exit 77; }
"$engine" image exists docker.io/library/debian:12 2>/dev/null || "$engine" pull -q docker.io/library/debian:12 >/dev/null 2>&1 ||
  { echo "SKIP: $engine has no debian:12 image and cannot pull one here"; exit 77; }
# An engine that cannot start a container here (a sandboxed CI machine: rlimits or cgroups it may not set)
# says so, and the test is skipped saying why.
if ! probe=$("$engine" run --rm docker.io/library/debian:12 true 2>&1); then
  echo "SKIP: $engine cannot run a container here: $probe"
  exit 77
fi
tag="kit-student-test-$$"
trap '"$engine" rmi -f "$tag" >/dev/null 2>&1 || true' EXIT
"$engine" build -q -f "$kit/.devcontainer/Containerfile" -t "$tag" "$kit" >/dev/null || fail "the image did not build"
[ "$("$engine" run --rm "$tag" id -un)" = student ] || fail "the image does not run as student"
set +e
"$engine" run --rm "$tag" grader check vector-add --backend cpu > /tmp/kit-container-$$.txt 2>&1
starter=$?
"$engine" run --rm -v "$kit/solutions/vector-add:/home/student/work:ro" -w /home/student/work "$tag" \
  grader check vector-add --backend cpu > /tmp/kit-container-solution-$$.txt 2>&1
solution=$?
set -e
cat /tmp/kit-container-solution-$$.txt
[ "$starter" -eq 1 ] || fail "the starter's check exited $starter: $(tail -5 /tmp/kit-container-$$.txt)"
[ "$solution" -eq 0 ] || fail "the solution's check exited $solution"
grep -q "^sandbox  " /tmp/kit-container-solution-$$.txt && echo "(the sandbox line above says how it ran)"
rm -f /tmp/kit-container-$$.txt /tmp/kit-container-solution-$$.txt
echo "container image as expected"
