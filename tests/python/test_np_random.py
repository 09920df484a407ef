"""np.random in compiled code: NumPy's legacy sequence for a seed, apart from `random`'s."""
import random

import numpy as np

from ujit import njit


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
    random.seed(42)
    assert r == random.random()
