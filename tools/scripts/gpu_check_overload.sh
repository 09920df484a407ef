#!/usr/bin/env bash
# overload's check on the lent GPU machine (issue 20: @overload for CUDA, recursion, call
# forms in kernels), from the repository root after tools/scripts/gpu_pack.sh: its tests on
# the GPU, then the numba-cuda suite files it touched (test_overload, test_ssa,
# test_recursion, test_make_function_to_jit_function, test_device_func). Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== overload: pytest on the GPU"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_overload.py tests/python/test_recursion.py \
  tests/python/test_extending.py tests/python/test_cuda_kernel_calls.py tests/python/test_cuda_nvrtc.py tests/python/test_cuda_tuple_args.py tests/python/test_dead_branches.py 2>&1 | tail -15

[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== overload: numba-cuda suite files"
  timeout 400 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 8 \
    --only test_overload,test_ssa,test_recursion,test_make_function_to_jit_function,test_device_func,test_array_args \
    --summary /tmp/overload_suite.json --list-failures 2>&1 | tail -40
  mkdir -p "${OUT:-/tmp}" && cp /tmp/overload_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
