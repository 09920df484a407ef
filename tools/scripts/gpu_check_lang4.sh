#!/usr/bin/env bash
# lang4's check on the lent GPU machine (after tools/scripts/gpu_pack.sh, from the repository
# root): enums against the machine's Numba 0.68 as the oracle, numba-cuda's test_enums.py with
# `numba` resolving to ujit, and the raise-through-middle-frames tests. Output to stdout.
set -uo pipefail
cd "$(dirname "$0")/../.."
# The same set-up as gpu_python.sh: unpack the binaries, build the extension for this Python.
mkdir -p bin
for f in .device-bin/*.xz; do
  [[ $f == *.tar.xz || -e bin/$(basename "$f" .xz) ]] || xz -dc "$f" > "bin/$(basename "$f" .xz)"
done
chmod +x bin/* 2>/dev/null
cp .device-bin/libfmt.so* bin/ 2>/dev/null
ln -sf libujit.so.0 bin/libujit.so
export LD_LIBRARY_PATH="$PWD/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/ujit-site && printf 'import numpy as np\nif not hasattr(np, "row_stack"):\n    np.row_stack = np.vstack\n' > /tmp/ujit-site/sitecustomize.py
export UJIT_CACHE_DIR=/tmp/ujit-gpu-cache
bash lang/python/build_ext.sh bin build/python >/dev/null || { echo "build_ext failed"; exit 1; }
export UJIT_PYTHON_EXT_DIR="$PWD/build/python"

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
