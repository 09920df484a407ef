#!/usr/bin/env bash
# The containers branch's check on the lent GPU machine (after tools/scripts/gpu_pack.sh, from
# the repository root), output to stdout:
#  - issue 19 item 7's container rows against the machine's Numba 0.68 (one thread, median of
#    7, each result checked): 1M list appends and 1M dict inserts + lookups (int -> float),
#    target <= 1.0x Numba (tools/bench/bench_lists.py, bench_dicts.py: numba_peer.py's harness);
#  - Numba as the oracle for typed List/Dict made in compiled code (containers_oracle.py);
#  - numba-cuda's test_enums.py with `numba` resolving to ujit (enum members as kernel
#    arguments), and tests/python's container and enum tests on this machine.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python) and none
# of its sections: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== issue 19 item 7: containers, ujit against Numba (row | impl | ms | ratio to Numba)"
for b in tools/bench/bench_lists.py tools/bench/bench_dicts.py; do
  echo "--- $b"
  timeout 300 python3 "$b" 2>&1 | tail -8
done
echo "=== Numba 0.68 as the oracle: typed containers made in compiled code"
timeout 300 python3 tools/scripts/containers_oracle.py 2>&1 | tail -20
echo "=== tests/python: typed containers, container arguments, enums"
timeout 400 python3 -m pytest -q -p no:cacheprovider tests/python/test_typed_containers.py \
  tests/python/test_container_args.py tests/python/test_enum_kernel_args.py tests/python/test_enums.py 2>&1 | tail -8
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda test_enums.py with numba resolving to ujit"
  timeout 300 python3 tools/cuda_suite/run_suite.py --suite .device-bin/cudapy --only test_enums \
    --list-failures 2>&1 | tail -12
fi
