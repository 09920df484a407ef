"""assertPreciseEqual as numba-cuda's test support documents it (written for this runner).

Arrays: same dtype, shape and contents; sequences: item by item; scalars: of the same
family (bool, int, float, complex) and equal, exactly for 'exact' or exact types, else to
53 ('double') or 24 ('single') significant bits less log2(ulps); NaN equals NaN, and a
complex with a NaN part equals any other complex with one (Numba's support.py checks
`cmath.isnan(first) and cmath.isnan(second)` before comparing the parts); zeros differ by
sign unless ignore_sign_on_zero; abs_tol (a number or "eps") accepts any smaller difference.
"""
import cmath
import math

import numpy as np

_BITS = {"exact": None, "double": 53, "single": 24}


def _family(x):
    if isinstance(x, (bool, np.bool_)):
        return "bool"
    if isinstance(x, (int, np.integer)):
        return "int"
    if isinstance(x, (float, np.floating)):
        return "float"
    if isinstance(x, (complex, np.complexfloating)):
        return "complex"
    return type(x).__name__


def check(first, second, prec="exact", ulps=1, ignore_sign_on_zero=False, abs_tol=None):
    """Raises AssertionError saying how `first` and `second` differ."""
    if prec not in _BITS:
        raise ValueError("unsupported precision %r" % (prec,))
    if isinstance(first, np.ndarray) or isinstance(second, np.ndarray):
        _check_arrays(np.asarray(first), np.asarray(second), prec, ulps, ignore_sign_on_zero, abs_tol)
    elif isinstance(first, (tuple, list)) or isinstance(second, (tuple, list)):
        if type(first) is not type(second) or len(first) != len(second):
            raise AssertionError("sequences differ: %r != %r" % (first, second))
        for a, b in zip(first, second):
            check(a, b, prec, ulps, ignore_sign_on_zero, abs_tol)
    else:
        _check_scalars(first, second, prec, ulps, ignore_sign_on_zero, abs_tol)


def _check_arrays(a, b, prec, ulps, ignore_sign_on_zero, abs_tol):
    if a.dtype != b.dtype:
        raise AssertionError("dtypes differ: %s != %s" % (a.dtype, b.dtype))
    if a.shape != b.shape:
        raise AssertionError("shapes differ: %s != %s" % (a.shape, b.shape))
    for x, y in zip(a.ravel().tolist(), b.ravel().tolist()):
        if a.dtype.kind in "fc":
            x, y = a.dtype.type(x), b.dtype.type(y)
        _check_scalars(x, y, prec, ulps, ignore_sign_on_zero, abs_tol)


def _check_scalars(x, y, prec, ulps, ignore_sign_on_zero, abs_tol):
    fx, fy = _family(x), _family(y)
    if fx != fy:
        raise AssertionError("kinds differ: %r (%s) and %r (%s)" % (x, fx, y, fy))
    if fx == "complex":
        if cmath.isnan(x) and cmath.isnan(y):
            return
        _check_scalars(x.real, y.real, prec, ulps, ignore_sign_on_zero, abs_tol)
        _check_scalars(x.imag, y.imag, prec, ulps, ignore_sign_on_zero, abs_tol)
        return
    if fx != "float":
        if x != y:
            raise AssertionError("%r != %r" % (x, y))
        return
    xf, yf = float(x), float(y)
    if math.isnan(xf) or math.isnan(yf):
        if not (math.isnan(xf) and math.isnan(yf)):
            raise AssertionError("%r != %r" % (x, y))
        return
    if xf == yf:
        if xf == 0 and not ignore_sign_on_zero and math.copysign(1, xf) != math.copysign(1, yf):
            raise AssertionError("signs of zero differ: %r != %r" % (x, y))
        return
    if abs_tol is not None:
        tol = np.finfo(type(x)).eps if abs_tol == "eps" else abs_tol
        if abs(xf - yf) <= tol:
            return
    bits = _BITS[prec]
    if bits is None or math.isinf(xf) or math.isinf(yf):
        raise AssertionError("%r != %r" % (x, y))
    allowed = 2.0 ** (1 - bits) * ulps * max(abs(xf), abs(yf))
    if abs(xf - yf) > allowed:
        raise AssertionError("%r != %r (differ by %g, more than %g)" % (x, y, abs(xf - yf), allowed))
