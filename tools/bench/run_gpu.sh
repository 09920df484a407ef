#!/usr/bin/env bash
# Runs the GPU benchmarks on a machine with an NVIDIA GPU, everything to stdout, in under
# 4 minutes on an H100 (each step has a time limit out of a 225 s budget):
#
#   bash tools/bench/run_gpu.sh BIN_DIR
#
# BIN_DIR holds a prebuilt bench_gpu, or bench_gpu.gz (built where LLVM is, with
# -DUJIT_LLVM_STATIC=ON; strip and gzip it to carry it: about 60 MB → 19 MB). Shared
# libraries it needs that the GPU machine lacks (libfmt.so.9) can be put in BIN_DIR or
# BIN_DIR/lib; the script names any that are missing. Steps:
#   1. bench_gpu                 ujit and the raw driver, in one process
#   2. gpu_hand.cu               CUDA C++ peers, built here with nvcc -O3 -arch=sm_90
#                                (or BIN_DIR/gpu_hand when there is no nvcc)
#   3. gpu_peers.py              Numba and CuPy peers (python3, or $PYTHON)
#   4. bench_declared_call.py    a linked CUDA C++ device function against a ujit one, and
#      bench_warp_reduce.py      a warp-shuffle sum against CUDA C++'s __shfl_down_sync
#                                (both where ujit's Python extension is built)
#   5. gpu_summary.py            the issue's ratios, formed across the outputs
set -uo pipefail
bin=${1:?usage: run_gpu.sh BIN_DIR (the directory holding bench_gpu)}
bin=$(cd "$bin" && pwd) || exit 1
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
export CUDA_CACHE_DISABLE=1
export LD_LIBRARY_PATH="$bin:$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PYTHONUNBUFFERED=1
python=${PYTHON:-python3}
budget=225
log=$(mktemp /tmp/ujit_gpu_bench.XXXXXX.log)
work=$(mktemp -d /tmp/ujit_gpu_hand.XXXXXX)

# Seconds left for a step: at most $1, at least 5, out of the budget.
left() {
    local rest=$((budget - SECONDS))
    ((rest < 5)) && rest=5
    ((rest > $1)) && rest=$1
    echo "$rest"
}

{
    echo "== run_gpu.sh: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), repo $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), CUDA_CACHE_DISABLE=$CUDA_CACHE_DISABLE"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv 2>&1 || echo "nvidia-smi: not available"

    echo
    echo "== bench_gpu (ujit)"
    exe="$bin/bench_gpu"
    if [[ ! -x "$exe" && -f "$bin/bench_gpu.gz" ]]; then
        gunzip -c "$bin/bench_gpu.gz" >"$work/bench_gpu" && chmod +x "$work/bench_gpu" && exe="$work/bench_gpu"
    fi
    if [[ ! -x "$exe" ]]; then
        echo "bench_gpu: neither bench_gpu nor bench_gpu.gz in $bin"
    else
        if ldd "$exe" | grep -q "not found"; then
            echo "bench_gpu: missing shared libraries (copy them into $bin or $bin/lib):"
            ldd "$exe" | grep "not found"
        fi
        timeout "$(left 90)" "$exe" "$root"
        echo "bench_gpu: exit status $?"
    fi

    echo
    echo "== gpu_hand (CUDA C++)"
    nvcc=$(command -v nvcc || { [[ -x /usr/local/cuda/bin/nvcc ]] && echo /usr/local/cuda/bin/nvcc; })
    hand=""
    if [[ -n "$nvcc" ]]; then
        echo "$nvcc -O3 -arch=sm_90 ($("$nvcc" --version | tail -1))"
        if timeout "$(left 60)" "$nvcc" -O3 -arch=sm_90 -o "$work/gpu_hand" tools/bench/gpu_hand.cu; then
            hand="$work/gpu_hand"
        else
            echo "gpu_hand: nvcc failed"
        fi
    elif [[ -x "$bin/gpu_hand" ]]; then
        echo "no nvcc: using the prebuilt $bin/gpu_hand"
        hand="$bin/gpu_hand"
    else
        echo "gpu_hand: no nvcc and no prebuilt $bin/gpu_hand; skipped"
    fi
    if [[ -n "$hand" ]]; then
        timeout "$(left 60)" "$hand"
        echo "gpu_hand: exit status $?"
    fi

    echo
    echo "== gpu_peers.py (Numba, CuPy)"
    timeout "$(left 120)" "$python" tools/bench/gpu_peers.py "$root"
    echo "gpu_peers: exit status $?"

    echo
    echo "== bench_declared_call.py (ujit's Python package: linked CUDA C++ against ujit)"
    if PYTHONPATH="$root/lang/python" "$python" -c "import ujit.cuda" 2>/dev/null; then
        PYTHONPATH="$root/lang/python" timeout "$(left 60)" "$python" tools/bench/bench_declared_call.py
        echo "bench_declared_call: exit status $?"
        echo
        echo "== bench_warp_reduce.py (a warp-shuffle sum: ujit against CUDA C++)"
        PYTHONPATH="$root/lang/python" timeout "$(left 60)" "$python" tools/bench/bench_warp_reduce.py
        echo "bench_warp_reduce: exit status $?"
    else
        echo "bench_declared_call: skipped, ujit's Python extension is not built here (UJIT_PYTHON_EXT_DIR)"
    fi
} 2>&1 | tee "$log"

echo
echo "== summary"
status=0
"$python" tools/bench/gpu_summary.py "$log" || status=$?
echo "(log: $log; total ${SECONDS}s)"
rm -rf "$work"
exit "$status"
