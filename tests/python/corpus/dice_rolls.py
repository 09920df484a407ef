"""Rolling dice with the random module: random.randint, random.randrange and
random.expovariate, seeded. Numba seeds `random` as NumPy's legacy np.random.seed does and then
draws as CPython does: the Python original runs over that seeding (tests/python/numba_random.py)."""
import random
import numpy as np
from numba import njit
from _same import check_same


@njit
def roll_sums(seed, n):
    random.seed(seed)
    counts = np.zeros(13, dtype=np.int64)
    for _ in range(n):
        counts[random.randint(1, 6) + random.randint(1, 6)] += 1
    return counts, random.randrange(0, 100, 5), random.expovariate(2.0)


def check():
    from numba_random import numba_seeds_for

    roll_sums(2024, 1)  # compiled first: its global `random` is the module
    with numba_seeds_for(roll_sums.py_func):
        check_same(roll_sums, 2024, 3000)
