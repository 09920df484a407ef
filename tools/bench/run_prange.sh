#!/usr/bin/env bash
# parallel=True against Numba (issue 19, speed rows), everything to stdout:
#
#   bash tools/bench/run_prange.sh [BUILD_DIR] [FILL_N] [SUM_N]   (defaults: build, 10M, 100M)
#
#   1. bench_prange       ujit: prange fill and prange sum, all threads and one
#   2. prange_peers.py    Numba (where installed): the same rows
# Python: $PYTHON, else python3 (the one with Numba, on the lent machine).
set -uo pipefail
build=${1:-build}
fill=${2:-10000000}
sum=${3:-100000000}
cd "$(dirname "$0")/../.." || exit 1
python=${PYTHON:-python3}
echo "== run_prange.sh: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), repo $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores"
grep -m1 "model name" /proc/cpuinfo
echo "== bench_prange (ujit)"
"$build/tools/bench/bench_prange" "$fill" "$sum"
echo "== prange_peers.py (Numba)"
"$python" tools/bench/prange_peers.py "$fill" "$sum"
