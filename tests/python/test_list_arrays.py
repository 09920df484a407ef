"""np.array / np.asarray of lists (of numbers, of lists of them, of tuples of them; with
dtype=), Numba's errors for ragged lists (ValueError at run time) and lists of arrays (a
TypingError), with NumPy running the same functions as the oracle, and nothing leaked."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def flat(n):
    l = [i * 0.5 for i in range(n)]
    return np.array(l)


def ints(n):
    l = []
    for i in range(n):
        l.append(i * 3)
    return np.asarray(l)


def rows(n):
    l = [[i + j for j in range(3)] for i in range(n)]
    return np.array(l)


def deep(n):
    l = [[[float(i * j * k) for k in range(2)] for j in range(3)] for i in range(n)]
    return np.array(l, dtype=np.float32)


def of_tuples(n):
    l = [(i, i * 1.5) for i in range(n)]
    return np.array(l)


def with_dtype(n):
    l = [i * 1.75 for i in range(n)]
    return np.array(l, dtype=np.int32), np.asarray(l, np.float32), np.array([True, False] * n)


def of_bools(n):
    return np.array([i % 2 == 0 for i in range(n)])


FUNCTIONS = [flat, ints, rows, deep, of_tuples, of_bools]


@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [1, 4])
def test_matches_numpy(fn, n):
    got, want = njit(fn)(n), fn(n)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_dtype_keyword():
    for got, want in zip(njit(with_dtype)(3), with_dtype(3)):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_empty_lists_give_numbas_shape():
    # Numba types a list of lists as 2-D: no row to read a length from gives (0, 0), where
    # NumPy makes (0,).
    assert njit(rows)(0).shape == (0, 0)
    got, want = njit(flat)(0), flat(0)
    assert got.shape == want.shape and got.dtype == want.dtype


def ragged(n):
    l = [[1, 2], [3] * n]
    return np.array(l)


def test_ragged_lists_are_numbas_value_error():
    np.testing.assert_array_equal(njit(ragged)(2), ragged(2))
    before = live()
    for n in (1, 3):
        with pytest.raises(ValueError, match="incompatible sequence shape"):
            njit(ragged)(n)
    assert live() == before


def of_arrays(n):
    l = [np.arange(n), np.arange(n)]
    return np.array(l)


def test_a_list_of_arrays_is_numbas_typing_error():
    with pytest.raises(ujit.core.errors.TypingError) as info:
        njit(of_arrays)(3)
    assert "array(int64, 1d, C) not allowed in a homogeneous sequence" in str(info.value)
    assert "%s:%d" % (__file__, of_arrays.__code__.co_firstlineno + 2) in str(info.value)


def same(a):
    b = np.asarray(a)
    b[0] = 42.0
    return b.sum()


def test_asarray_of_an_array_is_that_array():
    a = np.zeros(3)
    assert njit(same)(a) == 42.0
    assert a[0] == 42.0  # NumPy: np.asarray(a) is a


def test_list_of_an_array():
    def f(n):
        return list(np.arange(n) * 2)
    assert njit(f)(4) == f(4)


def test_nothing_leaks():
    for fn in FUNCTIONS:
        njit(fn)(3)
    before = live()
    for _ in range(3):
        for fn in FUNCTIONS:
            njit(fn)(5)
    assert live() == before


def test_an_array_taken_from_a_list_argument_keeps_the_callers_array_alive():
    # `return l.pop()`, `return l[0][1:]`: the result borrows an array the list held. It is
    # that array (or a view whose base is it), so it outlives the list dropping it; it was a
    # view of freed memory (red-team finding: wrong sums, then a crash).
    pop = ujit.njit(lambda l: l.pop())
    tail = ujit.njit(lambda l: l[0][1:])
    big = np.full(50000, 7.0)
    lst = [np.zeros(1), big]
    got = pop(lst)
    assert got is big and len(lst) == 1
    del big, lst
    junk = np.full(50000, 1.0)  # reuses freed memory, were the result dangling
    assert got.sum() == 350000.0
    view = tail([np.full(50000, 7.0)])
    junk = np.full(50000, 1.0)
    assert view.sum() == 7.0 * 49999 and junk.sum() == 50000.0


def test_a_typed_dict_of_arrays_keeps_its_arrays_after_a_call():
    from ujit import typed, types

    size = ujit.njit(lambda d: len(d))
    d = typed.Dict.empty(types.int64, types.float64[:])
    d[1] = np.full(50000, 7.0)  # the dict holds the only reference
    original = d[1]
    assert size(d) == 1
    assert d[1] is original
    del original
    junk = np.full(50000, 1.0)
    assert d[1].sum() == 350000.0 and junk.sum() == 50000.0
