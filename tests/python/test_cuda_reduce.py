"""cuda.Reduce / cuda.reduce (numba.cuda's reduction of a 1-D array by a user's binary
function), checked against NumPy's sum/prod/max and functools.reduce."""
import functools

import numpy as np
import pytest

from ujit import cuda


def add(a, b):
    return a + b


@pytest.mark.parametrize("n", [0, 1, 255, 256, 257, 1023, 1024, 1025, 40000])
def test_sum_matches_numpy_around_the_block_and_thread_counts(n):
    a = np.arange(n, dtype=np.float64) + 1  # integers: exact in any order of the fold
    assert cuda.Reduce(add)(a) == a.sum()


def test_product_max_init_size_and_integers():
    # (lambdas outside the asserts: pytest rewrites an assert's code, and ujit reads source)
    prod = cuda.reduce(lambda x, y: x * y)
    biggest = cuda.Reduce(lambda x, y: max(x, y))
    smallest = cuda.Reduce(lambda x, y: min(x, y))
    a = np.arange(1, 40, dtype=np.float64)
    assert np.isclose(prod(a, init=1), a.prod())
    b = np.random.default_rng(3).permutation(5000).astype(np.int64)
    assert biggest(b, init=-1) == b.max()
    assert smallest(b, init=10**6) == b.min()
    c = np.arange(100, dtype=np.int32)
    assert cuda.Reduce(add)(c, init=7) == functools.reduce(add, c.tolist(), 7)
    assert cuda.Reduce(add)(c, size=10) == sum(range(10))


def test_device_input_and_result_on_the_device():
    a = np.arange(1000, dtype=np.float32)
    d = cuda.to_device(a)
    res = cuda.to_device(np.zeros(1, dtype=np.float32))
    assert cuda.Reduce(add)(d, res=res) is None
    assert res.copy_to_host()[0] == a.sum()
    assert cuda.Reduce(add)(cuda.to_device(np.zeros(0)), init=2.5) == 2.5
