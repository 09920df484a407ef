#!/usr/bin/env bash
# What ujit itself spends around cuLaunchKernel, without a GPU: the counting fake driver
# (tests/fixtures/fake_libcuda.cpp) stands in for libcuda.so.1, so a launch costs only ujit's
# own path. Prints fake_launch_calls.py's rows (Python time, driver calls, the C++ API's
# bench_launch beside it, Python/C++), then callgrind's instructions per call of ROW from
# Python and from C++: each the difference of two runs that differ only in their number of
# calls, so start-up and compilation cancel out.
#   tools/bench/perf_launch.sh [BUILD [ROW]]      default build/release, "launch queued"
# UJIT_PERF_PYTHON picks the Python (default /usr/bin/python3, the one the build's extension
# is for); UJIT_PERF_CALLGRIND=0 skips the callgrind part.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:-build/release}")
row=${2:-launch queued}
py=${UJIT_PERF_PYTHON:-/usr/bin/python3}
bench=$build/tools/bench/bench_launch
export LD_LIBRARY_PATH="$build/tests/fakecuda" PYTHONPATH="$PWD/lang/python"
export UJIT_PYTHON_EXT_DIR="$build/lang/python"
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export UJIT_CACHE_DIR="$cache"

"$py" -W ignore tools/bench/fake_launch_calls.py --cxx "$bench"
[[ ${UJIT_PERF_CALLGRIND:-1} == 1 ]] || exit 0

# Instructions of a command under callgrind (its "summary:" line).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$cache/cg.out" "$@" >/dev/null 2>&1
  awk '/^summary:/ {print $2}' "$cache/cg.out"
}
# bench_launch CALLS ROW makes 1 + 5 * CALLS calls; fake_launch_calls.py --untimed N makes N
# (each after the same warm-up). The timed run above filled the disk cache, so neither run of
# a pair compiles; a build changed between the two runs of a pair gives nonsense (checked).
cxx_lo=$(instructions "$bench" 200 "$row")
cxx_hi=$(instructions "$bench" 400 "$row")
py_lo=$(instructions "$py" -W ignore tools/bench/fake_launch_calls.py --only "$row" --untimed 1000)
py_hi=$(instructions "$py" -W ignore tools/bench/fake_launch_calls.py --only "$row" --untimed 2000)
cxx=$(((cxx_hi - cxx_lo) / 1000))
pyi=$(((py_hi - py_lo) / 1000))
((cxx > 0 && pyi > 0)) || { echo "perf_launch: a run of a pair compiled or the build changed: run again"; exit 1; }
echo "$row, instructions per call (callgrind): Python $pyi, C++ $cxx, Python/C++ $(awk "BEGIN {printf \"%.2f\", $pyi / $cxx}")x"
