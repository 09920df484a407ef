#!/usr/bin/env bash
# calls25's check on the lent GPU machine (issue 25: Python call and launch overhead; issue
# 21 item 8: device-array views), from the repository root after tools/scripts/gpu_pack.sh:
# the tests it touched on the GPU, then tools/bench/bench_calls.py (ujit, Numba, CuPy and
# the C++ API's bin/bench_launch in one run, the @njit rows interleaved with Numba round by
# round on one core) and tools/bench/bench_device_arrays.py (ujit, Numba, CuPy), each naming
# the GPU, and bench_python.py's call rows (nothing in the call paths may get slower).
# Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== calls25: tests on the GPU"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_view_index.py \
  tests/python/test_cuda_occupancy_filters.py tests/python/test_cuda_device_views.py \
  tests/python/test_cuda_launch_config.py tests/python/test_cuda_python_calls.py 2>&1 | tail -8
echo "=== bench_calls.py: ujit, Numba, CuPy, C++ API in one run"
[[ -x bin/bench_launch ]] || echo "(bin/bench_launch not packed: no C++ column)"
timeout 500 python3 tools/bench/bench_calls.py --cxx bin/bench_launch 2>&1 | tail -32
echo "=== bench_device_arrays.py: views and a 1K view to the host against Numba and CuPy"
timeout 300 python3 tools/bench/bench_device_arrays.py 2>&1 | tail -8
echo "=== bench_python.py: the call rows"
timeout 300 python3 tools/bench/bench_python.py --only call 2>&1 | tail -12
