"""Device arrays with Numba's API (issue 21, item 1): indexing and slicing to views, item and
slice assignment from scalars, host and device arrays, reshape/ravel/view/T, split,
alloc_size, copy_to_host of strided views, and kernels launched on views. NumPy on the same
operations is the oracle. Without a GPU the arrays are the host device's; on a GPU machine
the same tests run through the driver's strided copies."""
import numpy as np
import pytest

from ujit import cuda

KEYS = [np.s_[1:3], np.s_[:, 1], np.s_[1, :], np.s_[::-1, ::2], np.s_[1:3, ::-2], np.s_[None, 2],
        np.s_[..., 3], np.s_[2], np.s_[-1], np.s_[:, -1:0:-2], np.s_[3:1], np.s_[:, None, 1::3],
        np.s_[np.int64(1), 2:], np.s_[..., None]]


def _matrix(dtype=np.float64):
    return np.arange(24).astype(dtype).reshape(4, 6)


@pytest.mark.parametrize("key", KEYS, ids=repr)
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex64, np.uint8])
def test_getitem_views(key, dtype):
    a = _matrix(dtype)
    d = cuda.to_device(a)
    v = d[key]
    assert isinstance(v, cuda.DeviceNDArray)
    assert v.shape == a[key].shape and v.strides == a[key].strides and v.dtype == a.dtype
    np.testing.assert_array_equal(v.copy_to_host(), a[key])
    out = np.zeros(a[key].shape, dtype, order="F")
    v.copy_to_host(out)
    np.testing.assert_array_equal(out, a[key])
    assert v.alloc_size == d.alloc_size == a.nbytes
    assert v.is_c_contiguous() == a[key].flags.c_contiguous
    assert v.is_f_contiguous() == a[key].flags.f_contiguous


def test_getitem_scalar_is_a_host_scalar():
    a = _matrix()
    d = cuda.to_device(a)
    assert d[1, 2] == a[1, 2] and isinstance(d[1, 2], np.float64)
    assert d[-1, -1] == 23.0
    assert list(cuda.to_device(np.arange(3.0))) == [0.0, 1.0, 2.0]  # iteration by item
    with pytest.raises(IndexError):
        d[4]
    with pytest.raises(IndexError):
        d[0, 0, 0]


@pytest.mark.parametrize("key", [np.array([1, 2]), [0, 1], np.array([True, False, True, False]), True])
def test_fancy_indexing_is_refused(key):
    d = cuda.to_device(_matrix())
    with pytest.raises(NotImplementedError, match="basic indices only"):
        d[key]


@pytest.mark.parametrize("key,value", [
    (np.s_[1:3, ::2], 7.0),
    (np.s_[:, 0], np.arange(4)),
    (np.s_[::-1, 5], np.array([9.0, 8, 7, 6])),
    (np.s_[2, 3], -1),
    (np.s_[1], np.arange(6) * 0.5),
    (np.s_[:, 1:3], np.array([[1.5], [2.5], [3.5], [4.5]])),  # broadcast along columns
    (np.s_[...], 2.25),
])
def test_setitem_from_host(key, value):
    a = _matrix()
    d = cuda.to_device(a)
    d[key] = value
    a[key] = value
    np.testing.assert_array_equal(d.copy_to_host(), a)


def test_setitem_from_device_and_overlap():
    a = _matrix()
    d = cuda.to_device(a)
    d[::-1, 5] = cuda.to_device(np.array([9.0, 8, 7, 6]))
    a[::-1, 5] = [9, 8, 7, 6]
    d[0] = d[3]
    a[0] = a[3]
    d[1:, 1] = d[:-1, 1]  # overlapping views of one array: NumPy's result
    a[1:, 1] = a[:-1, 1].copy()
    np.testing.assert_array_equal(d.copy_to_host(), a)
    with pytest.raises(ValueError, match="could not broadcast"):
        d[:, 0] = np.arange(3)


def test_reshape_ravel_transpose_view():
    a = _matrix()
    d = cuda.to_device(a)
    np.testing.assert_array_equal(d.reshape(6, 4).copy_to_host(), a.reshape(6, 4))
    np.testing.assert_array_equal(d.reshape((2, -1)).copy_to_host(), a.reshape(2, -1))
    np.testing.assert_array_equal(d.T.reshape(3, 8, order="F").copy_to_host(), a.T.reshape(3, 8, order="F"))
    np.testing.assert_array_equal(d[::2].reshape(2, 3, 2).copy_to_host(), a[::2].reshape(2, 3, 2))  # strided
    np.testing.assert_array_equal(d.ravel().copy_to_host(), a.ravel())
    np.testing.assert_array_equal(d.T.copy_to_host(), a.T)
    assert d.T.is_f_contiguous() and not d.T.is_c_contiguous()
    np.testing.assert_array_equal(d.transpose((1, 0)).copy_to_host(), a.transpose((1, 0)))
    np.testing.assert_array_equal(d.view(np.int64).copy_to_host(), a.view(np.int64))
    np.testing.assert_array_equal(d.view(np.float32).copy_to_host(), a.view(np.float32))
    np.testing.assert_array_equal(d[:, 1].reshape(2, 2).copy_to_host(), a[:, 1].reshape(2, 2))  # a view too
    with pytest.raises(NotImplementedError, match="operation requires copying"):
        d[:, 1:3].reshape(8)
    with pytest.raises(NotImplementedError, match="operation requires copying"):
        d.T.ravel()
    with pytest.raises(NotImplementedError, match="operation requires copying"):
        d.reshape(3, 8, order="F")  # NumPy would copy
    with pytest.raises(ValueError):
        d.reshape(5, 5)


