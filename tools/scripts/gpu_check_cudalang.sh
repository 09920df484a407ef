#!/usr/bin/env bash
# The cudalang branch's check on a lent GPU machine (issue 20 item 2: the kernel language),
# run from the repository root after tools/scripts/gpu_pack.sh, as gpu_python.sh runs: its
# new pytest files on the GPU, then its numba-cuda suite files, each file's counts printed
# (the GPU run before this branch: /work/.device/11/cuda_suite.json).
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== cudalang: pytest on the GPU"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_kernel_language.py \
  tests/python/test_dynamic_source.py 2>&1 | tail -15

[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== cudalang: numba-cuda suite files"
  timeout 400 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 8 \
    --only test_atomics,test_intrinsics,test_inline,test_device_array_capture,test_caching,test_cache_hints,test_math,test_array_alignment,test_constmem \
    --summary /tmp/cudalang_suite.json 2>&1 | tail -40
  mkdir -p "${OUT:-/tmp}" && cp /tmp/cudalang_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
