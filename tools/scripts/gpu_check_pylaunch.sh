#!/usr/bin/env bash
# Issue 25 / issue 22 item 2 on the lent GPU machine, after tools/scripts/gpu_pack.sh (run from
# the repository root, as gpu_python.sh is): builds the Python extension there, runs the launch
# and CUDA-ufunc tests on the GPU, then tools/bench/bench_calls.py: @njit calls with arrays,
# kernel launches and CUDA ufuncs for ujit, Numba, CuPy and the C++ API (bin/bench_launch)
# in one run, naming the GPU, and bench_python.py's add_ufunc rows. Output to stdout.
#   tools/scripts/gpu_check_pylaunch.sh [tests|bench|all]
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
if [[ $what == tests || $what == all ]]; then
  echo "=== launch and CUDA ufunc tests on the GPU"
  timeout 500 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_launch_config.py \
    tests/python/test_cuda_python_calls.py tests/python/test_cuda_ufunc_args.py tests/python/test_cuda_device_views.py 2>&1 | tail -15
fi
if [[ $what == bench || $what == all ]]; then
  echo "=== bench_calls.py (issue 25): ujit, Numba, CuPy, C++ API in one run"
  [[ -x bin/bench_launch ]] || echo "(bin/bench_launch not packed: no C++ column)"
  timeout 500 python3 tools/bench/bench_calls.py --cxx bin/bench_launch 2>&1 | tail -30
  echo "=== bench_python.py --only gpu (issue 22 item 2)"
  timeout 300 python3 tools/bench/bench_python.py --only gpu 2>&1 | tail -12
fi
