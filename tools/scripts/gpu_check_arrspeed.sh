#!/usr/bin/env bash
# arrspeed's check on the GPU machine's CPU (16-core Xeon, AVX-512), whose Python has the real
# Numba 0.68: issue 18 item 7's rows, ujit against Numba and NumPy in one process, one thread
# (bench_arrayexpr.py: a*x+y and np.sqrt(a*a+b*b) over 10M float64, a Python call returning
# np.empty(10), a loop allocating a temporary per iteration; bench_nplib.py: the reductions,
# sort and dot), then Numba's answers on what arrspeed decided (nancumsum / nancumprod,
# complex nanmin / nanmax) beside NumPy's, and ujit's tests of them under that NumPy.
# Output to stdout.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export NUMBA_NUM_THREADS=1 OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
echo "=== page faults: a*x+y over 10M float64, 20 calls (ujit, NumPy)"
for impl in ujit numpy; do
  python3 - "$impl" <<'PY'
import resource, sys, numpy as np
impl = sys.argv[1]
a, y = np.random.rand(10_000_000), np.random.rand(10_000_000)
if impl == "ujit":
    import ujit
    f = ujit.njit(lambda a, x, y: a * x + y)
else:
    f = lambda a, x, y: a * x + y
f(a, 2.5, y)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    f(a, 2.5, y)
print("%-6s minor faults per call: %.0f" % (impl, (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20))
PY
done
echo "=== bench_arrayexpr.py (row | impl | ms | ratio to the row's first peer)"
timeout 500 python3 tools/bench/bench_arrayexpr.py 2>&1 | tail -20
echo "=== bench_nplib.py"
timeout 500 python3 tools/bench/bench_nplib.py 2>&1 | tail -30
echo "=== Numba 0.68 and NumPy on what arrspeed decided"
python3 - <<'PY'
import warnings
import numpy as np
from numba import njit
warnings.simplefilter("ignore")
nan = np.nan
def ask(what, f):
    try:
        print("%-44s %r" % (what, f()))
    except Exception as e:
        print("%-44s raised %s: %s" % (what, type(e).__name__, str(e).splitlines()[0][:150]))
z = np.array([complex(nan, 1), complex(2, nan), 3 + 1j, 3 + 0j, 1 + 5j, 1 + 2j])
allnan = np.array([complex(nan, 1), complex(2, nan)])
nanmin = njit(lambda a: np.nanmin(a)); nanmax = njit(lambda a: np.nanmax(a))
ask("numba nanmin complex", lambda: nanmin(z)); ask("numpy nanmin complex", lambda: np.nanmin(z))
ask("numba nanmax complex", lambda: nanmax(z)); ask("numpy nanmax complex", lambda: np.nanmax(z))
ask("numba nanmin all-NaN complex", lambda: nanmin(allnan)); ask("numpy", lambda: np.nanmin(allnan))
c = np.array([1 + 1j, complex(nan, 1), complex(1, nan), 2j])
ask("numba nancumsum complex", lambda: njit(lambda a: np.nancumsum(a))(c)); ask("numpy", lambda: np.nancumsum(c))
ask("numba nancumprod 2-D", lambda: njit(lambda a: np.nancumprod(a))(np.array([[1.0, nan], [3.0, 4.0]])))
ask("numba nancumsum int32 dtype", lambda: njit(lambda a: np.nancumsum(a))(np.arange(3, dtype=np.int32)).dtype)
ask("numba nancumsum float32 dtype", lambda: njit(lambda a: np.nancumsum(a))(np.ones(3, np.float32)).dtype)
ask("numba nancumsum scalar", lambda: njit(lambda a: np.nancumsum(a))(1.0))
PY
echo "=== ujit's tests of them under this NumPy"
python3 -m pytest -q -p no:cacheprovider tests/python/test_numpy_nan_cumulative.py tests/python/test_numpy_summary.py 2>&1 | tail -8
