"""The oracle of the `random` module inside compiled code: Numba seeds its own generator with
random.seed(n) as NumPy's legacy np.random.seed does (init_genrand of n's low 32 bits), not as
CPython does, and then draws as CPython does. CPython's random.Random given that state gives
Numba's values (checked against Numba 0.68: random.seed(1) → 0.417022004702574, then
randint(1, 10) → 1, uniform(1, 2) → 1.1281244479293568)."""
import contextlib
import random

import numpy as np


class NumbaSeededRandom(random.Random):
    """A random.Random whose seed(n), for an int n, seeds as Numba's random.seed(n) does."""

    def seed(self, a=None, version=2):
        if isinstance(a, int):
            keys = np.random.RandomState(a % 2**32).get_state()[1]
            self.setstate((3, tuple(int(k) for k in keys) + (624,), None))
        else:
            super().seed(a, version)


def numba_seeded_random(seed):
    """A random.Random in the state Numba's random.seed(seed) leaves its generator in."""
    return NumbaSeededRandom(seed)


@contextlib.contextmanager
def numba_seeds_for(py_func):
    """Runs `py_func` (a compiled function's Python original) with its global `random` module
    replaced by a NumbaSeededRandom, so that it draws what the compiled function draws. Compile
    the function before: a compile inside would see the replacement."""
    module_globals = py_func.__globals__
    saved = module_globals["random"]
    module_globals["random"] = NumbaSeededRandom()
    try:
        yield
    finally:
        module_globals["random"] = saved
