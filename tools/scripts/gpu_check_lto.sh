#!/usr/bin/env bash
# The LTO link of kernels calling CUDA C++ (issue 21's declared-call row) on a lent GPU
# machine, from the repository root after
#   tools/scripts/gpu_pack.sh tools/ujit/ujit
#   tools/scripts/pack_cudapy_for_device.sh NUMBA_CUDA_CHECKOUT   (for `suite`)
#   tools/scripts/pack_cffi_for_device.sh; tools/scripts/pack_filecheck_for_device.sh
# Everything goes to stdout; the suite's summary and link log to $OUT.
#   bench: bench_declared_call.py three times with the kernel linked as LTO-IR (the default
#          where libNVVM is found) and three times as PTX (UJIT_CUDA_LTO=0);
#   tests: the GPU Python tests that link CUDA C++ (declare_device, NVRTC);
#   suite: numba-cuda's tests/cudapy with every kernel linked through libNVVM and nvJitLink
#          (UJIT_CUDA_LTO=always), so that each kernel the suite checks runs the LTO path;
#          $OUT/lto.log says how each link went (lto, or ptx and why).
#   tools/scripts/gpu_check_lto.sh [bench|tests|suite]...
set -uo pipefail
cd "$(dirname "$0")/../.."
asked=("${@:-bench}")
source tools/scripts/gpu_python.sh none  # sets its own `what` and `has`: ours come after
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
what=("${asked[@]}")
has() { local w; for w in "${what[@]}"; do [[ $w == "$1" ]] && return 0; done; return 1; }
ls /usr/local/cuda/nvvm/lib64/libnvvm.so* 2>/dev/null | head -1
status=0
if has bench; then
  for lto in 1 0; do
    echo "=== bench_declared_call, UJIT_CUDA_LTO=$lto"
    for run in 1 2 3; do
      UJIT_CUDA_LTO=$lto UJIT_CUDA_LTO_LOG=/tmp/bench_lto.log timeout 200 python3 tools/bench/bench_declared_call.py 2>&1 |
        tail -4 || status=1
    done
    cut -f2 /tmp/bench_lto.log | sort | uniq -c; rm -f /tmp/bench_lto.log
  done
fi
if has tests; then
  echo "=== GPU Python tests linking CUDA C++"
  python3 -m pytest -q -p no:cacheprovider -rs tests/python/test_cuda_declare_device.py tests/python/test_cuda_nvrtc.py \
    2>&1 | grep -v "Warning\|warnings.warn\|^  \|^$" | tail -40
  [[ ${PIPESTATUS[0]} == 0 ]] || status=1
fi
if has suite; then
  [[ -d .device-bin/cudapy ]] || tar xJf .device-bin/cudapy.tar.xz -C .device-bin
  echo "=== numba-cuda tests/cudapy, every kernel linked through libNVVM (UJIT_CUDA_LTO=always)"
  mkdir -p "${OUT:-/tmp}"
  UJIT_CUDA_LTO=always UJIT_CUDA_LTO_LOG="${OUT:-/tmp}/lto.log" timeout 520 python3 tools/cuda_suite/run_suite.py \
    --suite .device-bin/cudapy --jobs 12 --summary "${OUT:-/tmp}/cuda_suite_lto.json" 2>&1 | tail -40
  echo "--- how the suite's kernels were linked"
  cut -f2 "${OUT:-/tmp}/lto.log" | cut -c1-140 | sort | uniq -c | sort -rn | head -25
fi
exit "$status"
