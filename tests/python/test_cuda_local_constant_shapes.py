"""A local variable bound once to a constant is that constant where the language needs one (a
shared or local array's shape, a tuple index), as Numba types it a literal. NumPy's
arithmetic is the oracle."""
import numpy as np

from ujit import cuda, njit


@cuda.jit
def reversed_through_shared(a, out):
    n = 64
    shape = (2, n // 2)
    sm = cuda.shared.array(n, np.int32)
    grid = cuda.local.array(shape, np.int32)
    i = cuda.threadIdx.x
    sm[i] = a[i]
    grid[0, 0] = sm[i]
    cuda.syncthreads()
    out[i] = sm[n - 1 - i] + grid.size - grid[0, 0]


def test_shared_and_local_shapes_from_local_constants():
    a = np.arange(64, dtype=np.int32) * 3
    out = np.zeros_like(a)
    reversed_through_shared[1, 64](a, out)
    assert out.tolist() == (a[::-1] + 64 - a).tolist()


@njit
def pick(t):
    k = -1
    return t[k]


def test_tuple_index_from_a_local_constant():
    assert pick((1, 2.5)) == 2.5

