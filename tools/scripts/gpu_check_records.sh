#!/usr/bin/env bash
# The records branch on a GPU machine, from the repository root after tools/scripts/gpu_pack.sh
# (unpacks .device-bin/ and builds the Python extension as gpu_python.sh does): the [records]
# C++ tests and the C API test on the GPU, tests/python/test_records.py (kernels on record
# arrays and records through the GPU), and numba-cuda's suite files about records and
# datetimes (test_record_dtype, test_datetime, test_const_string, test_alignment,
# test_debuginfo) with `numba` resolving to ujit. Output to stdout; the suite's summary also
# to $OUT/records_suite.json.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
src=$(cat .device-bin/source_dir 2>/dev/null || echo "$PWD")
if [[ "$src" != "$PWD" && ! -e "$src" ]]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
export CUDA_CACHE_DISABLE=1 UJIT_CACHE_DIR=/tmp/ujit-records-cache

echo "=== [records] C++ tests (kernels on the GPU)"
bin/ujit_tests "[records]" -r compact 2>&1 | tail -15
echo "=== the C API test (records: capi_records.c)"
bin/ujit_capi_test 2>&1 | tail -10

echo "=== tests/python/test_records.py on the GPU"
python3 -m pytest -q -p no:cacheprovider tests/python/test_records.py 2>&1 | tail -15

[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda's record and datetime suite files, numba resolving to ujit"
  timeout 500 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --jobs 4 \
    --only test_record_dtype,test_datetime,test_const_string,test_alignment,test_debuginfo \
    --summary /tmp/records_suite.json --list-failures 2>&1 | tail -120
  mkdir -p "${OUT:-/tmp}" && cp /tmp/records_suite.json "${OUT:-/tmp}/" 2>/dev/null
fi
