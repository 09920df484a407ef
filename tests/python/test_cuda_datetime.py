"""datetime64 / timedelta64 in CUDA kernels, ufuncs and gufuncs, as numba-cuda's
tests/cudapy/test_datetime.py exercises them: arrays of them as kernel arguments, scalars of
them passed to a kernel, `end - start` and `==` in the kernel; the oracle is NumPy's own
arithmetic. Runs where CUDA code runs (the GPU, or the host device without one); the PTX is
assembled by ptxas for sm_90."""
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, guvectorize, types, vectorize
from ujit.np.numpy_support import from_dtype


def dates():
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.default_rng(1).integers(0, 10000, arr1.size)
    return arr1, arr2


@cuda.jit
def differences(start, end, delta):
    for i in range(cuda.grid(1), delta.size, cuda.gridsize(1)):
        delta[i] = end[i] - start[i]


def test_arrays_of_datetimes_in_a_kernel():
    arr1, arr2 = dates()
    arr2[7] = np.datetime64("NaT")
    delta = np.zeros_like(arr1, dtype="timedelta64[D]")
    differences[1, 32](arr1, arr2, delta)
    np.testing.assert_array_equal(delta, arr2 - arr1)
    assert np.isnat(delta[7])


@cuda.jit
def match_and_shift(dates, target, delta, matches, outdelta):
    for i in range(cuda.grid(1), matches.size, cuda.gridsize(1)):
        matches[i] = dates[i] == target
        outdelta[i] = dates[i] - delta


def test_scalar_datetime_and_timedelta_arguments():
    arr1, _ = dates()
    target = arr1[5]
    delta = arr1[6] - arr1[5]
    matches = np.zeros_like(arr1, dtype=np.bool_)
    outdelta = np.zeros_like(arr1, dtype="datetime64[D]")
    match_and_shift[1, 32](arr1, target, delta, matches, outdelta)
    assert list(matches.nonzero()[0]) == [5]
    np.testing.assert_array_equal(outdelta, arr1 - delta)


def test_device_arrays_keep_their_dtype_and_view_as_int64():
    arr, _ = dates()
    darr = cuda.to_device(arr)
    assert darr.dtype == arr.dtype
    np.testing.assert_array_equal(darr.copy_to_host(), arr)
    viewed = darr.view(np.int64)
    np.testing.assert_array_equal(viewed.copy_to_host(), arr.view(np.int64))
    td = arr - (arr - 1)
    dtd = cuda.to_device(td)
    np.testing.assert_array_equal(dtd.view(np.int64).copy_to_host(), td.view(np.int64))


def test_cuda_ufunc_and_gufunc_over_datetimes():
    datetime_t = from_dtype(np.dtype("datetime64[D]"))
    timedelta_t = from_dtype(np.dtype("timedelta64[D]"))
    arr1, arr2 = dates()

    @vectorize([(datetime_t, datetime_t)], target="cuda")
    def timediff(start, end):
        return end - start

    np.testing.assert_array_equal(timediff(arr1, arr2), arr2 - arr1)

    @guvectorize([(datetime_t, datetime_t, timedelta_t[:])], "(),()->()", target="cuda")
    def gtimediff(start, end, out):
        out[0] = end - start

    np.testing.assert_array_equal(gtimediff(arr1, arr2), arr2 - arr1)


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
def test_the_ptx_assembles(tmp_path):
    M8, m8 = types.NPDatetime("D"), types.NPTimedelta("D")
    ptx, _ = cuda.compile_ptx(match_and_shift.py_func, (M8[::1], M8, m8, types.boolean[::1], M8[::1]), cc=(9, 0))
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)