def test_split_and_views_outlive_their_base():
    d = cuda.to_device(np.arange(10.0))
    parts = d.split(3)
    assert [p.shape for p in parts] == [(3,), (3,), (3,), (1,)]
    np.testing.assert_array_equal(np.concatenate([p.copy_to_host() for p in parts]), np.arange(10.0))
    view = d[2:5]
    del d, parts
    np.testing.assert_array_equal(view.copy_to_host(), [2.0, 3.0, 4.0])
    with pytest.raises(ValueError):
        cuda.to_device(np.zeros((2, 2))).split(1)


@cuda.jit
def _twice(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] *= 2


@cuda.jit
def _bump_rows(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] += i * 10 + j


def test_kernels_launch_on_views():
    a = np.arange(24.0).reshape(4, 6)
    d = cuda.to_device(a)
    _twice[1, 32](d[:, 1])
    a[:, 1] *= 2
    _twice[1, 32](d[::-1, 3])
    a[::-1, 3] *= 2
    _twice[1, 32](d[2])
    a[2] *= 2
    _bump_rows[(1, 1), (8, 8)](d[1:, ::2])
    a[1:, ::2] += np.add.outer(np.arange(3) * 10, np.arange(3))
    np.testing.assert_array_equal(d.copy_to_host(), a)


def test_flags_are_numbas_dict_and_numpys_attributes():
    # numba-cuda's DeviceNDArray.flags is a dict with C_CONTIGUOUS and F_CONTIGUOUS
    for host in (np.zeros(10), np.zeros((10, 12)), np.zeros((10, 12), order="F"), np.zeros((1, 5))):
        d = cuda.to_device(host)
        for view, ref in ((d, host), (d.T, host.T), (d[::2], host[::2])):
            assert view.flags["C_CONTIGUOUS"] == ref.flags["C_CONTIGUOUS"], (host.shape, view.shape)
            assert view.flags["F_CONTIGUOUS"] == ref.flags["F_CONTIGUOUS"], (host.shape, view.shape)
            assert view.flags.c_contiguous == ref.flags.c_contiguous
            like = cuda.device_array_like(view)
            assert like.flags["C_CONTIGUOUS"] or like.flags["F_CONTIGUOUS"]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape, key", [((10, 12), np.s_[::2, ::2]), ((10, 12), np.s_[::-2, 1::3]),
                                        ((4, 5, 6), np.s_[::2, :, ::3]), ((4, 5, 6), np.s_[1:, ::-1, ::2])])
def test_array_like_of_a_strided_view_keeps_its_memory_order_as_numpy(shape, key, order):
    """numba-cuda's test_array_like_2d_view_f: device_array_like (pinned_, mapped_array_like) of a
    view that is neither C- nor F-contiguous is contiguous with the view's axis order, as
    np.zeros_like makes it."""
    host = np.zeros(shape, order=order)[key]
    ref = np.zeros_like(host)
    for src in (host, cuda.device_array(shape, order=order)[key], cuda.to_device(np.zeros(shape, order=order))[key]):
        like = cuda.device_array_like(src)
        assert (like.shape, like.strides) == (ref.shape, ref.strides)
        assert like.flags["C_CONTIGUOUS"] == ref.flags["C_CONTIGUOUS"]
        assert like.flags["F_CONTIGUOUS"] == ref.flags["F_CONTIGUOUS"]
    for like in (cuda.pinned_array_like(host), cuda.mapped_array_like(host)):
        assert (like.shape, like.strides) == (ref.shape, ref.strides)
        assert like.flags["C_CONTIGUOUS"] == ref.flags["C_CONTIGUOUS"]
        assert like.flags["F_CONTIGUOUS"] == ref.flags["F_CONTIGUOUS"]


def test_auto_device_takes_contiguous_blocks_and_refuses_strided_ones():
    """numba.cuda.devicearray.auto_device (numba-cuda's test_array): a constant or a C-, F- or
    broadcast array becomes a new device array; a strided one is Numba's ValueError."""
    x = np.arange(10, dtype=np.double)
    with pytest.raises(ValueError, match="Array contains non-contiguous buffer"):
        cuda.devicearray.auto_device(x[:-1:2])
    d, new = cuda.devicearray.auto_device(2)
    assert new and d.copy_to_host() == np.array(2)
    for host in (np.asfortranarray(np.ones((3, 2))), np.broadcast_to(np.arange(3.0), (4, 3))):
        d, new = cuda.devicearray.auto_device(host)
        assert new and d.shape == host.shape
        np.testing.assert_array_equal(d.copy_to_host(), host)
    assert cuda.devicearray.auto_device(d) == (d, False)
