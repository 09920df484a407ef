"""`items[i] op= v` on a list whose items hold references (strings): the
list takes the new value's reference and drops the old one's, as `items[i] = v` does. The
new string was stored without its reference and freed with the statement's temporaries,
the old one never freed (a crash on the next read, or a string of freed memory). CPython is
the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def strings(n):
    words = ["a" * n, "b"]
    words[0] += "b"
    kept = words[0]
    words[0] += "c"
    for i in range(3):
        words[-1] += str(i)
    junk = "z" * (n + 1)  # a new string that would reuse a freed block
    return kept, words[0], words[1], junk


def repeated(n):
    words = ["ab", "c" * n]
    for i in range(3):
        words[i % 2] *= 2
    junk = "z" * (n + 1)
    return words[0] + "|" + words[1] + junk


@pytest.mark.parametrize("fn", [strings, repeated], ids=lambda f: f.__name__)
def test_the_list_owns_the_new_item(fn):
    compiled = njit(fn)
    expected = fn(3)
    assert compiled(3) == expected  # compile first: the count covers calls only
    before = live()
    for _ in range(20):
        assert compiled(3) == expected
    assert live() == before
