"""Generators (issue 19): a def with `yield` compiled as Numba compiles it, a state machine
(an LLVM coroutine: codegen/lower_generators.cpp) that compiled code iterates (for loops,
list(), sum()), advances with next(), and passes between compiled functions. CPython is the
oracle: the same source runs with njit as the identity too, and every call leaks nothing (the
NRT's counters). What stays unsupported is a located CompileError."""
import os
import tempfile

import numpy as np
import pytest

import ujit
from ujit.runtime import rtsys

SRC = '''
@njit
def squares(n):
    for i in range(n):
        yield i * i


@njit
def for_loop(n):
    s = 0
    for x in squares(n):
        s += x
    return s


@njit
def as_list(n):
    return list(squares(n))


@njit
def as_sum(n):
    return sum(squares(n))


@njit
def stepped(n):  # several yields, in loops and conditionals, and a return that ends it
    yield -1
    k = 0
    while True:
        if k % 3 == 0:
            yield k
        elif k % 3 == 1:
            yield 10 * k
        k += 1
        if k >= n:
            return
    yield 999


@njit
def all_stepped(n):
    out = []
    for v in stepped(n):
        out.append(v)
    return out


@njit
def by_next(n):
    g = squares(n)
    a = next(g)
    b = next(g)
    c = next(g)
    return a, b, c


@njit
def next_past_the_end(n):
    g = squares(n)
    t = 0
    for _ in range(n + 1):
        t += next(g)
    return t


@njit
def pairs(n):
    for i in range(n):
        yield i, i * 0.5


@njit
def sum_pairs(n):
    a = 0
    b = 0.0
    for i, x in pairs(n):
        a += i
        b += x
    return a, b


@njit
def rows(n):
    for i in range(n):
        yield np.arange(i + 1) * 2.0


@njit
def sum_rows(n):
    t = 0.0
    for r in rows(n):
        t += r.sum()
    return t


@njit
def first_row_then_stop(n):  # a generator abandoned mid-way releases the arrays it holds
    base = np.ones(4)
    for r in rows_of(base, n):
        return r[0]
    return -1.0


@njit
def rows_of(a, n):
    acc = a.copy()
    for i in range(n):
        acc = acc + 1.0
        yield acc


@njit
def list_of_rows(n):
    return [r.sum() for r in rows_of(np.zeros(3), n)]


@njit
def helper(x):
    return x * 3 + 1


@njit
def calls_helper(n):
    for i in range(n):
        yield helper(i)


@njit
def with_helper(n):
    return sum(calls_helper(n))


@njit
def consume(g):
    t = 0
    for x in g:
        t += x
    return t


@njit
def passed_on(n):
    return consume(squares(n))


@njit
def resumed_twice(n):  # one generator, two loops: the second continues where the first stopped
    g = squares(n)
    first = 0
    for x in g:
        first += x
        if x >= 4:
            break
    rest = 0
    for x in g:
        rest += x
    return first, rest


@njit
def loop_else(n):
    t = 0
    for x in squares(n):
        t += x
    else:
        t = -t
    return t


@njit
def countdown(a, b):
    while a > b:
        yield a
        a -= 1


@njit
def args_gen(a, b):
    return list(countdown(a, b))


@njit
def raising(n):
    a = np.ones(n)
    for i in range(n):
        if i == 2:
            raise ValueError("two")
        yield a[i] + i


@njit
def sum_raising(n):
    t = 0.0
    for x in raising(n):
        t += x
    return t


@njit
def returns_value(n):
    yield n
    return n


@njit
def uses_returns_value(n):
    return sum(returns_value(n))


@njit
def in_try(n):
    try:
        yield n
    except Exception:
        pass


@njit
def uses_in_try(n):
    return sum(in_try(n))


@njit
def enumerated(n):
    t = 0
    for k, x in enumerate(squares(n)):
        t += k * x
    return t


@njit
def rebound(n):
    g = squares(n)
    t = 0
    for x in g:
        t += x
        g = squares(2)
    return t


@njit
def min_of(n):
    return min(squares(n))




@njit
def caught(n):
    g = raising(n)
    t = 0.0
    try:
        for x in g:
            t += x
    except Exception:
        t += 100.0
    for x in g:  # a generator that raised is finished, as in Python
        t += 1000.0
    return t
'''


def _load(prelude, tag):
    return _load_text(prelude + SRC, tag)


def _load_text(text, tag):
    path = os.path.join(tempfile.mkdtemp(), "generators_%s.py" % tag)
    with open(path, "w") as f:
        f.write(text)
    ns = {"__name__": "generators_%s" % tag, "__file__": path}
    exec(compile(open(path).read(), path, "exec"), ns)
    return ns


PY = _load("import numpy as np\nnjit = lambda f: f\n", "py")
JIT = _load("import numpy as np\nfrom ujit import njit\n", "jit")
def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(name, *args):
    """The compiled function's result equals CPython's, and the call leaks nothing."""
    jit = JIT[name]
    expected = PY[name](*args)
    jit(*args)  # compile first: the counters then see only the call
    before = live()
    got = jit(*args)
    assert live() == before
    if isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(got, expected)
    else:
        assert got == expected, (got, expected)
    return got


@pytest.mark.parametrize("fn, args", [
    ("for_loop", (6,)), ("for_loop", (0,)), ("as_list", (5,)), ("as_sum", (7,)), ("all_stepped", (8,)),
    ("all_stepped", (1,)), ("by_next", (4,)), ("sum_pairs", (5,)), ("sum_rows", (5,)),
    ("first_row_then_stop", (4,)), ("first_row_then_stop", (0,)), ("list_of_rows", (4,)), ("with_helper", (6,)),
    ("passed_on", (5,)), ("resumed_twice", (6,)), ("loop_else", (4,)), ("args_gen", (7, 2)),
])
def test_generator_matches_cpython(fn, args):
    same(fn, *args)


def test_next_past_the_end_raises_stop_iteration():
    with pytest.raises(StopIteration):
        PY["next_past_the_end"](3)
    jitted = JIT["next_past_the_end"]
    with pytest.raises(StopIteration):
        jitted(3)  # compiled: the counters then see only the call
    before = live()
    with pytest.raises(StopIteration):
        jitted(3)
    assert live() == before


def test_a_raise_inside_the_generator_reaches_the_caller_and_leaks_nothing():
    jitted = JIT["sum_raising"]
    assert jitted(2) == PY["sum_raising"](2)
    before = live()
    with pytest.raises(ValueError, match="two"):
        jitted(5)
    assert live() == before
    assert jitted(2) == PY["sum_raising"](2)  # the process stays usable


@pytest.mark.parametrize("fn, message", [
    ("squares", "cannot return int64 generator"),
    ("uses_returns_value", "'return' with a value in generator 'returns_value'"),
    ("uses_in_try", "try statements in generator 'in_try'"),
    ("enumerated", r"enumerate\(\) of a generator is not supported"),
    ("min_of", "min"),
    ("rebound", "'g' is rebound inside the loop that iterates it"),
])
def test_refused_forms_are_located(fn, message):
    with pytest.raises(ujit.CompileError, match=message) as info:
        JIT[fn](3)
    assert info.value.line > 2


def test_bare_yield_is_a_located_error():
    ns = _load_text("from ujit import njit\n\n\n@njit\ndef bare_yield(n):\n    yield\n", "bare")
    with pytest.raises(ujit.CompileError, match="a bare 'yield'") as info:
        ns["bare_yield"](1)
    assert (info.value.line, info.value.col) == (6, 5)


def test_a_generator_that_raised_into_a_try_is_finished():
    same("caught", 5)
