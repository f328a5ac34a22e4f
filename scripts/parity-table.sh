#!/usr/bin/env bash
# The parity table of the broken kernels: for each kernel and each correctness group, whether the group
# passed on the CPU backend and on a GPU, and the diagnosis category of each backend's first failure, as
# markdown. Its inputs are the reports the checkers keep when KIT_VERDICT_SNAPSHOT names a folder
# (scripts/verdict-snapshot.sh, or `KIT_VERDICT_SNAPSHOT=DIR ctest -R '^e2e\.broken\.'`): files named
# e2e.broken.<backend>.<kernel>.json. A group whose verdict differs between the backends is marked "≠";
# a kernel graded on one backend only shows "—" for the other.
#
#   scripts/parity-table.sh CPU_DIR CUDA_DIR > table.md
set -euo pipefail
command -v jq >/dev/null || { echo "parity-table: needs jq (apt-get install jq)" >&2; exit 2; }
[ $# -eq 2 ] && [ -d "$1" ] && [ -d "$2" ] || { echo "usage: parity-table.sh CPU_DIR CUDA_DIR" >&2; exit 2; }
cpu="$1" cuda="$2"

# One line per group of a report: group <TAB> passed/all <TAB> the first failure's category.
groups() {
  [ -f "$1" ] || return 0
  jq -r '.report.tests // [] | map(select(.category == "correctness"))
         | group_by(.group)[]
         | [.[0].group,
            "\(map(select(.status == "passed")) | length)/\(length)",
            (map(select(.status != "passed"))[0].diagnosis.category // "")] | @tsv' "$1"
}

verdict() {  # passed/all -> "pass" or "fail k/n"
  local passed="${1%/*}" all="${1#*/}"
  [ -z "$1" ] && { echo "—"; return; }
  [ "$passed" = "$all" ] && echo "pass" || echo "fail $((all - passed))/$all"
}

echo "| kernel | group | CPU backend | GPU | |"
echo "|---|---|---|---|---|"
kernels="$(for f in "$cpu"/e2e.broken.cpu.*.json "$cuda"/e2e.broken.cuda.*.json; do
  [ -f "$f" ] && basename "$f" .json | sed -E 's/^e2e\.broken\.(cpu|cuda)\.//'; done | sort -u)"
for k in $kernels; do
  declare -A on_cpu=() on_cuda=()
  while IFS=$'\t' read -r g count category; do on_cpu["$g"]="$count"$'\t'"$category"; done < <(groups "$cpu/e2e.broken.cpu.$k.json")
  while IFS=$'\t' read -r g count category; do on_cuda["$g"]="$count"$'\t'"$category"; done < <(groups "$cuda/e2e.broken.cuda.$k.json")
  for g in $(printf '%s\n' "${!on_cpu[@]}" "${!on_cuda[@]}" | sort -u | tr ' ' '\001'); do
    g="${g//$'\001'/ }"
    c="${on_cpu[$g]:-}" u="${on_cuda[$g]:-}"
    cv="$(verdict "${c%%$'\t'*}")" uv="$(verdict "${u%%$'\t'*}")"
    cc="${c#*$'\t'}" uc="${u#*$'\t'}"
    [ -n "$c" ] && [ -n "$cc" ] && [ "$cv" != pass ] && cv="$cv ($cc)"
    [ -n "$u" ] && [ -n "$uc" ] && [ "$uv" != pass ] && uv="$uv ($uc)"
    mark=""
    [ -n "$c" ] && [ -n "$u" ] && [ "${cv%% *}" != "${uv%% *}" ] && mark="≠"
    echo "| $k | $g | $cv | $uv | $mark |"
  done
  unset on_cpu on_cuda
done
