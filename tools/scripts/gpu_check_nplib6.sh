#!/usr/bin/env bash
# nplib6's check on the GPU machine, whose Python has the real Numba 0.68 and NumPy 2.x: the
# 15 corpus programs nplib6 added run with `numba` being Numba itself (each check() compares
# Numba with CPython/NumPy), Numba's answers to the questions nplib6 decided (see its report),
# then ujit's test_numpy_summary.py and the same programs on ujit under that NumPy.
# Output to stdout; exit status 1 if a program fails under Numba.
source tools/scripts/gpu_python.sh none
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
PROGRAMS="histogram_stats binned_means signal_lag trapz_integrals triangle_normals nan_cleaning weighted_grades
diag_matrices image_channels shape_helpers peak_finding jacobi_converge hist2d_manual path_resample ecdf_quantiles"
echo "=== the corpus programs on Numba $(python3 -c 'import numba; print(numba.__version__)')"
PROGRAMS="$PROGRAMS" python3 - <<'PY'
import os, sys, warnings
import numpy as np
import numba
from numba import njit
sys.path.insert(0, "tools/scripts")
from numba_corpus_check import ask, run_programs
warnings.simplefilter("ignore")
failed = run_programs(os.environ["PROGRAMS"].split())

ask("nanmin of empty", lambda: njit(lambda a: np.nanmin(a))(np.zeros(0)))
ask("nanmax all-NaN", lambda: njit(lambda a: np.nanmax(a))(np.full(3, np.nan)))
ask("nansum int8 type", lambda: type(njit(lambda a: np.nansum(a))(np.ones(3, np.int8))))
ask("nanmean float32 type", lambda: type(njit(lambda a: np.nanmean(a))(np.ones(3, np.float32))))
ask("histogram empty", lambda: njit(lambda a: np.histogram(a, 3))(np.zeros(0)))
ask("histogram constant", lambda: njit(lambda a: np.histogram(a, 3))(np.ones(4)))
ask("histogram with NaN", lambda: njit(lambda a: np.histogram(a, 3))(np.array([1.0, np.nan, 2.0])))
ask("histogram int-edges dtype", lambda: njit(lambda a, e: np.histogram(a, e))(np.ones(3), np.arange(3))[1].dtype)
ask("histogram bins=0", lambda: njit(lambda a: np.histogram(a, 0))(np.ones(3)))
ask("digitize complex", lambda: njit(lambda a, b: np.digitize(a, b))(np.ones(2, np.complex128), np.arange(3.0)))
ask("digitize scalar", lambda: njit(lambda a, b: np.digitize(a, b))(1.5, np.arange(3.0)))
ask("digitize non-monotonic", lambda: njit(lambda a, b: np.digitize(a, b))(np.ones(2), np.array([0.0, 2.0, 1.0])))
ask("cross 2x2", lambda: njit(lambda a, b: np.cross(a, b))(np.ones(2), np.ones(2)))
ask("cross 4", lambda: njit(lambda a, b: np.cross(a, b))(np.ones(4), np.ones(3)))
ask("cross int dtype", lambda: njit(lambda a, b: np.cross(a, b))(np.ones(3, np.int32), np.ones(3, np.int64)).dtype)
ask("ptp bool", lambda: njit(lambda a: np.ptp(a))(np.ones(2, np.bool_)))
ask("ptp empty", lambda: njit(lambda a: np.ptp(a))(np.zeros(0)))
ask("ptp int8 wraps", lambda: njit(lambda a: np.ptp(a))(np.array([-100, 100], np.int8)))
ask("average axis", lambda: njit(lambda a: np.average(a, 0))(np.ones(3)))
ask("average float32 weights type", lambda: type(njit(lambda a, w: np.average(a, weights=w))(np.ones(3, np.float32), np.ones(3, np.float32))))
ask("average int weights", lambda: njit(lambda a, w: np.average(a, weights=w))(np.arange(3), np.arange(3)))
ask("trapz float32 type", lambda: type(njit(lambda a: np.trapz(a))(np.ones(3, np.float32))))
ask("trapezoid", lambda: njit(lambda a: np.trapezoid(a))(np.ones(3)))
ask("trapz 2-D", lambda: njit(lambda a: np.trapz(a))(np.ones((2, 3))))
ask("correlate n<m", lambda: njit(lambda a, v: np.correlate(a, v))(np.array([1.0, 2.0]), np.array([1.0, 2.0, 3.0])))
ask("correlate complex", lambda: njit(lambda a, v: np.correlate(a, v))(np.array([1j, 2.0]), np.array([1j])))
ask("diag of 2-D is a copy", lambda: njit(lambda m: np.diag(m))(np.ones((2, 2))).flags.writeable)
ask("diag 3-D", lambda: njit(lambda m: np.diag(m))(np.ones((2, 2, 2))))
ask("expand_dims out of bounds", lambda: njit(lambda a: np.expand_dims(a, 3))(np.ones(3)))
ask("expand_dims layout", lambda: njit(lambda a: np.expand_dims(a, 0))(np.ones(3)).flags.c_contiguous)
ask("atleast_2d of 1-D", lambda: njit(lambda a: np.atleast_2d(a))(np.ones(3)).shape)
ask("atleast_3d of 2-D", lambda: njit(lambda a: np.atleast_3d(a))(np.ones((2, 3))).shape)
ask("array_equal ndim differ", lambda: njit(lambda a, b: np.array_equal(a, b))(np.ones(3), np.ones((1, 3))))
ask("repeat with array repeats", lambda: njit(lambda a, r: np.repeat(a, r))(np.arange(3.0), np.array([1, 0, 2])))
ask("m[..., ...]", lambda: njit(lambda m: m[..., ...])(np.ones((2, 2))))
ask("np.tile", lambda: njit(lambda a: np.tile(a, 2))(np.ones(2)))
ask("np.meshgrid", lambda: njit(lambda a: np.meshgrid(a, a))(np.ones(2)))
ask("np.squeeze", lambda: njit(lambda a: np.squeeze(a))(np.ones((1, 2))))
ask("a.ptp()", lambda: njit(lambda a: a.ptp())(np.ones(2)))
ask("np.nanargmax", lambda: njit(lambda a: np.nanargmax(a))(np.ones(2)))
ask("np.nancumsum", lambda: njit(lambda a: np.nancumsum(a))(np.array([1.0, np.nan])))
sys.exit(1 if failed else 0)
PY
status=$?
echo "=== ujit under this NumPy: test_numpy_summary.py and the same programs"
python3 -m pytest -q -p no:cacheprovider tests/python/test_numpy_summary.py 2>&1 | tail -8
python3 -m pytest -q -p no:cacheprovider tests/python/test_corpus.py -k "$(echo $PROGRAMS | sed 's/ / or /g')" 2>&1 | tail -8
echo "=== ujit: Ellipsis views of a kernel argument on the device, against NumPy"
python3 - <<'PY'
import numpy as np
from ujit import cuda

@cuda.jit
def first_channel(img, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        row = img[i, ...]
        plane = img[..., 0]
        out[i] = row[0, 1] + plane[i, 0]
        img[i, ..., 1] = 2.0

img = np.random.RandomState(0).rand(64, 3, 2)
want_img = img.copy()
want_out = img[:, 0, 1] + img[:, 0, 0]
want_img[:, ..., 1] = 2.0
d_img = cuda.to_device(img)
d_out = cuda.device_array(64)
first_channel[2, 32](d_img, d_out)
ok = np.allclose(d_out.copy_to_host(), want_out) and np.array_equal(d_img.copy_to_host(), want_img)
print("ellipsis kernel", "ok" if ok else "MISMATCH")
PY
exit $status
