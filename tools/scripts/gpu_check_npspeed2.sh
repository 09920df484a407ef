#!/usr/bin/env bash
# npspeed2's rows on the lent machine (issue 18 item 7, issue 22 item 4), from the repository
# root after tools/scripts/gpu_pack.sh's binaries are unpacked (as gpu_python.sh does), one
# thread, each against its peers in the same run:
#   a.sort() 1M float64 against NumPy (<= 1.1x), a.max() 10M float64 against NumPy (<= 1.0x)
#     (bench_nplib.py, with sum/mean/dot as they were), and the sort sweep of bench_sort.py;
#   the `add` @vectorize ufunc on 10M float32/float64 against Numba (<= 1.0x): run_cpu.sh.
# Also prints the CPU and whether transparent huge pages come on request (madvise), which
# ujit's and NumPy's large arrays ask for.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
src=$(cat .device-bin/source_dir 2>/dev/null || echo "$PWD")
if [[ "$src" != "$PWD" && ! -e "$src" ]]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
export UJIT_CACHE_DIR=/tmp/ujit-npspeed2-cache PYTHONUNBUFFERED=1
echo "== gpu_check_npspeed2: $(date -u '+%F %T UTC'), $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo '?')"

echo "=== bench_nplib.py: sum, max, mean, sort, dot against NumPy and Numba"
timeout 200 python3 tools/bench/bench_nplib.py 2>&1 | tail -20
echo "=== bench_sort.py: a.sort() by dtype and length"
timeout 200 python3 tools/bench/bench_sort.py 2>&1 | tail -40
echo "=== run_cpu.sh: the add ufunc rows (and the rest) against Numba"
mkdir -p bin/layout/tools/bench && ln -sf "$PWD/bin/bench_cpu" bin/layout/tools/bench/bench_cpu
UJIT_SKIP_ULP=1 timeout 180 bash tools/bench/run_cpu.sh bin/layout 10000000 2>&1 | sed -n '/== summary/,$p'
