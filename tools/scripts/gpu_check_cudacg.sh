#!/usr/bin/env bash
# cudacg's check on the lent GPU machine (after tools/scripts/gpu_pack.sh, from the repository
# root): the ufunc-output tests (np.sin(x, out), np.add(a, b, out=o), in kernels on the GPU and
# in @njit), the kernel attributes (get_regs_per_thread & co: C++, C and Python) and numba-cuda's
# test_ufuncs.py, test_complex.py and test_dispatcher.py with `numba` resolving to ujit.
# Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh setup-only
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== ujit_tests: ufunc outputs and kernel attributes; the C API's CUDA paths"
bin/ujit_tests "[ufunc_out],[kernel_attributes]" -r compact 2>&1 | tail -5
bin/ujit_capi_test 2>&1 | tail -5
echo "=== tests/python: ufunc outputs (kernels on the GPU), kernel attributes"
PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" python3 -m pytest -q -p no:cacheprovider \
  tests/python/test_ufunc_outputs.py tests/python/test_cuda_kernel_attributes.py 2>&1 | tail -5
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  for f in test_ufuncs test_complex test_dispatcher; do
    echo "=== numba-cuda $f.py with numba resolving to ujit"
    PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" timeout 600 python3 tools/cuda_suite/run_suite.py \
      --suite .device-bin/cudapy --only "$f" --list-failures 2>&1 | tail -25
  done
fi
