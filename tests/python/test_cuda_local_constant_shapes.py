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



@cuda.jit(device=True)
def fill_shared(out, n, shape, dtype):
    # n and shape are Numba's Literal[int] arguments: constant here, one specialization each
    sm = cuda.shared.array(n, dtype)
    grid = cuda.shared.array(shape, dtype)
    i = cuda.threadIdx.x
    sm[i] = i * 2
    if i < shape[0]:
        grid[i, 0] = i
    cuda.syncthreads()
    out[i] = sm[n - 1 - i] + grid.size


@cuda.jit
def two_sizes(out, which):
    size = 8
    if which == 0:  # the same for the whole block: both calls meet their barrier
        fill_shared(out, 16, (4, 2), np.int32)
    else:
        fill_shared(out, size, (2, 3), np.int32)


def test_device_function_shapes_from_literal_arguments():
    a = np.zeros(16, dtype=np.int32)
    two_sizes[1, 16](a, 0)
    assert a.tolist() == [2 * (15 - i) + 8 for i in range(16)]
    b = np.zeros(8, dtype=np.int32)
    two_sizes[1, 8](b, 1)
    assert b.tolist() == [2 * (7 - i) + 6 for i in range(8)]


@njit
def nth(t, k):
    return t[k]


@njit
def nth_of_pair(x):
    return nth((1, x), 1) + nth((x, 2.0), 0)


def test_tuple_index_from_a_literal_argument():
    assert nth_of_pair(3.5) == 7.0
