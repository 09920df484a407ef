"""List slice assignment and deletion (`l[a:b] = x`, `del l[a:b:c]`, `del l[i]`) against CPython
running the same functions: results, the class of each error, and the allocation counters as
the oracle for leaks (lists of arrays included).

PYTEST_DONT_REWRITE: the oracle's own asserts must keep CPython's messages."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - the oracle compares every class
        return (type(e),)


def set_slice(n, a, b, k):
    l = list(range(n))
    l[a:b] = [100 + i for i in range(k)]
    return l


def set_slice_open(n, k):
    l = list(range(n))
    m = list(range(n))
    r = list(range(n))
    l[:2] = [7] * k
    m[n - 1:] = [8] * k
    r[:] = [9] * k
    return l, m, r


def set_extended(n, a, b, c, k):
    l = list(range(n))
    l[a:b:c] = [100 + i for i in range(k)]
    return l


def set_from_itself(n):
    l = list(range(n))
    l[1:] = l
    m = list(range(n))
    m[::-1] = m
    return l, m


def set_other_iterables(n):
    l = [0.5] * n
    l[1:3] = (1, 2, 3)
    l[:1] = range(2)
    l[-1:] = []
    return l


def del_slice(n, a, b, c):
    l = list(range(n))
    del l[a:b:c]
    return l


def del_simple(n):
    l = list(range(n))
    del l[1:3]
    del l[-1:]
    del l[5:2]
    return l


def del_item(n, i):
    l = list(range(n))
    del l[i]
    return l


BOUNDS = [-7, -3, -1, 0, 1, 2, 5, 9]  # (ujit takes no None argument: open slices are below)


@pytest.mark.parametrize("a", BOUNDS)
@pytest.mark.parametrize("b", BOUNDS)
@pytest.mark.parametrize("k", [0, 1, 4])
def test_set_slice(a, b, k):
    assert njit(set_slice)(6, a, b, k) == set_slice(6, a, b, k)


@pytest.mark.parametrize("n,k", [(0, 0), (1, 3), (5, 1), (5, 2)])
def test_set_open_slices(n, k):
    assert njit(set_slice_open)(n, k) == set_slice_open(n, k)


@pytest.mark.parametrize("a,b,c", [(0, 9, 2), (1, 9, 2), (9, -9, -1), (5, 0, -2), (-1, -9, -3), (0, 6, 3), (8, 9, 2),
                                   (0, 9, 0)])
@pytest.mark.parametrize("k", [0, 1, 2, 3, 6])
def test_set_extended_slice(a, b, c, k):
    got, want = outcome(njit(set_extended), 6, a, b, c, k), outcome(set_extended, 6, a, b, c, k)
    assert got == want


def set_extended_open(n, k):
    l = list(range(n))
    m = list(range(n))
    r = list(range(n))
    l[::2] = [7] * ((n + 1) // 2)
    m[1::2] = [8] * (n // 2)
    r[::-1] = [9 + i for i in range(k)]
    return l, m, r


def del_open(n):
    l = list(range(n))
    m = list(range(n))
    r = list(range(n))
    del l[::2]
    del m[1::3]
    del r[::-1]
    return l, m, r


@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_open_extended_slices(n):
    assert outcome(njit(set_extended_open), n, n) == outcome(set_extended_open, n, n)
    assert outcome(njit(set_extended_open), n, 2) == outcome(set_extended_open, n, 2)
    assert njit(del_open)(n) == del_open(n)


def test_extended_slice_of_the_wrong_length_is_numbas_value_error():
    with pytest.raises(ValueError, match="cannot resize extended list slice with step != 1"):
        njit(set_extended)(6, 0, 9, 2, 2)


@pytest.mark.parametrize("n", [0, 1, 5])
def test_set_slice_from_the_same_list(n):
    assert njit(set_from_itself)(n) == set_from_itself(n)


@pytest.mark.parametrize("n", [3, 5])
def test_set_slice_from_tuples_ranges_and_empty_lists(n):
    assert njit(set_other_iterables)(n) == set_other_iterables(n)


@pytest.mark.parametrize("a", BOUNDS)
@pytest.mark.parametrize("b", BOUNDS)
@pytest.mark.parametrize("c", [1, 2, 3, -1, -2, 0])
def test_del_slice(a, b, c):
    assert outcome(njit(del_slice), 7, a, b, c) == outcome(del_slice, 7, a, b, c)


@pytest.mark.parametrize("n", [0, 3, 8])
def test_del_simple(n):
    assert njit(del_simple)(n) == del_simple(n)


@pytest.mark.parametrize("i", [-4, -1, 0, 2, 3])
def test_del_item(i):
    assert outcome(njit(del_item), 3, i) == outcome(del_item, 3, i)


def arrays(n):
    l = [np.full(2, float(i)) for i in range(n)]
    l[1:3] = [np.zeros(2)]
    l[::2] = [np.ones(2) * i for i in range(len(l[::2]))]
    del l[:1]
    del l[::-2]
    l[len(l):] = [np.arange(2.0), np.arange(2.0) + 1]
    return [x.sum() for x in l]


def nested(n):
    l = [[i] for i in range(n)]
    l[1:2] = [[7, 7], [8]]
    del l[0::3]
    return l


def test_lists_of_references():
    for n in (3, 6, 9):
        assert njit(arrays)(n) == arrays(n)
        assert njit(nested)(n) == nested(n)


def test_reflected_argument_is_changed_as_in_cpython():
    def f(l, k):
        l[1:2] = [0] * k
        del l[:1]
    mine, theirs = [1, 2, 3], [1, 2, 3]
    njit(f)(mine, 3)
    f(theirs, 3)
    assert mine == theirs


def test_nothing_leaks():
    for n in (3, 6):
        njit(arrays)(n), njit(nested)(n)
    before = live()
    for _ in range(3):
        for n in (3, 6, 9):
            njit(arrays)(n)
            njit(nested)(n)
        with pytest.raises(ValueError):
            njit(set_extended)(6, 0, 9, 2, 2)
        with pytest.raises(ValueError):
            njit(del_slice)(6, 0, 9, 0)
    assert live() == before


def not_a_list(a):
    del a[1:2]


def chained(n):
    l = list(range(n))
    m = list(range(n))
    l[1:2] = m[0:1] = [5]
    return l


def wrong_items(n):
    l = [1, 2, 3]
    l[1:2] = [(1, 2)]
    return l


def test_errors_are_located():
    with pytest.raises(ujit.core.errors.TypingError, match="'del' of a slice of array"):
        njit(not_a_list)(np.ones(3))
    with pytest.raises(ujit.core.errors.TypingError, match="a list slice is assigned only alone"):
        njit(chained)(3)
    with pytest.raises(ujit.core.errors.TypingError) as info:
        njit(wrong_items)(3)
    assert "cannot store items of" in str(info.value)
    assert "%s:%d" % (__file__, wrong_items.__code__.co_firstlineno + 2) in str(info.value)
