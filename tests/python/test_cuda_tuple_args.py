"""Tuples passed to a kernel are tuples there, as numba-cuda types them (UniTuple, Tuple,
nested, with arrays among the items: its test_array_args), through a wrapper kernel that
rebuilds them (cuda/_tuple_kernel_args.py). Kernels run on the host device without a GPU."""
from collections import namedtuple

import numpy as np
import pytest

from ujit import cuda

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


def read_items(r, x):
    r[0] = len(x)
    r[1] = len(x[0])
    r[2] = len(x[1])
    r[3] = x[1][0] + x[1][1]
    r[4] = x[2] * 2.0


def test_nested_and_mixed_tuples():
    x = ((), (5, 6), 2.25)
    r = np.zeros(5)
    cuda.jit(read_items)[1, 1](r, x)
    expected = np.zeros(5)
    read_items(expected, x)  # Python is the oracle
    assert list(r) == list(expected)


def test_arrays_inside_a_tuple_are_written_back():
    @cuda.jit
    def scale(t, s):
        a, b = t
        for i in range(a.size):
            a[i] *= s
            b[i] += a[i]

    a, b = np.arange(4.0), np.ones(4)
    scale[1, 1]((a, b), 3.0)
    assert list(a) == [0.0, 3.0, 6.0, 9.0] and list(b) == [1.0, 4.0, 7.0, 10.0]


def test_a_unituple_is_indexed_at_run_time():
    @cuda.jit
    def total(r, t):
        s = 0
        for i in range(len(t)):
            s += t[i]
        r[0] = s

    r = np.zeros(1, dtype=np.int64)
    total[1, 1](r, (1, 2, 3, 4))
    assert r[0] == 10


Point = namedtuple("Point", "x y")
Particle = namedtuple("Particle", ["pos", "mass", "alive"])


def test_a_namedtuple_is_read_by_field_and_index():
    # numba-cuda passes namedtuples to kernels (its test_namedtuple_args); fields by name too
    @cuda.jit
    def k(r, p):
        r[0] = p.x
        r[1] = p[1]
        r[2] = len(p)

    r = np.zeros(3)
    k[1, 1](r, Point(1.5, 2.5))
    assert list(r) == [1.5, 2.5, 2.0]


def test_a_heterogeneous_nested_namedtuple():
    @cuda.jit
    def k(r, q):
        if q.alive:
            r[0] = q.pos.x * q.mass + q.pos.y

    r = np.zeros(1)
    k[1, 1](r, Particle(Point(2.0, 1.0), 3, True))
    assert r[0] == 2.0 * 3 + 1.0


def test_a_run_time_tuple_index_in_njit_code():
    # Numba's getitem_unituple, on the CPU too; a heterogeneous tuple still needs a constant.
    import ujit

    def pick(t, i):
        return t[i]

    assert ujit.njit(pick)((10, 20, 30), 1) == pick((10, 20, 30), 1)
    assert ujit.njit(pick)((10, 20, 30), -1) == pick((10, 20, 30), -1)
    with pytest.raises(ujit.CompileError, match="a tuple index must be a constant integer"):
        ujit.njit(pick)((10, 2.5), 1)
