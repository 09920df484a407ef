#!/usr/bin/env bash
# bf16's check on the lent GPU machine (issue 20: bfloat16 and fp8 in kernels), from the
# repository root after tools/scripts/gpu_pack.sh: ujit's bfloat16 and fp8 tests on the GPU
# (correctly rounded arithmetic, conversions in each rounding, fp8 encodings, against the
# oracles written in the tests), then numba-cuda's test_bfloat16, test_bfloat16_bindings,
# test_fp8_bindings and test_cupy_bfloat16_interop with `numba` resolving to ujit, the GPU
# named. Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>/dev/null | head -1
echo "=== tests/python: bfloat16 and fp8 on the GPU"
PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" timeout 500 python3 -m pytest -q -p no:cacheprovider \
  tests/python/test_cuda_bf16.py tests/python/test_cuda_fp8.py tests/python/test_cuda_fp16.py 2>&1 | tail -12
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda's bfloat16 and fp8 files, numba resolving to ujit"
  PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" timeout 900 python3 tools/cuda_suite/run_suite.py \
    --suite .device-bin/cudapy \
    --only test_bfloat16,test_bfloat16_bindings,test_fp8_bindings,test_cupy_bfloat16_interop \
    --list-failures 2>&1 | tail -60
fi
