#!/usr/bin/env bash
# The cudalang branch's check on a lent GPU machine (issue 20: kernel-language gaps), run from
# the repository root after tools/scripts/gpu_pack.sh, as gpu_python.sh runs: its pytest files
# on the GPU (cuda.libdevice, launch_bounds= and shared_memory_carveout=, array reductions in
# kernels with literal_unroll), then the numba-cuda suite files it touched, each file's counts
# printed (the GPU run before this round, /work/notes/suite-764.json: test_libdevice 0 of 3,
# test_dispatcher 28 of 44, test_array_reductions 0 of 16; on the host device now: 346 of 346
# and 12 of 16).
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== cudalang: pytest on the GPU"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_libdevice.py \
  tests/python/test_cuda_launch_options.py tests/python/test_cuda_array_reductions.py \
  tests/python/test_cuda_kernel_language.py 2>&1 | tail -15

[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== cudalang: numba-cuda suite files"
  timeout 500 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 8 \
    --only test_libdevice,test_dispatcher,test_array_reductions,test_cache_hints,test_array_alignment,test_constmem \
    --summary /tmp/cudalang_suite.json 2>&1 | tail -40
  mkdir -p "${OUT:-/tmp}" && cp /tmp/cudalang_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
