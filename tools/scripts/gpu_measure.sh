#!/usr/bin/env bash
# The open issues' measurements on a lent GPU machine, in one call (under 10 minutes), from
# the repository root with .device-bin/ made by tools/scripts/gpu_pack.sh:
#   tools/scripts/gpu_measure.sh [PART...]     parts: cpu kernels gufunc call python gpu
#                                              (default: all, in that order)
#   cpu      run_cpu.sh: bench_cpu against Numba and C++ (issue 12)
#   kernels  bench_kernel_cpu, and Numba's CUDA simulator on the same kernels (issue 9)
#   gufunc   bench_gufunc: CPU gufuncs against C++ and Numba's CPU gufunc (issue 8)
#   call     bench_call: the C++ and C API dynamic calls (issue 10)
#   python   the extension built for this Python; bench_python.py: call, start-up and GPU
#            ufuncs against Numba and CuPy (issue 10)
#   gpu      run_gpu.sh: the GPU benchmarks with their CUDA C++, Numba and CuPy peers
# Each part has a time limit; everything goes to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
parts=("$@")
((${#parts[@]})) || parts=(cpu kernels gufunc call python gpu)
mkdir -p bin
for f in .device-bin/*.xz; do xz -dc "$f" > "bin/$(basename "$f" .xz)"; done
chmod +x bin/*
cp .device-bin/libfmt.so* bin/ 2>/dev/null
ln -sf libujit.so.0 bin/libujit.so
export LD_LIBRARY_PATH="$PWD/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
src=$(cat .device-bin/source_dir)
if [[ "$src" != "$PWD" && ! -e "$src" ]]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
export UJIT_CACHE_DIR=/tmp/ujit-measure-cache CUDA_CACHE_DISABLE=1 PYTHONUNBUFFERED=1
# Numba imports np.row_stack, which NumPy 2.x removed: give NumPy the alias back on this
# machine (not through sitecustomize, which would import NumPy into every process).
npinit=$(python3 -c 'import numpy, sys; sys.stdout.write(numpy.__file__)' 2>/dev/null)
if [[ -n "$npinit" ]] && ! python3 -c 'import numpy; numpy.row_stack' 2>/dev/null; then
  echo 'row_stack = vstack  # added by ujit gpu_measure.sh for numba' >> "$npinit"
fi
echo "== gpu_measure: $(date -u '+%F %T UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null

for part in "${parts[@]}"; do
  echo
  echo "=================== $part"
  case $part in
    cpu)  # run_cpu.sh looks for BUILD/tools/bench/bench_cpu
      mkdir -p bin/layout/tools/bench && ln -sf "$PWD/bin/bench_cpu" bin/layout/tools/bench/bench_cpu
      UJIT_SKIP_ULP=1 timeout 150 bash tools/bench/run_cpu.sh bin/layout 10000000 ;;
    kernels)
      timeout 60 bin/bench_kernel_cpu 5
      timeout 100 python3 tools/bench/kernel_cpu_sim.py ;;
    gufunc)
      timeout 60 bin/bench_gufunc
      timeout 60 python3 - <<'PY'
import time, numpy as np
import numba
from numba import guvectorize
@guvectorize(['(float32[:,:], float32[:,:], float32[:,:])'], '(m, n),(n, p)->(m, p)')
def batch_matrix_mult(a, b, c):
    for i in range(c.shape[0]):
        for j in range(c.shape[1]):
            tmp = 0.
            for n in range(a.shape[1]):
                tmp += a[i, n] * b[n, j]
            c[i, j] = tmp
a = np.random.rand(4_000_000, 2, 2).astype(np.float32); b = np.random.rand(4_000_000, 2, 2).astype(np.float32)
c = batch_matrix_mult(a, b)
ts = []
for _ in range(7):
    t = time.perf_counter(); batch_matrix_mult(a, b); ts.append(time.perf_counter() - t)
ts.sort(); print("Numba CPU gufunc batch_matrix_mult 4M 2x2 f32: %.2f ms (median of 7)" % (ts[3] * 1e3))
ts = []
for _ in range(7):
    t = time.perf_counter(); np.matmul(a, b); ts.append(time.perf_counter() - t)
ts.sort(); print("NumPy matmul 4M 2x2 f32: %.2f ms (median of 7)" % (ts[3] * 1e3))
PY
      ;;
    call) timeout 60 bin/bench_call ;;
    python)
      ext=$(lang/python/build_ext.sh bin build/python 2>&1 | tail -1)
      echo "extension: $ext"
      export PYTHONPATH="$PWD/lang/python" UJIT_PYTHON_EXT_DIR="$PWD/build/python"
      timeout 200 python3 tools/bench/bench_python.py --calls 300000 ;;
    gpu) timeout 240 bash tools/bench/run_gpu.sh bin ;;
    *) echo "unknown part $part" ;;
  esac
done
