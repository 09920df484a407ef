"""Lists of tuples as arguments (issue 19, item 2): a numba.typed.List of tuples that compiled
code returned passes back in to another compiled function, as one made in Python does, and a
Python list of tuples is Numba's reflected list (what compiled code leaves in it is written
back, with Numba's NumbaPendingDeprecationWarning). CPython computes the expected values."""
import pytest

import ujit
from ujit import types
from ujit.core.errors import NumbaPendingDeprecationWarning
from ujit.typed import List


@ujit.njit
def pairs(n):
    l = List()
    for i in range(n):
        l.append((i, i * 2.0))
    return l


@ujit.njit
def weighted(l):
    t = 0.0
    for a, b in l:
        t += a * b
    return t


@ujit.njit
def extend(l):
    l.append((7, 8.0))
    return len(l)


def test_a_typed_list_of_tuples_result_passes_back_in():
    l = pairs(3)
    assert isinstance(l, List) and list(l) == [(0, 0.0), (1, 2.0), (2, 4.0)]
    assert weighted(l) == sum(a * b for a, b in [(0, 0.0), (1, 2.0), (2, 4.0)])
    assert extend(l) == 4
    assert list(l) == [(0, 0.0), (1, 2.0), (2, 4.0), (7, 8.0)]  # the typed List is changed in place
    assert weighted(pairs(0)) == 0.0  # empty, typed by its result type


def test_a_typed_list_of_tuples_made_in_python():
    t = List.empty_list(types.UniTuple(types.int64, 2))
    t.append((1, 2))
    t.append((3, 4))
    assert weighted(t) == 1 * 2 + 3 * 4


def test_a_reflected_list_of_tuples_is_written_back():
    r = [(1, 2.0), (3, 4.0)]
    with pytest.warns(NumbaPendingDeprecationWarning, match="reflected list"):
        assert extend(r) == 3
    assert r == [(1, 2.0), (3, 4.0), (7, 8.0)]
    assert weighted(r) == 1 * 2.0 + 3 * 4.0 + 7 * 8.0
