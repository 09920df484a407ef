"""range values (issue 19): a range kept in a variable, passed to and returned from compiled
functions, and used as Python uses one. CPython is the oracle: the same source runs with njit
as the identity too. Numba types these as RangeType (range_state_int64, numba/cpython/rangeobj.py)."""
import os
import tempfile

import pytest

import ujit

SRC = '''
@njit
def loop_sum(a, b, s):
    r = range(a, b, s)
    t = 0
    for i in r:
        t += i % 1000
    return t


@njit
def length(a, b, s):
    r = range(a, b, s)
    return len(r)


@njit
def attributes(a, b, s):
    r = range(a, b, s)
    return r.start, r.stop, r.step


@njit
def contains(a, b, s, x):
    r = range(a, b, s)
    return x in r, x not in r


@njit
def index(a, b, s, i):
    r = range(a, b, s)
    return r[i]


@njit
def make(a, b, s):
    return range(a, b, s)


@njit
def consume(r):
    t = 0
    for i in r:
        t += i % 1000
    return t, len(r)


@njit
def passed(a, b, s):
    return consume(range(a, b, s))


@njit
def returned(a, b, s):
    r = make(a, b, s)
    return len(r), r.start, r.step


@njit
def as_list(a, b, s):
    r = range(a, b, s)
    return list(r)


@njit
def backwards(a, b, s):
    r = range(a, b, s)
    out = []
    for i in reversed(r):
        out.append(i)
    return out


@njit
def reduced(a, b, s):
    r = range(a, b, s)
    return sum(r), len(r) > 0 and min(r) or 0, len(r) > 0 and max(r) or 0


@njit
def enumerated(a, b, s):
    r = range(a, b, s)
    t = 0
    for k, i in enumerate(r):
        t += k * (i % 100)
    return t


@njit
def direct_loop(a, b, s):
    # for over range(...) itself with a step known only at run time: counted by len(range)
    t = 0
    last = -1
    for i in range(a, b, s):
        if i % 7 == 3:
            continue
        t += i % 1000
        last = i
        if t > 10**6:
            break
    else:
        t += 1
    return t, last, i


@njit
def one_arg(n):
    r = range(n)
    return len(r), r.start, r.stop, r.step, 3 in r




@njit
def _slice(n):
    r = range(n)
    return r[1:]


@njit
def _float_in(n):
    r = range(n)
    return 2.0 in r


@njit
def _to_python(n):
    return range(n)
'''


def _load(prelude, tag):
    path = os.path.join(tempfile.mkdtemp(), "range_values_%s.py" % tag)
    with open(path, "w") as f:
        f.write(prelude + SRC)
    ns = {"__name__": "range_values_%s" % tag, "__file__": path}
    exec(compile(open(path).read(), path, "exec"), ns)
    return ns


RANGES = [(0, 10, 1), (3, 17, 4), (10, 0, -3), (5, 5, 1), (-7, 8, 5), (20, -20, -7), (0, 1, 100),
          (-(2**63), 2**63 - 1, 2**62)]

PY = _load("njit = lambda f: f\n", "py")
JIT = _load("from ujit import njit\n", "jit")

@pytest.mark.parametrize("fn", ["loop_sum", "length", "attributes", "passed", "returned", "reduced", "enumerated"])
@pytest.mark.parametrize("a, b, s", RANGES)
def test_range_value_matches_cpython(fn, a, b, s):
    if fn in ("loop_sum", "passed", "reduced", "enumerated") and len(range(a, b, s)) > 10**6:
        pytest.skip("too long to loop over")
    assert JIT[fn](a, b, s) == PY[fn](a, b, s)


@pytest.mark.parametrize("fn", ["as_list", "backwards"])
@pytest.mark.parametrize("a, b, s", RANGES[:-1])
def test_range_lists_match_cpython(fn, a, b, s):
    assert JIT[fn](a, b, s) == PY[fn](a, b, s)


@pytest.mark.parametrize("a, b, s", RANGES)
@pytest.mark.parametrize("x", [-(2**63), -20, -7, -2, -1, 0, 1, 2, 3, 5, 7, 9, 10, 11, 13, 17, 2**62, 2**63 - 1])
def test_contains_matches_cpython(a, b, s, x):
    assert JIT["contains"](a, b, s, x) == PY["contains"](a, b, s, x)


@pytest.mark.parametrize("a, b, s", RANGES)
def test_index_matches_cpython(a, b, s):
    jitted = JIT["index"]
    n = len(range(a, b, s))
    for i in [0, 1, n - 1, n, -1, -n, -n - 1, 2]:
        try:
            want = PY["index"](a, b, s, i)
        except IndexError as e:
            with pytest.raises(IndexError, match=str(e)):
                jitted(a, b, s, i)
        else:
            assert jitted(a, b, s, i) == want


@pytest.mark.parametrize("a, b, s", RANGES + [(0, 10**7, 3), (5, -(2**63), -(2**62))])
def test_a_for_loop_over_a_run_time_step_matches_cpython(a, b, s):
    import numpy as np

    if len(range(a, b, s)) == 0:
        return  # (`i` after an empty loop is unbound: CPython's NameError, not compared)
    assert JIT["direct_loop"](a, b, s) == PY["direct_loop"](a, b, s)
    if all(-(2**31) <= v < 2**31 for v in (a, b, s)):
        args = [np.int32(v) for v in (a, b, s)]
        assert JIT["direct_loop"](*args) == PY["direct_loop"](a, b, s)


def test_one_argument_and_int32_ranges():
    assert JIT["one_arg"](7) == PY["one_arg"](7)
    assert JIT["one_arg"](0) == PY["one_arg"](0)


def test_zero_step_raises_where_the_range_is_made():
    with pytest.raises(ValueError):
        JIT["length"](0, 5, 0)


@pytest.mark.parametrize("fn, message", [
    ("_slice", "slicing a range"),
    ("_float_in", "float64 in a range is not supported"),
    ("_to_python", "cannot return range_state_int64"),
])
def test_refused_forms_are_located(fn, message):
    with pytest.raises(ujit.CompileError, match=message) as info:
        JIT[fn](5)
    assert info.value.line >= JIT[fn].__wrapped__.__code__.co_firstlineno
