"""A dict whose values are lists (or hold lists, in tuples) releases them: the dict's layout
listed the headers of arrays, strings, dicts and sets inside a value, not a list's, so the
lists a dict held (and the arrays in them) were never freed, neither when a store replaced
one nor when the dict went. CPython is the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def grouped(n):
    d = {}
    for i in range(n):
        if i < 2:
            d[i % 2] = [np.arange(i + 1)]
        else:
            d[i % 2] = d[i % 2] + [np.arange(i)]  # replaces the old list
    s = 0
    for k in d:
        for a in d[k]:
            s += a.sum() * (k + 1)
    return s


def paired(n):
    d = {0: (np.arange(n) * 1.0, [1.5, 2.5])}
    d[1] = (np.ones(n), [0.5])
    return d[0][0].sum() + sum(d[1][1]) + len(d)


@pytest.mark.parametrize("fn", [grouped, paired], ids=lambda f: f.__name__)
def test_the_dict_releases_its_lists(fn):
    compiled = njit(fn)
    expected = fn(5)
    assert compiled(5) == expected  # compile first: the count covers calls only
    before = live()
    for _ in range(20):
        assert compiled(5) == expected
    assert live() == before


def test_a_dict_of_lists_returned_to_python():
    @njit
    def make(n):
        d = {}
        for i in range(n):
            d[i] = [float(j) for j in range(i)]
        return d

    assert dict(make(4)) == {i: [float(j) for j in range(i)] for i in range(4)}
    before = live()
    for _ in range(10):
        r = make(4)
        assert dict(r) == {i: [float(j) for j in range(i)] for i in range(4)}
        del r
    assert live() == before
