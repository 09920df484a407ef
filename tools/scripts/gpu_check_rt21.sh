#!/usr/bin/env bash
# Issue 21's runtime points (branch rt21) on a GPU machine, from the repository root after
# tools/scripts/gpu_pack.sh: gpu_check_records.sh first (the [records] C++ tests, record device
# arrays among them, and the C API test, test_device_records included), then the Python tests
# of record device arrays and of pinned and mapped memory through an EMM plugin's
# memhostalloc/mempin, numba-cuda's suite files about them with `numba` resolving to ujit
# (cudadrv: packed by pack_cudapy_for_device.sh beside cudapy), and the declared-call bench
# with its LTO probe. Output to stdout; the suite's summary also to $OUT/rt21_suite.json.
set -uo pipefail
cd "$(dirname "$0")/../.."
bash tools/scripts/gpu_check_records.sh
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
src=$(cat .device-bin/source_dir 2>/dev/null || echo "$PWD")
if [[ "$src" != "$PWD" && ! -e "$src" ]]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
export CUDA_CACHE_DISABLE=1 UJIT_CACHE_DIR=/tmp/ujit-rt21-cache

echo "=== Python: record device arrays, EMM host memory, EMM, memory kinds"
python3 -m pytest -q -p no:cacheprovider tests/python/test_cuda_record_arrays.py \
  tests/python/test_cuda_emm_host_memory.py tests/python/test_cuda_emm.py tests/python/test_cuda_memory_kinds.py \
  2>&1 | tail -20

[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda's cudapy files: records, the array interface"
  timeout 240 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 4 \
    --only test_record_dtype,test_cuda_array_interface --summary /tmp/rt21_suite.json --list-failures 2>&1 | tail -40
  mkdir -p "${OUT:-/tmp}" && cp /tmp/rt21_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
if [[ -d .device-bin/cudadrv ]]; then
  echo "=== numba-cuda's cudadrv files: device records, EMM plugins, pinned and host memory"
  timeout 180 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudadrv --jobs 4 \
    --only test_cuda_devicerecord,test_emm_plugins,test_pinned,test_host_alloc,test_managed_alloc \
    --list-failures 2>&1 | tail -30
fi

echo "=== bench_declared_call.py (target: linked CUDA C++ within 1.05x of the ujit device function)"
timeout 120 python3 tools/bench/bench_declared_call.py 2>&1 | tail -8
echo "=== declared_call_lto_probe.py"
timeout 120 python3 tools/bench/declared_call_lto_probe.py 2>&1 | tail -8
