"""Tuple slices (constant bounds) and t + t2 inside a kernel, as numba-cuda types them
(static_getitem, TupleAdd): values that never touch memory. Python runs the same body as the
oracle; without a GPU the kernel runs on the host device."""
import numpy as np
import pytest

from ujit import cuda

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # one thread


def rotate_and_join(r, t):
    s = t[1:] + t[:1]
    u = s[::-1] + (0.5, 7)
    r[0], r[1], r[2], r[3], r[4] = u  # mixed item types: constant positions, as Numba requires


def test_slices_and_concatenation_in_a_kernel():
    t = (1.5, 2, 3.25)
    r = np.zeros(5)
    cuda.jit(rotate_and_join)[1, 1](r, t)
    expected = np.zeros(5)
    rotate_and_join(expected, t)
    assert list(r) == list(expected)
