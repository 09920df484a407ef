#!/usr/bin/env bash
# sort's check on the lent GPU machine's CPU (issue 18 item 7: np.sort of 1M float64 <= 1.1x
# NumPy, whose 2.x sorts with x86-simd-sort's AVX-512 quicksort there), from the repository
# root after tools/scripts/gpu_pack.sh. One thread; ujit and NumPy (and the machine's Numba)
# take turns in the same run: bench_nplib.py's `a.sort() 1M float64` row, then bench_sort.py's
# sort and argsort rows by dtype and length. Also prints the CPU, whether it has AVX-512, and
# the vector sort's tests against NumPy. Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export UJIT_CACHE_DIR=/tmp/ujit-sort-cache PYTHONUNBUFFERED=1 NUMBA_NUM_THREADS=1 OMP_NUM_THREADS=1
echo "== gpu_check_sort: $(date -u '+%F %T UTC'), $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "AVX-512: $(grep -o -w -E 'avx512(f|dq|vl|bw)' /proc/cpuinfo | sort -u | tr '\n' ' ')"
python3 -c "import numpy; numpy.show_runtime()" 2>&1 | grep -i -E "simd|found|avx512" | head -6

echo "=== bench_nplib.py: a.sort() 1M float64 against NumPy (target <= 1.1x)"
timeout 200 python3 tools/bench/bench_nplib.py 2>&1 | grep -E "sort|impl" | head -8
echo "=== bench_sort.py: a.sort() and np.argsort(a) by dtype and length"
timeout 400 python3 tools/bench/bench_sort.py 2>&1 | tail -80
echo "=== tests/python: the sorts against NumPy"
python3 -m pytest -q -p no:cacheprovider tests/python/test_numpy_library.py -k "sort or unique" 2>&1 | tail -3
