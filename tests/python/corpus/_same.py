"""The corpus's one comparison: a compiled result against the same function run by CPython
(`f.py_func`). Values compare by kind, not by Python type (an int64 result equals a Python
int); floats to a relative 1e-9, because NumPy's pairwise sums round differently from a loop."""
import math

import numpy as np


def same(got, want, rtol=1e-9, atol=1e-12, path="result"):
    if isinstance(want, np.ndarray) or isinstance(got, np.ndarray):
        got_a, want_a = np.asarray(got), np.asarray(want)
        assert got_a.shape == want_a.shape, "%s: shape %s != %s" % (path, got_a.shape, want_a.shape)
        assert got_a.dtype == want_a.dtype, "%s: dtype %s != %s" % (path, got_a.dtype, want_a.dtype)
        if want_a.dtype.kind in "fc":
            np.testing.assert_allclose(got_a, want_a, rtol=rtol, atol=atol, equal_nan=True, err_msg=path)
        else:
            np.testing.assert_array_equal(got_a, want_a, err_msg=path)
        return
    if isinstance(want, (tuple, list)):
        assert isinstance(got, type(want)) or (isinstance(want, list) and hasattr(got, "__len__")), \
            "%s: %r is not a %s" % (path, got, type(want).__name__)
        assert len(got) == len(want), "%s: length %d != %d" % (path, len(got), len(want))
        for i, (g, w) in enumerate(zip(got, want)):
            same(g, w, rtol, atol, "%s[%d]" % (path, i))
        return
    if isinstance(want, dict):
        assert dict(got).keys() == want.keys(), "%s: keys %r != %r" % (path, sorted(got), sorted(want))
        for k in want:
            same(got[k], want[k], rtol, atol, "%s[%r]" % (path, k))
        return
    if isinstance(want, (bool, np.bool_)):
        assert isinstance(got, (bool, np.bool_)) and bool(got) == bool(want), "%s: %r != %r" % (path, got, want)
        return
    if isinstance(want, (int, np.integer)) and isinstance(got, (float, np.floating)):
        # Numba unifies an int with a float (branches, min/max of mixed types) to float64.
        assert float(got) == float(want), "%s: %r != %r" % (path, got, want)
        return
    if isinstance(want, (int, np.integer)):
        assert isinstance(got, (int, np.integer)) and not isinstance(got, bool), \
            "%s: %r (%s) is not an int" % (path, got, type(got).__name__)
        assert int(got) == int(want), "%s: %r != %r" % (path, got, want)
        return
    if isinstance(want, (float, np.floating)):
        assert isinstance(got, (float, np.floating)), "%s: %r (%s) is not a float" % (path, got, type(got).__name__)
        if math.isnan(want):
            assert math.isnan(got), "%s: %r != nan" % (path, got)
        else:
            assert math.isclose(got, want, rel_tol=rtol, abs_tol=atol), "%s: %r != %r" % (path, got, want)
        return
    if isinstance(want, (complex, np.complexfloating)):
        assert isinstance(got, (complex, np.complexfloating)), "%s: %r is not complex" % (path, got)
        assert abs(got - want) <= atol + rtol * abs(want), "%s: %r != %r" % (path, got, want)
        return
    assert got == want, "%s: %r != %r" % (path, got, want)


def check_same(f, *args, rtol=1e-9, **kwargs):
    """Calls the compiled f and its Python original on copies of args; results and the
    arguments afterwards (what f wrote into arrays) must agree."""
    import copy

    py_args = copy.deepcopy(args)
    got = f(*args, **kwargs)
    want = f.py_func(*py_args, **kwargs)
    same(got, want, rtol=rtol)
    for i, (a, b) in enumerate(zip(args, py_args)):
        if isinstance(b, np.ndarray):
            same(a, b, rtol=rtol, path="argument %d after the call" % i)
    return got
