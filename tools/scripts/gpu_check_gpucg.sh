#!/usr/bin/env bash
# Branch gpucg's check on a lent GPU machine (issue 22, items 1 and 3), run from the
# repository root after tools/scripts/gpu_pack.sh (it unpacks .device-bin/ as
# tools/scripts/gpu_python.sh does). Everything goes to stdout:
#   1. the PTX of the elementwise kernels: the ufunc loop's vector path (ld.global.v4.f32)
#      where the kernel is light, none for gaussian_pdf; add_kernel as the user wrote it;
#   2. PTX -> cubin for that PTX by ptxas level: the driver's JIT (CUDA_CACHE_DISABLE=1)
#      and nvJitLink in process (the cold-compile levers), gaussian_pdf at LLVM -O1 and -O3;
#   3. the vector and scalar loop variants against NumPy on the GPU (misaligned views, odd
#      lengths, scalars), the disk-cached cubin's reuse and rebuild across processes, and the
#      ufunc argument rules;
#   4. tools/bench/run_gpu.sh: bench_gpu's elementwise and compile rows with the hand CUDA
#      C++, Numba and CuPy peers in the same run, and the summary (its exit status is ours).
#   tools/scripts/gpu_check_gpucg.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
unset UJIT_CACHE_DIR  # the ujit default cache, but for step 3
work=$(mktemp -d /tmp/gpucg.XXXXXX)

echo "=== 1. PTX of the elementwise kernels"
UJIT_CACHE=0 bin/ujit ptx lang/examples/add_ufunc.py add_ufunc --arch sm_90 > "$work/add_ufunc.ptx"
UJIT_CACHE=0 bin/ujit ptx lang/examples/gaussian_pdf.py gaussian_pdf --arch sm_90 > "$work/gaussian_O3.ptx"
UJIT_CACHE=0 bin/ujit ptx lang/examples/gaussian_pdf.py gaussian_pdf --arch sm_90 -O 1 > "$work/gaussian_O1.ptx"
UJIT_CACHE=0 bin/ujit ptx lang/examples/add_kernel.py add_kernel --arch sm_90 \
  --sig 'void(float32[:], float32[:], float32[:])' > "$work/add_kernel.ptx"
for p in "$work"/*.ptx; do
  printf '%-20s %5d lines, %d vector accesses\n' "$(basename "$p")" "$(wc -l < "$p")" "$(grep -cE '\.v[24]\.' "$p")"
done
cmp -s "$work/gaussian_O1.ptx" "$work/gaussian_O3.ptx" && echo "gaussian_pdf: LLVM -O1 and -O3 give the same PTX"

echo "=== 2. PTX -> cubin by ptxas level (ms)"
echo "--- the driver's JIT (cuModuleLoadDataEx, CUDA_CACHE_DISABLE=1)"
CUDA_CACHE_DISABLE=1 timeout 120 python3 tools/bench/ptx_jit_probe.py "$work"/*.ptx
echo "--- nvJitLink in process"
timeout 120 python3 tools/bench/ptx_jit_probe.py --nvjitlink "$work"/*.ptx

echo "=== 3. vector and scalar loops against NumPy on the GPU"
export UJIT_CACHE_DIR="$work/cache"
timeout 300 python3 -m pytest -q -p no:cacheprovider -rs tests/python/test_cuda_ufunc_vector.py \
  tests/python/test_cuda_cubin_cache.py tests/python/test_cuda_ufunc_args.py 2>&1 | tail -8
unset UJIT_CACHE_DIR

echo "=== 4. run_gpu.sh"
bash tools/bench/run_gpu.sh bin
status=$?
rm -rf "$work"
exit "$status"
