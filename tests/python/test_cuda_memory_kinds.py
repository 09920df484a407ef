"""Numba's memory kinds (issue 21, item 2): pinned, mapped and managed arrays and their *_like
forms, cuda.pinned / cuda.mapped, get_memory_info. Kernels use mapped and managed memory in
place: on a GPU through its device address, on the host device as host memory."""
import numpy as np
import pytest

from ujit import cuda


@cuda.jit
def _add_ten(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] += 10


@pytest.mark.parametrize("make", [cuda.pinned_array, cuda.mapped_array, cuda.managed_array])
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.complex128])
def test_arrays_are_numpy_arrays_over_ujit_memory(make, dtype):
    a = make((3, 4), dtype)
    assert isinstance(a, np.ndarray) and a.shape == (3, 4) and a.dtype == dtype and a.flags.c_contiguous
    a[:] = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(a, np.arange(12).reshape(3, 4))
    f = make((2, 5), dtype, order="F")
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    assert make(0, dtype).size == 0


def test_like_forms_follow_the_layout():
    src = np.zeros((2, 3), np.float32, order="F")
    for like in (cuda.pinned_array_like, cuda.mapped_array_like, cuda.managed_array_like):
        b = like(src)
        assert b.shape == src.shape and b.dtype == src.dtype and b.flags.f_contiguous


@pytest.mark.parametrize("make", [cuda.mapped_array, cuda.managed_array])
def test_kernels_write_mapped_and_managed_memory_in_place(make):
    a = make(40, np.float64)
    a[:] = np.arange(40)
    _add_ten[2, 32](a)
    _add_ten[1, 32](a[8:16])  # a view of it: still reached in place
    cuda.synchronize()
    want = np.arange(40) + 10.0
    want[8:16] += 10
    np.testing.assert_array_equal(a, want)
    assert isinstance(a[8:16], (cuda.MappedNDArray, cuda.ManagedNDArray))


def test_memory_lives_while_any_view_does():
    a = cuda.mapped_array(1000, np.int32)
    a[:] = 7
    tail = a[500:]
    del a
    assert int(tail.sum()) == 7 * 500


def test_mapped_and_pinned_context_managers():
    host = np.zeros(16)
    with cuda.mapped(host) as m:
        assert isinstance(m, cuda.MappedNDArray)
        _add_ten[1, 32](m)
        cuda.synchronize()
    np.testing.assert_array_equal(host, np.full(16, 10.0))
    a, b = np.ones(4), np.ones(4)
    with cuda.mapped(a, b) as views:
        assert len(views) == 2
    with cuda.pinned(a, b):
        d = cuda.to_device(a)
        d.copy_to_host(b)
    np.testing.assert_array_equal(b, a)
    with pytest.raises(ValueError, match="contiguous"):
        with cuda.pinned(np.zeros((4, 4))[:, 1]):
            pass
    with pytest.raises(TypeError):
        with cuda.mapped([1, 2]):
            pass


def test_get_memory_info():
    info = cuda.current_context().get_memory_info()
    assert 0 < info.free <= info.total and info == (info.free, info.total)
