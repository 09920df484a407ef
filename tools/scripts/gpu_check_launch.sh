#!/usr/bin/env bash
# launch's check on the lent GPU machine (issue 25 item 2, issue 22 item 2: launch cost), from
# the repository root after tools/scripts/gpu_pack.sh; builds nothing of ujit (the packed
# binaries). The before/after rows: the C++ API's bin/bench_launch (queued launch, CUDA ufunc
# 1K with and without out=, and empty kernels of 3, 9 and 27 u64 parameters: the driver's
# price per kernel parameter, which decides whether ujit's 2*ndim+1 words per array are worth
# narrowing), then tools/bench/bench_calls.py --only kernel (ujit, Numba, CuPy RawKernel and
# cp.add, and the C++ column, in one run naming the GPU), then the launch tests on the GPU.
# Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
if [[ -x bin/bench_launch ]]; then
  echo "=== bench_launch (C++ API), two runs of 5000 calls per row"
  for run in 1 2; do timeout 200 bin/bench_launch 5000 2>&1 | tail -10; echo "---"; done
else
  echo "(bin/bench_launch not packed: no C++ rows)"
fi
echo "=== bench_calls.py --only kernel: ujit, Numba, CuPy, C++ API in one run"
timeout 400 python3 tools/bench/bench_calls.py --only kernel --cxx bin/bench_launch 2>&1 | tail -24
echo "=== the same with --cpu-time (the launching thread's CPU time: submit cost without GPU queueing)"
timeout 400 python3 tools/bench/bench_calls.py --only kernel --cpu-time --cxx bin/bench_launch 2>&1 | tail -24
echo "=== launch tests on the GPU"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_launch_config.py \
  tests/python/test_cuda_occupancy_filters.py tests/python/test_cuda_python_calls.py \
  tests/python/test_cuda_ufunc_args.py 2>&1 | tail -8
