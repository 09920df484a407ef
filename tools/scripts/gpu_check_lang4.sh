#!/usr/bin/env bash
# lang4's check on the lent GPU machine (after tools/scripts/gpu_pack.sh, from the repository
# root): enums against the machine's Numba 0.68 as the oracle, numba-cuda's test_enums.py with
# `numba` resolving to ujit, and the raise-through-middle-frames tests. Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# gpu_python.sh's set-up (unpack the binaries, build the extension for this Python), and
# nothing else of it: sourced, so that its environment stays.
source tools/scripts/gpu_python.sh setup-only
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

echo "=== Numba 0.68 (the machine's) against ujit on Numba's enum usecases"
PYTHONPATH="/tmp/ujit-site" python3 - <<'PY'
import sys
sys.path.insert(0, "lang/python")
import numba, ujit, enum
sys.path.insert(0, "tests/python")
import test_enums as t
cases = [(t.compare_usecase, p) for p in t.PAIRS] + [(t.return_usecase, p + (True,)) for p in t.PAIRS[:9]]
cases += [(t.int_coerce_usecase, (x,)) for x in (300, 450, 550)] + [(t.hash_usecase, (m,)) for m in t.IntEnumWithNegatives]
cases += [(t.value_usecase, (m,)) for m in (t.Color.red, t.Planet.MARS, t.Shape.square)]
bad = 0
for fn, args in cases:
    try:
        want = numba.njit(fn)(*args)
    except Exception as e:
        want = "error: %s" % type(e).__name__
    got = ujit.njit(fn)(*args)
    if want != got or type(want) is not type(got):
        bad += 1
        print("DIFFERS", fn.__name__, args, "numba:", repr(want), "ujit:", repr(got))
print("%d cases, %d differ" % (len(cases), bad))
PY
echo "=== tests/python: enums and try/except"
PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" python3 -m pytest -q -p no:cacheprovider tests/python/test_enums.py \
  tests/python/test_try_except.py 2>&1 | tail -5
[[ -f .device-bin/cudapy.tar.xz && ! -d .device-bin/cudapy ]] && tar xJf .device-bin/cudapy.tar.xz -C .device-bin
if [[ -d .device-bin/cudapy ]]; then
  echo "=== numba-cuda test_enums.py with numba resolving to ujit"
  PYTHONPATH="$PWD/lang/python:/tmp/ujit-site" timeout 300 python3 tools/cuda_suite/run_suite.py \
    --suite .device-bin/cudapy --only test_enums --list-failures 2>&1 | tail -20
fi
