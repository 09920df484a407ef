#!/usr/bin/env bash
# Branch coldptx's check on a lent GPU machine (issue 22 item 3, the cold compile), from the
# repository root after
#   tools/scripts/gpu_pack.sh tools/ujit/ujit tests/ujit_tests tools/bench/bench_gpu tools/bench/bench_cold_compile
# Everything goes to stdout:
#   1. the JIT warm-up's and the tiered load's GPU tests; a short process's exit (ujit
#      --cuda-info) with the warm-up on and off: no failure, and what the exit's wait costs;
#   2. bench_cold_compile: source -> PTX by LLVM stage, PTX -> cubin through nvJitLink by
#      ptxas level, the driver's JIT (its first use in the process, then by level);
#   2b. the driver's JIT of gaussian_pdf's PTX from LLVM -O3 (ujit's) and -O0, by ptxas level;
#   3. bench_gpu's cold-compile rows, two runs with the warm-up on (the default) and two
#      with UJIT_CUDA_WARMUP=0: process.gaussian.first_launch "ujit-cold" is the new process
#      with an empty disk cache (target <= 40 ms), compile.gaussian.cold the warm process
#      (target <= 25 ms).
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work=$(mktemp -d /tmp/coldptx.XXXXXX)
echo "$(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | head -1)"
status=0

echo "=== 1. tests"
UJIT_TEST_REQUIRE_GPU=1 UJIT_CACHE_DIR="$work/cache" bin/ujit_tests "the device's JIT takes the warm-up's empty kernel" \
  -r compact 2>&1 | tail -3
[[ ${PIPESTATUS[0]} == 0 ]] || status=1
UJIT_TEST_REQUIRE_GPU=1 UJIT_CACHE_DIR="$work/cache" bin/ujit_tests "[tiered]" -r compact 2>&1 | tail -3
[[ ${PIPESTATUS[0]} == 0 ]] || status=1

echo "--- a short process exits cleanly while the JIT warm-up may run (ujit --cuda-info, 10 runs each; ms)"
for warmup in 1 0; do
  times=()
  for i in $(seq 10); do
    t0=$(date +%s%N)
    UJIT_CUDA_WARMUP=$warmup bin/ujit --cuda-info > /dev/null || { echo "ujit --cuda-info FAILED (rc $?)"; status=1; }
    times+=("$(( ($(date +%s%N) - t0) / 1000000 ))")
  done
  echo "UJIT_CUDA_WARMUP=$warmup: ${times[*]}"
done

echo "=== 2. bench_cold_compile"
CUDA_CACHE_DISABLE=1 timeout 300 bin/bench_cold_compile . || status=1

echo "=== 2b. the driver's JIT of gaussian_pdf's PTX made by LLVM -O3 (ujit's) and -O0 (the cheaper-pipeline lever)"
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d . | sed 's/^/sm_/')
for o in 3 0; do
  UJIT_CACHE=0 bin/ujit ptx lang/examples/gaussian_pdf.py gaussian_pdf --arch "$arch" -O $o > "$work/gaussian_llvm_O$o.ptx"
done
CUDA_CACHE_DISABLE=1 timeout 120 python3 tools/bench/ptx_jit_probe.py "$work/gaussian_llvm_O3.ptx" "$work/gaussian_llvm_O0.ptx"

echo "=== 3. bench_gpu cold-compile rows"
for warmup in 1 0; do
  for run in 1 2; do
    echo "--- UJIT_CUDA_WARMUP=$warmup, run $run"
    UJIT_CUDA_WARMUP=$warmup CUDA_CACHE_DISABLE=1 timeout 300 bin/bench_gpu . 2>&1 |
      grep -E '^bench_gpu:|compile\.gaussian|process\.' || status=1
  done
done
rm -rf "$work"
exit "$status"
