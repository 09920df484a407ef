#!/usr/bin/env bash
# The Catch2 cases of BUILD_DIR/tests/ujit_tests in a few processes instead of one per case.
#   tools/scripts/unit_in_process.sh BUILD_DIR [SHARDS] [-- CATCH2 OPTIONS]
# ctest starts a process per case (as tests/CMakeLists.txt registers them); under ASan each
# start costs a second or more of the sanitizer's set-up and LeakSanitizer's exit scan, about
# half of that step's time. Here the same sets run with the same environment as ctest gives
# them: the plain set split round-robin over SHARDS processes run at once, [gpu] in one
# process (each case says it is skipped where no device is usable), and the few cases of
# [host-device] (CUDA disabled) and [fakecuda] (the counting fake driver) a process each.
# LeakSanitizer still checks every process at exit. The conformance corpus through `ujit run`
# (a process per case) is
# left out, as test.sh's ASan step leaves it out.
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:?usage: unit_in_process.sh BUILD_DIR [SHARDS]}"
shards="${2:-2}"
shift $(($# < 2 ? $# : 2))
[[ "${1:-}" == "--" ]] && shift
catch_args=("$@")
tests="$build/tests/ujit_tests"
cache="$PWD/$build/tests/ujit-cache"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A name as a Catch2 test spec: its commas, brackets, backslashes and stars escaped.
escape() { sed 's/[],[\\*]/\\&/g'; }
# The names a spec selects, one a line (Catch2 v2 exits with their count: not a failure).
names_of() { "$tests" --list-test-names-only "$1" | sed 's/^ *//; /^$/d' || true; }

names_of "~[gpu]~[.]" | grep -v -x 'conformance corpus: cases match the oracle through ujit run' | escape >"$work/plain" || true
# catch_discover_tests splits a name at ';' and ctest then runs a spec that matches nothing,
# which passes: such a case would never run in the release step.
if names_of "*" | grep -F ';'; then
  echo "unit_in_process: test names above hold ';', which ctest cuts: rename them" >&2
  exit 1
fi
listed=$(wc -l <"$work/plain")
[[ $listed -gt 0 ]] || { echo "unit_in_process: $tests lists no cases" >&2; exit 1; }
for ((i = 0; i < shards; i++)); do
  awk -v n="$shards" -v k="$i" 'NR % n == k' "$work/plain" >"$work/shard$i"
done

# run NAME ENV... -- ARGS...: one process, its output kept for the summary below.
pids=() names=()
run() {
  local name="$1"; shift
  local env=()
  while [[ "$1" != "--" ]]; do env+=("$1"); shift; done
  shift
  env "${env[@]}" "$tests" "$@" >"$work/$name.out" 2>&1 &
  pids+=($!) names+=("$name")
}
for ((i = 0; i < shards; i++)); do
  run "shard$i" UJIT_CACHE_DIR="$cache" -- -f "$work/shard$i" "${catch_args[@]}"
done
wait_all() {
  local failed=0
  for j in "${!pids[@]}"; do
    if ! wait "${pids[$j]}"; then
      failed=1
      echo "=== ${names[$j]}: FAILED" && cat "$work/${names[$j]}.out"
    else
      echo "=== ${names[$j]}: $(grep -E '^(All tests passed|test cases:)' "$work/${names[$j]}.out" | tail -1)"
    fi
  done
  pids=() names=()
  return $failed
}
status=0
wait_all || status=1
# The host device's and the fake driver's cases a process each, one after another: the
# driver reads its configuration when it loads (FAKECUDA_DEVICES), and the host device's
# memory cases measure the process's resident size.
each_case() {
  local spec="$1"; shift
  names_of "$spec" | escape >"$work/each"
  while IFS= read -r name; do
    run "$spec" "$@" -- "$name" "${catch_args[@]}"
    wait_all || status=1
  done <"$work/each"
}
each_case "[host-device]" UJIT_DISABLE_CUDA=1
each_case "[fakecuda]" LD_LIBRARY_PATH="$PWD/$build/tests/fakecuda"
run gpu UJIT_CACHE_DIR="$cache" -- "[gpu]" "${catch_args[@]}"
wait_all || status=1

# Every listed case ran: a name Catch2 could not match would otherwise drop out silently.
# Catch2 ends with "All tests passed (A assertions in N test cases)" or "test cases: N | ...".
ran=$(cat "$work"/shard*.out | grep -oE '[0-9]+ test cases?\)|test cases: +[0-9]+' |
  grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
if [[ $ran -ne $listed ]]; then
  echo "unit_in_process: $listed cases listed, $ran ran" >&2
  status=1
fi
exit $status
