#!/usr/bin/env bash
# Branch gpuspeed's check on a lent GPU machine (issue 22, items 1 and 3), run from the
# repository root after tools/scripts/gpu_pack.sh. Everything goes to stdout:
#   1. add_kernel's PTX: the grid-stride loop's 16-byte vector version (ld.global.v4.f32)
#      next to the scalar tail (codegen/grid_stride_vector.hpp);
#   2. the cold-compile levers, PTX -> cubin by ptxas level, the driver's JIT and nvJitLink
#      in process: gaussian_pdf's loop as ujit emits it, with its IEEE divisions moved into
#      one shared .func per kind, and with them replaced by multiplications (their share);
#      and add_kernel's PTX with its vector version (what item 1 adds to a compile);
#   3. the grid-stride vector loop against NumPy on the GPU (lengths, offsets, strides,
#      out is x) and the ufunc vector loop's tests beside it;
#   4. tools/bench/run_gpu.sh: bench_gpu's elementwise rows (copy, add_ufunc, add_kernel,
#      gaussian_pdf) and cold-compile rows (warm process, new process with an empty disk
#      cache) with the hand CUDA C++, Numba and CuPy peers in the same run, and the summary
#      (its exit status is ours).
#   tools/scripts/gpu_check_gpuspeed.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/gpu_python.sh none
work=$(mktemp -d /tmp/gpuspeed.XXXXXX)
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d . | sed 's/^/sm_/')
echo "arch: $arch"

echo "=== 1. add_kernel's PTX"
for t in float32 float64; do
  sig="$t[::1]"
  ptx="$work/add_kernel_$t.ptx"
  UJIT_CACHE=0 bin/ujit ptx lang/examples/add_kernel.py add_kernel --arch "$arch" \
    --sig "void($sig, $sig, $sig)" > "$ptx"
  printf 'add_kernel(%s): %d vector accesses (%s), %d scalar\n' "$sig" \
    "$(grep -cE '(ld|st)\.global\.v[24]\.' "$ptx")" \
    "$(grep -oE '(ld|st)\.global\.v[24]\.f(32|64)' "$ptx" | sort -u | tr '\n' ' ')" \
    "$(grep -cE '(ld|st)\.global\.f(32|64)' "$ptx")"
done

echo "=== 2. cold-compile levers: PTX -> cubin (ms)"
UJIT_CACHE=0 bin/ujit ptx lang/examples/gaussian_pdf.py gaussian_pdf --arch "$arch" > "$work/gaussian.ptx"
python3 tools/bench/ptx_division_variants.py "$work/gaussian.ptx" "$work"
echo "--- the driver's JIT (cuModuleLoadDataEx, CUDA_CACHE_DISABLE=1)"
CUDA_CACHE_DISABLE=1 timeout 120 python3 tools/bench/ptx_jit_probe.py "$work"/*.ptx
echo "--- nvJitLink in process"
if [[ -x bin/ptx_cubin_probe ]]; then
  timeout 120 bin/ptx_cubin_probe --arch "$arch" "$work"/*.ptx
else
  timeout 120 python3 tools/bench/ptx_jit_probe.py --nvjitlink "$work"/*.ptx
fi

echo "=== 3. grid-stride and ufunc vector loops against NumPy on the GPU"
timeout 300 python3 -m pytest -q -p no:cacheprovider -rs tests/python/test_cuda_grid_stride_vector.py \
  tests/python/test_cuda_ufunc_vector.py 2>&1 | tail -8

echo "=== 4. run_gpu.sh"
bash tools/bench/run_gpu.sh bin
status=$?
rm -rf "$work"
exit "$status"
