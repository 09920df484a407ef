"""np.random in compiled code: NumPy's legacy sequence for a seed, apart from `random`'s."""
import random

import numpy as np

from ujit import njit
from numba_random import numba_seeded_random


@njit
def seeded_draws(seed, n, out):
    np.random.seed(seed)
    for i in range(n):
        out[i] = np.random.random()


@njit
def draw_pair(seed):
    np.random.seed(seed)
    random.seed(seed)
    return np.random.uniform(-1.0, 3.0), random.random(), np.random.rand()


def test_np_random_matches_numpy_legacy_seed():
    for seed in (0, 1, 42, 2**31 + 3):
        out = np.empty(1500)  # more than one 624-word buffer
        seeded_draws(seed, out.shape[0], out)
        ref = np.random.RandomState(seed)
        assert out.tolist() == [ref.random_sample() for _ in range(out.shape[0])]


def test_np_random_has_its_own_state():
    u, r, second = draw_pair(42)
    ref = np.random.RandomState(42)
    assert u == ref.uniform(-1.0, 3.0)
    assert second == ref.rand()
    assert r == numba_seeded_random(42).random()  # Numba seeds `random` as NumPy: r == ref's first draw
    assert r != random.Random(42).random()  # not CPython's seeding


# ---- np.random's distributions (scalar draws): NumPy's legacy RandomState is the oracle

@njit
def normal_draws(seed, out):
    np.random.seed(seed)
    for i in range(out.shape[0]):
        k = i % 4
        if k == 0:
            out[i] = np.random.normal(1.5, 2.0)
        elif k == 1:
            out[i] = np.random.standard_normal()
        elif k == 2:
            out[i] = np.random.randn()
        else:
            out[i] = np.random.normal(loc=-1.0)


def test_normal_draws_match_numpy_and_keep_the_spare_value():
    for seed in (0, 7, 12345):
        out = np.empty(999)  # odd: the last pair's spare is left cached
        normal_draws(seed, out)
        ref = np.random.RandomState(seed)
        expected = []
        for i in range(out.shape[0]):
            k = i % 4
            expected.append(ref.normal(1.5, 2.0) if k == 0 else ref.standard_normal() if k == 1
                            else ref.randn() if k == 2 else ref.normal(loc=-1.0))
        assert out.tolist() == expected


def test_seed_forgets_the_spare_normal_value():
    @njit
    def f(seed):
        np.random.seed(seed)
        np.random.randn()  # leaves a spare value
        np.random.seed(seed)
        return np.random.randn()

    assert f(3) == np.random.RandomState(3).randn()


@njit
def randint_draws(seed, low, high, out):
    np.random.seed(seed)
    for i in range(out.shape[0]):
        out[i] = np.random.randint(low, high)


def test_randint_matches_numpy():
    for low, high in [(0, 10), (-5, 5), (0, 2 ** 32), (-(2 ** 40), 3 ** 30), (7, 8), (0, 2 ** 31 - 1)]:
        out = np.empty(500, np.int64)
        randint_draws(42, low, high, out)
        ref = np.random.RandomState(42)
        assert out.tolist() == [ref.randint(low, high) for _ in range(out.shape[0])], (low, high)

    @njit
    def one_bound(n):
        np.random.seed(1)
        return np.random.randint(n), np.random.randint(low=2, high=n)

    ref = np.random.RandomState(1)
    assert one_bound(1000) == (ref.randint(1000), ref.randint(2, 1000))


def test_randint_empty_range_and_sizes_are_located():
    import pytest
    import ujit

    with pytest.raises(ValueError, match="empty range for randrange"):
        randint_draws(0, 5, 5, np.empty(1, np.int64))

    @njit
    def bad(x):
        return np.random.normal(x)

    with pytest.raises(ujit.TypingError, match="loc must be a real number"):
        bad(1j)

    @njit
    def bad_keyword():
        return np.random.randn(d0=3)

    with pytest.raises(ujit.TypingError, match="takes no keyword arguments"):
        bad_keyword()
