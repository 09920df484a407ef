"""Generators (issue 19): a def with `yield` compiled as Numba compiles it, a state machine
(an LLVM coroutine: codegen/lower_generators.cpp) that compiled code iterates (for loops,
list(), sum()), advances with next(), and passes between compiled functions. CPython is the
oracle: the same source runs with njit as the identity too, and every call leaks nothing (the
NRT's counters). What stays unsupported is a located CompileError."""
import gc
import os
import tempfile
import weakref

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




class Stop(Exception):
    pass


@njit
def words(n):  # strs, lists and tuples holding arrays as items returned to Python
    for i in range(n):
        yield "ab" * i


@njit
def lists(n):
    for i in range(n):
        yield [i] * i


@njit
def tagged_rows(n):
    for i in range(n):
        yield i, np.arange(i) * 0.5


@njit
def chars(s):  # a str argument, read by the body after the call that made the generator
    for c in s:
        yield c + c


@njit
def doubled(xs):  # a list argument, likewise
    for x in xs:
        yield x * 2


@njit
def scaled(a, k):  # an array argument the generator keeps alive
    for i in range(a.shape[0]):
        yield a[i] * k


@njit
def halting(n):
    for i in range(n):
        if i == 3:
            raise Stop("at three")
        yield i


@njit
def holds_then_raises(n):  # its arrays were made at earlier next()s
    a = np.ones(n)
    b = [np.zeros(2)]
    for i in range(n):
        if i == 2:
            raise ValueError("two")
        yield a[i] + b[0][0] + i


@njit
def make_squares(n):  # a plain function returning a generator
    return squares(n + 1)


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
    ("rebound", (5,)),  # the loop keeps the generator it iterates, as Numba's getiter does
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
    ("uses_returns_value", "'return' with a value in generator 'returns_value'"),
    ("uses_in_try", "try statements in generator 'in_try'"),
    ("enumerated", r"enumerate\(\) of a generator is not supported"),
    ("min_of", "min"),
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


# ---- a generator returned to Python: Numba's generator object (numba/_dynfunc.c's _Generator)

def same_items(name, *args):
    """list() of the compiled generator's object equals CPython's generator's items."""
    expected = list(PY[name](*args))
    got = list(JIT[name](*args))
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert type(g) is type(e) or isinstance(g, np.ndarray), (g, e)
        if isinstance(e, tuple):
            assert len(g) == len(e)
            for gi, ei in zip(g, e):
                np.testing.assert_array_equal(gi, ei)
        else:
            np.testing.assert_array_equal(g, e)
    return got


@pytest.mark.parametrize("fn, args", [
    ("squares", (6,)), ("squares", (0,)), ("stepped", (8,)), ("pairs", (4,)), ("rows", (4,)), ("countdown", (7, 2)),
    ("calls_helper", (5,)), ("words", (4,)), ("lists", (4,)), ("tagged_rows", (3,)), ("chars", ("héllo",)),
    ("doubled", ([1.5, 2.5, -1.0],)), ("make_squares", (3,)),
])
def test_generator_object_yields_cpythons_items(fn, args):
    JIT[fn](*args)  # compiled: the counters then see only what follows
    before = live()
    same_items(fn, *args)
    assert live() == before


def test_generator_object_is_numbas_iterator():
    g = JIT["squares"](3)
    assert type(g).__name__ == "_Generator" and type(g).__module__ == "_dynfunc"
    assert repr(g).startswith("<_dynfunc._Generator object at 0x")
    assert iter(g) is g
    assert not hasattr(g, "send") and not hasattr(g, "close")  # Numba's has neither
    assert next(g) == 0
    assert [x for x in g] == [1, 4]
    with pytest.raises(StopIteration):
        next(g)
    assert list(g) == []
    assert next(JIT["squares"](3), "end") == 0
    assert next(JIT["squares"](0), "end") == "end"


def test_nothing_runs_before_the_first_next():
    g = JIT["halting"](5)  # CPython: the raise waits for the fourth next()
    assert [next(g), next(g), next(g)] == [0, 1, 2]
    with pytest.raises(JIT["Stop"]) as info:  # the module's own class, with its message
        next(g)
    assert str(info.value) == "at three"
    with pytest.raises(StopIteration):  # a generator that raised is finished, as in Python
        next(g)


def test_a_raise_leaks_what_the_body_made_at_earlier_nexts_no_more():
    gen = JIT["holds_then_raises"]
    list(gen(2))
    before = live()
    g = gen(5)
    assert next(g) == PY["holds_then_raises"](5).__next__()
    assert next(g) == 2.0
    with pytest.raises(ValueError, match="two"):
        next(g)
    del g
    assert live() == before


def test_dropping_a_generator_half_way_releases_what_it_holds():
    rows_of = JIT["rows_of"]
    list(rows_of(np.zeros(3), 2))
    gc.collect()  # earlier tests' tracebacks may hold generators
    before = live()
    g = rows_of(np.zeros(3), 5)  # the argument is a temporary: the generator keeps it
    first = next(g)
    second = next(g)
    del g
    gc.collect()
    np.testing.assert_array_equal(first, np.ones(3))  # items live on, owned by their arrays
    np.testing.assert_array_equal(second, np.full(3, 2.0))
    del first, second
    assert live() == before


def test_an_array_argument_lives_as_long_as_the_generator():
    a = np.arange(4.0)
    ref = weakref.ref(a)
    g = JIT["scaled"](a, 3.0)
    del a
    gc.collect()
    assert ref() is not None
    assert list(g) == [0.0, 3.0, 6.0, 9.0]
    del g
    gc.collect()
    assert ref() is None
