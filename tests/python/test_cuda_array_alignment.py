"""cuda.local.array / cuda.shared.array with alignment=, as numba-cuda takes it (its
tests/cudapy/test_array_alignment.py): the arrays work as without it, the PTX aligns them as
asked, and a bad alignment is numba-cuda's error: ValueError for an integer that is not
positive, not a power of two or not a multiple of 8; TypingError (RequireLiteralValue) for
anything but a constant integer. NumPy's arithmetic is the oracle for the values."""
import re

import numpy as np
import pytest

from ujit import cuda
from ujit.core.errors import TypingError


@cuda.jit
def staged(a, out):
    i = cuda.threadIdx.x
    loc = cuda.local.array((2, 3), np.int64, alignment=64)
    sh = cuda.shared.array(32, dtype=np.float64, alignment=256)
    dyn = cuda.shared.array(0, np.float32, alignment=128)
    for r in range(2):
        for c in range(3):
            loc[r, c] = a[i] * (r + 1) + c
    sh[i] = loc[i % 2, i % 3]  # indexed at run time: the array stays in local memory
    dyn[i] = np.float32(i)
    cuda.syncthreads()
    out[i] = sh[31 - i] + loc[0, 0] + dyn[31 - i]


def test_aligned_local_and_shared_arrays_compute_as_plain_ones():
    a = np.arange(32, dtype=np.int64) * 3
    out = np.zeros(32)
    staged[1, 32, 0, 32 * 4](a, out)
    j = np.arange(32)[::-1]  # the thread whose sh[] and dyn[] each reads
    expect = (a[j] * (j % 2 + 1) + j % 3) + a + j
    assert out.tolist() == expect.astype(np.float64).tolist()


def test_the_ptx_aligns_them_as_asked():
    ptx = staged.inspect_asm("void(int64[::1], float64[::1])")
    assert re.search(r"\.local \.align 64 \.b8\s+\w+\[", ptx)
    assert re.search(r"\.shared \.align 256 \.b8\s+\w+\[256\]", ptx)
    assert re.search(r"\.extern \.shared \.align 128 \.b8\s+\w+\[\]", ptx)


def kernel_with(where, alignment):
    if where == "local":

        @cuda.jit
        def f(out):
            arr = cuda.local.array(4, dtype=np.uint8, alignment=alignment)
            arr[0] = 1
            out[0] = arr[0]

    else:

        @cuda.jit
        def f(out):
            arr = cuda.shared.array(4, dtype=np.uint8, alignment=alignment)
            arr[0] = 1
            out[0] = arr[0]

    return f


@pytest.mark.parametrize("where", ["local", "shared"])
@pytest.mark.parametrize(
    "alignment, message",
    [(-1, "positive"), (0, "positive"), (3, "a power of 2"), (17, "a power of 2"), (4, "a multiple of 8")],
)
def test_invalid_integer_alignments_are_value_errors(where, alignment, message):
    with pytest.raises(ValueError, match="Alignment must be " + message):
        kernel_with(where, alignment)[1, 1](np.zeros(1, dtype=np.uint8))


@pytest.mark.parametrize("where", ["local", "shared"])
@pytest.mark.parametrize("alignment", [1.0, 1.5, 3.2])
def test_alignments_that_are_not_constant_integers_are_typing_errors(where, alignment):
    with pytest.raises(TypingError, match=r"RequireLiteralValue:.*alignment must be a constant integer"):
        kernel_with(where, alignment)[1, 1](np.zeros(1, dtype=np.uint8))


@pytest.mark.parametrize("where", ["local", "shared"])
@pytest.mark.parametrize("alignment", [None, 8, 16, 4096])
def test_valid_alignments_run(where, alignment):
    out = np.zeros(1, dtype=np.uint8)
    kernel_with(where, alignment)[1, 1](out)
    assert out[0] == 1
