"""A comprehension releases what each iteration made: the item a string's iteration makes
(a new one-character string) is made before the iteration's mark and taken by the target
after it, and taking it used to shift the iteration's own temporaries below the mark, so
that `[c + "!" for c in s]` released only the last iteration's concatenation (a leak of one
block per item but the last). CPython is the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def concatenated(s):
    return [c + "!" for c in s]


def lengths_of_new_strings(s):
    return [len(c * 3) for c in s]


def enumerated(s):
    return [(c + c, i) for i, c in enumerate(s)]


def arrays_per_character(s):
    return [np.full(2, ord(c)).sum() for c in s]


def nested(s):
    return [a + b for a in s for b in s + "."]


CASES = [concatenated, lengths_of_new_strings, enumerated, arrays_per_character, nested]


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_each_iteration_releases_its_temporaries(fn):
    compiled = njit(fn)
    text = "abcdef"
    expected = fn(text)
    assert compiled(text) == expected  # compile first: the count covers calls only
    before = live()
    for _ in range(20):
        assert compiled(text) == expected
    assert live() == before
