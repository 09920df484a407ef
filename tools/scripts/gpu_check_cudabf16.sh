#!/usr/bin/env bash
# cudabf16's check on the lent GPU machine (after tools/scripts/gpu_pack.sh, from the repository
# root): the tests of @cuda.jit's debug/opt/lineinfo warnings, the low-occupancy bound, the
# shared/local array typing errors and type annotations, lineinfo/debug info and opt=False
# (tests/python), then numba-cuda's suite files these touch (the debug=True, opt=False kernels
# of test_exception/test_fastmath/test_userexc now load as unoptimized PTX with DWARF), with
# `numba` resolving to ujit. Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== tests/python: cuda.jit options and warnings, shared/local array typing"
PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" python3 -m pytest -q -p no:cacheprovider \
  tests/python/test_cuda_jit_options_warnings.py tests/python/test_cuda_shared_array_typing.py \
  tests/python/test_cuda_debug_info.py \
  tests/python/test_numba_names.py tests/python/test_cuda_launch_config.py 2>&1 | tail -8
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda suite files touched by cudabf16, numba resolving to ujit"
  PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" timeout 900 python3 tools/cuda_suite/run_suite.py \
    --suite .device-bin/cudapy \
    --only test_warning,test_sm_creation,test_lineinfo,test_debuginfo,test_inline,test_optimization,test_exception,test_fastmath,test_userexc,test_cuda_jit_no_types \
    --list-failures 2>&1 | tail -60
fi
