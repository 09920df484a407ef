#!/usr/bin/env bash
# Branch coldjit's check on a lent GPU machine (issue 22 item 3, the cold compile), run from
# the repository root after tools/scripts/gpu_pack.sh. Everything goes to stdout:
#   1. the tiered-load tests: a cold module's first launch on -O0 code, the full level
#      swapped in for the second launch and kept in the disk cache, threads launching across
#      the swap, first and second launch bit for bit, UJIT_CUDA_TIERED_JIT=0; the worker
#      thread's own tests beside them; then the GPU Python tests a tiered load touches;
#   2. PTX -> cubin for gaussian_pdf's loop by ptxas level, the driver's JIT and nvJitLink;
#   3. bench_gpu's cold-compile rows: a warm process (fresh Module, no disk cache: tiered,
#      and with UJIT_CUDA_TIERED_JIT=0), the driver's JIT at the full level and at -O0, the
#      second call (which waits for the full level), and new processes (empty disk cache,
#      then warm), three runs;
#   4. a new process from its start to its exit after a @cuda.jit kernel's one launch
#      (`ujit run`, cuInit included), with the driver's warm-up on and off
#      (UJIT_CUDA_WARMUP=0) and with the tiered load forced on, 5 runs each.
#   tools/scripts/gpu_check_coldjit.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work=$(mktemp -d /tmp/coldjit.XXXXXX)
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d . | sed 's/^/sm_/')
echo "arch: $arch; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
status=0

echo "=== 1. tiered loading tests"
UJIT_TEST_REQUIRE_GPU=1 UJIT_CACHE_DIR="$work/cache1" bin/ujit_tests "[tiered]" -r compact 2>&1 | tail -6
[[ ${PIPESTATUS[0]} == 0 ]] || status=1

echo "--- the GPU Python tests a tiered load touches (cubin cache, attributes, dynamic shared memory, launches)"
UJIT_CACHE_DIR="$work/cache1" timeout 600 python3 -m pytest -q -p no:cacheprovider -rs \
  tests/python/test_cuda_cubin_cache.py tests/python/test_cuda_kernel_attributes.py \
  tests/python/test_cuda_dynamic_shared_slices.py tests/python/test_cuda_launch_config.py \
  tests/python/test_cuda_ufunc_vector.py 2>&1 | tail -6
[[ ${PIPESTATUS[0]} == 0 ]] || status=1

echo "=== 2. PTX -> cubin by ptxas level (ms)"
UJIT_CACHE=0 bin/ujit ptx lang/examples/gaussian_pdf.py gaussian_pdf --arch "$arch" > "$work/gaussian.ptx"
echo "--- the driver's JIT (cuModuleLoadDataEx, CUDA_CACHE_DISABLE=1)"
CUDA_CACHE_DISABLE=1 timeout 120 python3 tools/bench/ptx_jit_probe.py "$work/gaussian.ptx"
echo "--- nvJitLink in process"
if [[ -x bin/ptx_cubin_probe ]]; then
  timeout 120 bin/ptx_cubin_probe --arch "$arch" "$work/gaussian.ptx"
else
  timeout 120 python3 tools/bench/ptx_jit_probe.py --nvjitlink "$work/gaussian.ptx"
fi

echo "=== 3. bench_gpu cold-compile rows (3 runs)"
for run in 1 2 3; do
  echo "--- run $run"
  CUDA_CACHE_DISABLE=1 timeout 300 bin/bench_gpu . 2>&1 |
    grep -E '^bench_gpu:|compile\.gaussian|launch\.gaussian|process\.' || status=1
done

echo "=== 4. new process to a kernel's first launch, cuInit included (ms, 5 runs)"
python3 - "$work" <<'PY'
import numpy as np, sys
w = sys.argv[1]
n = 1 << 20
np.save(f"{w}/x.npy", np.arange(n, dtype=np.float32))
np.save(f"{w}/y.npy", np.ones(n, dtype=np.float32))
np.save(f"{w}/out.npy", np.zeros(n, dtype=np.float32))
PY
# ujit run loads the full level at once (it launches once, then exits); the last line forces
# the tiered load on, to show what the CLI would pay with it (the -O0 JIT, then the full
# level's wait at exit).
for setting in "UJIT_CUDA_WARMUP=1" "UJIT_CUDA_WARMUP=0" "UJIT_CUDA_TIERED_JIT=1"; do
  times=()
  for i in 1 2 3 4 5; do
    t0=$(date +%s%N)
    env UJIT_CACHE=0 CUDA_CACHE_DISABLE=1 "$setting" bin/ujit run lang/examples/add_kernel.py add_kernel \
      "$work/x.npy" "$work/y.npy" "$work/out.npy" --launch 64,256 --save "$work/res" > /dev/null || status=1
    t1=$(date +%s%N)
    times+=("$(( (t1 - t0) / 1000000 ))")
  done
  echo "$setting: ${times[*]}"
done
python3 -c "
import numpy as np; r = np.load('$work/res/out.npy')
print('add_kernel result', 'matches' if np.array_equal(r, np.arange(1 << 20, dtype=np.float32) + 1) else 'WRONG')"

rm -rf "$work"
exit "$status"
