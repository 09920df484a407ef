"""A raise that lands in a compiled try frees the arrays and strings made since the try began
(the allocation log, lower_try.cpp). A list or dict made before the try that stored one of
them kept a dangling item: `rows.append(np.zeros(n))` then a raise answered a sum of freed
memory, or crashed. A store now takes the item out of that log (ujit_nrt_escape_into), so these
compile, as in Numba, and give CPython's values with nothing leaked."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def appended(n):
    rows = [np.arange(n)]
    try:
        rows.append(np.zeros(n, dtype=np.int64) + 5)
        raise ValueError("late")
    except Exception:
        pass
    return rows[-1].sum()


def item_replaced(n):
    rows = [np.arange(n)]
    try:
        rows[0] = np.zeros(n, dtype=np.int64) + 5
    except Exception:
        pass
    return rows[0].sum()


def dict_value(n):
    d = {0: np.arange(n)}
    try:
        pass
    except Exception:
        d[1] = np.ones(n, dtype=np.int64)
    return d[0].sum()


def string_item(n):
    words = ["a"]
    try:
        words.insert(0, "b" * n)
    except Exception:
        pass
    return words[0]


@njit
def put(rows, n):
    rows.append(np.zeros(n, dtype=np.int64) + 5)


@njit
def total(rows):
    return sum([r.sum() for r in rows])


def stored_by_a_callee(n):
    rows = [np.arange(n)]
    try:
        put(rows, n)  # the callee's store is the same store
        raise ValueError("late")
    except Exception:
        pass
    return rows[-1].sum()


@pytest.mark.parametrize("fn", [appended, item_replaced, dict_value, string_item, stored_by_a_callee], ids=lambda f: f.__name__)
def test_a_counted_item_stored_inside_try_survives_the_raise(fn):
    compiled = njit(fn)
    expected = fn(3)
    assert compiled(3) == expected  # compiles it
    before = live()
    for _ in range(20):  # a freed item would be reused by the next call's allocations
        assert compiled(3) == expected
    assert live() == before


def test_numbers_stored_inside_try_stay_allowed():
    def f(n):
        counts = [0, 0]
        d = {1: 1.0}
        a = np.zeros(n)
        try:
            counts[0] = n
            counts.append(2)
            d[2] = 0.5
            a[0] = 1.0
            raise ValueError("late")
        except Exception:
            counts[1] += 1
        return sum(counts) + d[2] + a.sum()

    assert njit(f)(4) == f(4)


def test_a_callee_that_only_reads_the_container_stays_allowed():
    def f(n):
        rows = [np.arange(n), np.ones(n, dtype=np.int64)]
        s = 0
        try:
            s = total(rows)
            raise ValueError("late")
        except Exception:
            s += 1
        return s

    assert njit(f)(4) == f(4)
