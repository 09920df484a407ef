#!/usr/bin/env bash
# Runs every CPU benchmark from a Release build: bash tools/bench/run.sh [build-dir]
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/../.."
"$build/tools/bench/bench_compile" lang/examples
"$build/tools/bench/bench_cache" lang/examples
"$build/tools/bench/bench_call"
"$build/tools/bench/bench_ufunc" 10000000
"$build/tools/bench/bench_gufunc" 4000000
if python3 -c 'import numpy' 2>/dev/null; then python3 tools/bench/ufunc_numpy.py 10000000;
elif /usr/bin/python3 -c 'import numpy' 2>/dev/null; then /usr/bin/python3 tools/bench/ufunc_numpy.py 10000000;
else echo "numpy peer: numpy not installed; skipped"; fi
