"""A raise that lands in a compiled try frees the arrays and strings made since the try began
(the allocation log, lower_try.cpp). A list, dict or set made before the try that stored one
of them kept a dangling item: `rows.append(np.zeros(n))` then a raise answered a sum of
freed memory, or crashed. ujit refuses such a store inside a try, located, as it refuses to
assign an array variable there; Numba compiles these, so this is a ujit limit. Stores of
numbers stay allowed."""
import numpy as np
import pytest

import ujit
from ujit import njit


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


@pytest.mark.parametrize("fn", [appended, item_replaced, dict_value, string_item], ids=lambda f: f.__name__)
def test_a_counted_item_stored_inside_try_is_a_located_error(fn):
    with pytest.raises(ujit.CompileError, match="cannot store into .* inside a 'try' statement"):
        njit(fn)(3)


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
