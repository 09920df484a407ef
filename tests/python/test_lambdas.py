"""`lambda` expressions as Numba compiles them (bound to a local and called, passed to a
ujit function, closures over locals called where they are defined), and the key= of
sorted() and list.sort() (a lambda, an inner def or a ujit function; stable as CPython's
sort, reversed or not). CPython running the same functions is the oracle.

PYTEST_DONT_REWRITE: the oracle's own asserts must keep CPython's messages."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def apply(f, x):
    return f(x)


@njit
def last_digit(x):
    return x % 10


@njit
def sort_by(l, f):
    l.sort(key=f)
    return l


def bound_and_called(n):
    sq = lambda v: v * v
    add = lambda a, b: a + b
    const = lambda: 7
    return sq(n) + add(n, 1.5) + const()


def closure(n):
    k = 3
    scale = lambda v: v * k + n
    out = 0
    for i in range(n):
        k = i
        out += scale(i)  # k's value at the call, as Python's closure cell
    return out


def passed_on(n):
    return apply(lambda v: v * 2 + 1, n) + apply(lambda v: -v, n)


def immediately_called(n):
    return (lambda a: a * 10)(n) + (lambda: n)()


def in_comprehension(n):
    i = 100
    firsts = [(lambda: i * 2)() for i in range(n)]
    shadowed = [(lambda i: i + 1)(i * 10) for i in range(n)]
    return firsts, shadowed, i


def key_sorts(n):
    l = [(i * 7) % 11 for i in range(n)]
    a = sorted(l, key=lambda x: -x)
    b = sorted(l, key=lambda x: x % 3)  # ties keep their order
    c = sorted(l, key=lambda x: x % 3, reverse=True)
    m = list(l)
    m.sort(key=lambda x: (x % 4, -x))
    r = list(l)
    r.sort(key=last_digit, reverse=True)
    return a, b, c, m, r


def closure_key(n):
    pivot = n // 2
    l = list(range(n))
    l.sort(key=lambda x: abs(x - pivot))
    def far(x):
        return -abs(x - pivot)
    return l, sorted(range(n), key=far)


def tuples(n):
    pairs = [(i % 3, -i) for i in range(n)]
    nested = [((i % 2, i % 3), float(i)) for i in range(n)]
    return sorted(pairs), sorted(pairs, reverse=True), sorted(nested), sorted(pairs, key=lambda p: p[1] % 4)


def floats_by_key(n):
    xs = [0.5 * ((i * 5) % 7) for i in range(n)]
    xs.sort(key=lambda v: (v - 1.5) ** 2)
    return xs, sorted(xs, key=None, reverse=True)


def arrays_by_sum(n):
    arrs = [np.full(3, float((i * 3) % 5)) for i in range(n)]
    s = sorted(arrs, key=lambda a: a.sum())
    return [a[0] for a in s]


FUNCTIONS = [bound_and_called, closure, passed_on, immediately_called, in_comprehension, key_sorts, closure_key, tuples,
             floats_by_key, arrays_by_sum]


@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [0, 1, 5, 12])
def test_matches_cpython(fn, n):
    want = fn(n) if fn not in (passed_on, key_sorts) else _with_python_helpers(fn, n)
    assert njit(fn)(n) == want


def _with_python_helpers(fn, n):
    g = fn.__globals__
    saved = g["apply"], g["last_digit"]
    g["apply"], g["last_digit"] = apply.py_func, last_digit.py_func
    try:
        return fn(n)
    finally:
        g["apply"], g["last_digit"] = saved


def by_argument(n):
    return sort_by([(i * 7) % 11 for i in range(n)], last_digit)


def test_a_key_passed_as_an_argument():
    want = sorted([(i * 7) % 11 for i in range(12)], key=lambda x: x % 10)
    assert njit(by_argument)(12) == want


def test_a_big_stable_sort():
    def f(n):
        l = [(i * 7919) % 1000 for i in range(n)]
        return sorted(l, key=lambda x: x // 10)
    assert njit(f)(5000) == f(5000)


def test_nothing_leaks():
    for fn in FUNCTIONS:
        njit(fn)(5)
    before = live()
    for _ in range(3):
        for fn in FUNCTIONS:
            njit(fn)(12)
    assert live() == before


def escapes(x, k):
    return apply(lambda v: v * k, x)


def bad_key(n):
    l = [1, 2]
    l.sort(key=n)
    return l


def complex_key(n):
    return sorted([1, 2], key=lambda v: v * 1j)


def str_keys(n):
    pairs = [(i, "abc"[i % 3] * (i % 4)) for i in range(n)]
    return (sorted(range(n), key=lambda i: str(i)), sorted(pairs, key=lambda t: t[1]),
            sorted(pairs, key=lambda t: (t[1][:1], -t[0]), reverse=True))


def test_keys_that_are_strings_or_tuples_holding_strings():
    # Numba orders them with < (ujit refused keys whose results hold a str).
    for n in (0, 1, 12):
        assert njit(str_keys)(n) == str_keys(n)


def default_value(n):
    f = lambda v=1: v
    return f()


def test_errors_are_located():
    with pytest.raises(ujit.CompileError, match="inner function '<lambda>' reads 'k' of 'escapes'"):
        njit(escapes)(1.0, 2.0)
    with pytest.raises(ujit.core.errors.TypingError, match="Key must be None or a Numba JIT compiled function"):
        njit(bad_key)(3)
    with pytest.raises(ujit.core.errors.TypingError, match=r"the key's results \(complex128\) cannot be ordered"):
        njit(complex_key)(3)
    with pytest.raises(ujit.CompileError, match="default parameter values are not supported") as info:
        njit(default_value)(3)
    assert "%s:%d" % (__file__, default_value.__code__.co_firstlineno + 1) in str(info.value)
