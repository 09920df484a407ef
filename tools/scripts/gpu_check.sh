#!/usr/bin/env bash
# Runs on a GPU machine (no LLVM needed) from the repository root, with .device-bin/ made by
# tools/scripts/gpu_pack.sh: the [gpu] tests, the whole test binary, the CLI on the GPU,
# and the benchmarks. Output to stdout; scratch files in /tmp/ujit-gpu.
#   tools/scripts/gpu_check.sh [tests|bench|all]
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
out=/tmp/ujit-gpu
mkdir -p "$out" bin
for f in .device-bin/*.xz; do xz -dc "$f" > "bin/$(basename "$f" .xz)"; done
chmod +x bin/*
cp .device-bin/libfmt.so* bin/ 2>/dev/null
export LD_LIBRARY_PATH="$PWD/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# Test data is found through the source path compiled into the binaries.
src=$(cat .device-bin/source_dir)
if [[ "$src" != "$PWD" && ! -e "$src" ]]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
# The conformance test runs the CLI from where gpu_pack.sh built it.
mkdir -p build/static/tools/ujit && ln -sf "$PWD/bin/ujit" build/static/tools/ujit/ujit
export CUDA_CACHE_DISABLE=1 UJIT_CACHE_DIR="$out/cache"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

if [[ $what == tests || $what == all ]]; then
  echo "=== [gpu] tests"
  bin/ujit_tests "[gpu]" --durations yes -r compact 2>&1 | tail -60
  echo "=== the C API test (its CUDA paths run on the GPU)"
  bin/ujit_capi_test 2>&1 | tail -20
  echo "=== the host device, forced on this GPU machine (UJIT_DISABLE_CUDA=1)"
  UJIT_DISABLE_CUDA=1 bin/ujit_tests "[host-device]" -r compact 2>&1 | tail -3
  UJIT_DISABLE_CUDA=1 bin/ujit_capi_test 2>&1 | tail -3
  echo "=== the CLI on the GPU"
  bin/ujit --cuda-info
  python3 - "$out" <<'PY'
import sys, numpy as np
d = sys.argv[1]
np.save(f"{d}/x.npy", np.arange(1000, dtype=np.float32)); np.save(f"{d}/y.npy", np.full(1000, 2, np.float32))
np.save(f"{d}/o.npy", np.zeros(1000, np.float32)); np.save(f"{d}/a.npy", np.arange(64*64, dtype=np.float32).reshape(64, 64))
np.save(f"{d}/b.npy", np.zeros((64, 64), np.float32))
PY
  bin/ujit run lang/examples/add_kernel.py add_kernel "$out/x.npy" "$out/y.npy" "$out/o.npy" --launch 4,128 --save "$out/k" &&
  bin/ujit run lang/examples/tile_transpose.py tile_transpose "$out/a.npy" "$out/b.npy" --launch 2x2,32x32 --save "$out/t" &&
  bin/ujit run lang/examples/add_ufunc.py add_ufunc "$out/x.npy" "$out/y.npy" -o "$out/u.npy" &&
  python3 -c "
import numpy as np, sys; d=sys.argv[1]
x=np.arange(1000,dtype=np.float32)
assert (np.load(d+'/k/out.npy')==x+2).all(); assert (np.load(d+'/u.npy')==x+2).all()
a=np.arange(64*64,dtype=np.float32).reshape(64,64); assert (np.load(d+'/t/a_out.npy')==a.T).all()
print('CLI on the GPU: add_kernel, tile_transpose, add_ufunc match NumPy')" "$out"
  echo "=== Numba's PTX for a*b+c (FMA contraction without fastmath?)"
  python3 - <<'PY' || true
import numpy as np
np.row_stack = np.vstack
from numba import cuda, float32
@cuda.jit("void(float32[:], float32[:], float32[:], float32[:])")
def muladd(a, b, c, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = a[i] * b[i] + c[i]
ptx = muladd.inspect_asm(muladd.signatures[0]) if hasattr(muladd, "inspect_asm") else ""
print([l.strip() for l in ptx.splitlines() if "fma" in l or "mul." in l or "add.f32" in l or "add.rn" in l][:6])
PY
fi
if [[ $what == bench || $what == all ]]; then
  echo "=== CPU benchmarks ($(nproc) cores)"
  bin/bench_compile lang/examples
  bin/bench_call
  bin/bench_ufunc 10000000
  python3 tools/bench/ufunc_numpy.py 10000000 || true
  if [[ -x bin/bench_gpu && -f tools/bench/run_gpu.sh ]]; then
    echo "=== GPU benchmarks"
    bash tools/bench/run_gpu.sh bin
  fi
fi
if [[ $what == tests || $what == all ]]; then
  echo "=== whole test binary"
  bin/ujit_tests -r compact 2>&1 | tail -25
fi
