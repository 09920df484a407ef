#!/usr/bin/env bash
# The CPU comparison with Numba (issue 12), everything to stdout:
#
#   bash tools/bench/run_cpu.sh [BUILD_DIR] [N]      (defaults: build, 10000000)
#
#   1. bench_cpu          ujit and the C++ -O3 scalar-libm loops, one process
#   2. cpu_peers.py       Numba (where installed) and NumPy, same rows and data
#   3. cpu_summary.py     each row side by side, ratios ujit/Numba and ujit/C++, targets
#   4. the vector-math accuracy sweep at 10M points per function and type (the unit test
#      runs 1M), when BUILD_DIR has ujit_tests; skipped with UJIT_SKIP_ULP=1
# Python: $PYTHON, else python3 (the one with Numba, on the lent machine).
set -uo pipefail
build=${1:-build}
n=${2:-10000000}
cd "$(dirname "$0")/../.." || exit 1
python=${PYTHON:-python3}
log=$(mktemp /tmp/ujit_cpu_bench.XXXXXX.log)
{
    echo "== run_cpu.sh: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), repo $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores"
    grep -m1 "model name" /proc/cpuinfo
    echo
    echo "== bench_cpu (ujit, C++)"
    "$build/tools/bench/bench_cpu" "$n"
    echo "bench_cpu: exit status $?"
    echo
    echo "== cpu_peers.py (Numba, NumPy)"
    "$python" tools/bench/cpu_peers.py "$n"
    echo "cpu_peers: exit status $?"
} 2>&1 | tee "$log"
echo
echo "== summary"
"$python" tools/bench/cpu_summary.py "$log"
if [[ -x "$build/tests/ujit_tests" && "${UJIT_SKIP_ULP:-0}" != 1 ]]; then
    echo
    echo "== vector math: max ulp from glibc's scalar libm, 10M points per function and type"
    UJIT_ULP_POINTS=10000000 UJIT_ULP_REPORT=1 "$build/tests/ujit_tests" "[vecmath]" | grep -E "ulp|passed|failed"
fi
echo "(log: $log; total ${SECONDS}s)"
