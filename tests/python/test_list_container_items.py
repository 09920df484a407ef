"""A list whose items are dicts or sets (or hold them, in tuples) releases them: the list's
item layout named the headers of arrays, strings and lists, not a dict's or a set's, so
every dict or set a list held (and the arrays in them) leaked when the list went.
CPython is the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def dicts(n):
    rows = []
    for i in range(n):
        rows.append({0: np.arange(i + 1)})
    rows[0] = {1: np.ones(2, dtype=np.int64)}  # replaces one
    return sum([len(r) for r in rows]) * 100 + rows[-1][0].sum()


def sets(n):
    seen = []
    for i in range(n):
        seen.append({i, i + 1})
    return sum([len(s) for s in seen])


def tuples_with_dicts(n):
    pairs = [({0: 1.0}, np.arange(n))]
    pairs.append(({1: 2.0}, np.arange(2)))
    return len(pairs) * 100 + pairs[0][1].sum()


@pytest.mark.parametrize("fn", [dicts, sets, tuples_with_dicts], ids=lambda f: f.__name__)
def test_the_list_releases_its_containers(fn):
    compiled = njit(fn)
    expected = fn(4)
    assert compiled(4) == expected  # compile first: the count covers calls only
    before = live()
    for _ in range(20):
        assert compiled(4) == expected
    assert live() == before
