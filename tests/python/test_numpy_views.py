"""Array attributes, views and basic indexing inside compiled code, NumPy as the oracle.

Views cannot be returned yet (no owned arrays), so each test reads a view back through its
shape, strides and a position-weighted checksum of its elements, computed the same way on
NumPy's view, or writes through it into the caller's array."""
import numpy as np
import pytest

import ujit
from ujit import njit

DTYPES = [np.int32, np.int64, np.float32, np.float64, np.complex128, np.bool_]


def inputs(dtype, shape):
    """C, F, strided, negative-stride and empty arrays of `dtype`."""
    n = int(np.prod(shape))
    base = (np.arange(n * 4) % 7 - 3).astype(dtype)
    if dtype == np.complex128:
        base = base + 1j * (np.arange(n * 4) % 5)
    c = base[:n].reshape(shape).copy()
    out = {
        "C": c,
        "F": np.asfortranarray(c),
        "strided": base[::4][:n].reshape(shape) if len(shape) == 1 else base[: n * 2].reshape(shape[0], -1)[:, ::2],
        "reversed": c[::-1],
        "empty": np.zeros((0,) + tuple(shape[1:]), dtype=dtype),
    }
    return out


def checksum1(v):
    s = 0j
    for i in range(v.shape[0]):
        s += v[i] * (i + 1)
    return s


def checksum2(v):
    s = 0j
    for i in range(v.shape[0]):
        for j in range(v.shape[1]):
            s += v[i, j] * (i * 31 + j + 1)
    return s


@njit
def jit_checksum1(v):
    s = 0j
    for i in range(v.shape[0]):
        s += v[i] * (i + 1)
    return s


@njit
def jit_checksum2(v):
    s = 0j
    for i in range(v.shape[0]):
        for j in range(v.shape[1]):
            s += v[i, j] * (i * 31 + j + 1)
    return s


# ---- attributes


@njit
def attrs(a):
    return (a.shape, a.strides, a.size, a.ndim, a.itemsize, a.nbytes, a.flags.c_contiguous, a.flags.f_contiguous)


def np_attrs(a):
    return (a.shape, a.strides, a.size, a.ndim, a.itemsize, a.nbytes, a.flags.c_contiguous, a.flags.f_contiguous)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6,), (3, 4)])
def test_attributes(dtype, shape):
    for kind, a in inputs(dtype, shape).items():
        assert attrs(a) == np_attrs(a), kind


@njit
def view_attrs(a):
    v = a[::2]
    return v.strides, v.flags.c_contiguous, v.flags.f_contiguous, a.T.strides, a.T.flags.f_contiguous


def test_attributes_of_views():
    for a in [np.arange(12.0), np.arange(12.0).reshape(3, 4), np.arange(2.0).reshape(2, 1)]:
        v = a[::2]
        assert view_attrs(a) == (v.strides, v.flags.c_contiguous, v.flags.f_contiguous, a.T.strides,
                                 a.T.flags.f_contiguous)


@njit
def real_imag(a):
    return jit_checksum1(a.real), jit_checksum1(a.imag), a.real.strides, a.imag.strides


def test_real_imag_views_of_complex():
    a = np.array([1 + 2j, -3 + 0.5j, 4 - 1j, 0j])
    for x in (a, a[::-2]):
        assert real_imag(x) == (checksum1(x.real), checksum1(x.imag), x.real.strides, x.imag.strides)


@njit
def write_imag(a):
    v = a.imag
    for i in range(v.shape[0]):
        v[i] = i * 10.0


def test_imag_view_writes_through():
    a = np.array([1 + 2j, 3 + 4j, 5 + 6j])
    write_imag(a)
    np.testing.assert_array_equal(a, [1 + 0j, 3 + 10j, 5 + 20j])


@njit
def real_of_real(a):
    return jit_checksum1(a.real)


def test_real_of_a_real_array_is_itself():
    a = np.arange(5.0)
    assert real_of_real(a) == checksum1(a.real)


# ---- slicing


@njit
def slice3(a, lo, hi, st):
    v = a[lo:hi:st]
    return v.shape, v.strides, jit_checksum1(v)


SLICES = [(0, 6, 1), (1, 3, 1), (-4, -1, 1), (5, 0, -1), (-1, -7, -2), (2, 100, 3), (-100, 100, 2), (4, 2, 1),
          (0, 0, 1), (7, 9, 1), (3, -100, -1)]


@pytest.mark.parametrize("dtype", DTYPES)
def test_slices_with_start_stop_step(dtype):
    for kind, a in inputs(dtype, (6,)).items():
        for lo, hi, st in SLICES:
            v = a[lo:hi:st]
            assert slice3(a, lo, hi, st) == (v.shape, v.strides, checksum1(v)), (kind, lo, hi, st)


@njit
def open_slices(a):
    return (jit_checksum1(a[2:]), jit_checksum1(a[:3]), jit_checksum1(a[::-1]), jit_checksum1(a[::2]),
            jit_checksum1(a[:]), jit_checksum1(a[-2:]), jit_checksum1(a[:-2:-1]), jit_checksum1(a[None:None:2]))


def test_open_slices():
    for a in inputs(np.float64, (7,)).values():
        expected = tuple(checksum1(v) for v in (a[2:], a[:3], a[::-1], a[::2], a[:], a[-2:], a[:-2:-1], a[::2]))
        assert open_slices(a) == expected


@njit
def mixed(m):
    return (jit_checksum1(m[1, :]), jit_checksum1(m[:, 2]), jit_checksum2(m[1:3, ::2]), jit_checksum1(m[-1]),
            jit_checksum2(m[::-1, ::-2]), jit_checksum2(m[1:]), m[:, 2].strides, m[1:3, ::2].strides)


@pytest.mark.parametrize("dtype", DTYPES)
def test_mixed_integer_and_slice_indices(dtype):
    for kind, m in inputs(dtype, (4, 5)).items():
        if m.shape[0] == 0:
            continue
        expected = (checksum1(m[1, :]), checksum1(m[:, 2]), checksum2(m[1:3, ::2]), checksum1(m[-1]),
                    checksum2(m[::-1, ::-2]), checksum2(m[1:]), m[:, 2].strides, m[1:3, ::2].strides)
        assert mixed(m) == expected, kind


@njit
def newaxes(a):
    r = a[None, :]
    c = a[:, np.newaxis]
    return r.shape, r.strides, c.shape, c.strides, jit_checksum2(r), jit_checksum2(c)


def test_none_and_newaxis():
    for a in (np.arange(4.0), np.arange(8.0)[::-2], np.zeros(0)):
        r, c = a[None, :], a[:, np.newaxis]
        assert newaxes(a) == (r.shape, r.strides, c.shape, c.strides, checksum2(r), checksum2(c))


@njit
def write_through_slice(a):
    v = a[1:6:2]
    for i in range(v.shape[0]):
        v[i] = -1
    m = a.reshape(2, 4)
    m[1, 0] = 99


def test_views_write_through_to_the_base():
    a = np.arange(8)
    write_through_slice(a)
    b = np.arange(8)
    b[1:6:2] = -1
    b.reshape(2, 4)[1, 0] = 99
    np.testing.assert_array_equal(a, b)


def test_slice_step_zero_raises_value_error():
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        slice3(np.arange(3.0), 0, 3, 0)


# ---- transposes, reshape, ravel


@njit
def transposes(m):
    return (m.T.shape, m.T.strides, jit_checksum2(m.T), jit_checksum2(m.transpose()), jit_checksum2(m.transpose(1, 0)),
            jit_checksum2(m.transpose((1, 0))))


@pytest.mark.parametrize("dtype", DTYPES)
def test_transposes(dtype):
    for kind, m in inputs(dtype, (3, 4)).items():
        t = m.T
        assert transposes(m) == (t.shape, t.strides, checksum2(t), checksum2(t), checksum2(t), checksum2(t)), kind


@njit
def reshapes(a):
    m = a.reshape(3, -1)
    n = a.reshape((-1, 2))
    r = m.ravel()
    return m.shape, m.strides, jit_checksum2(m), n.shape, jit_checksum2(n), r.shape, jit_checksum1(r)


@pytest.mark.parametrize("dtype", DTYPES)
def test_reshape_and_ravel_views(dtype):
    a = inputs(dtype, (12,))["C"]
    m, n = a.reshape(3, -1), a.reshape((-1, 2))
    r = m.ravel()
    assert reshapes(a) == (m.shape, m.strides, checksum2(m), n.shape, checksum2(n), r.shape, checksum1(r))


@njit
def reshape_to(a, p, q):
    return a.reshape(p, q).shape


def test_reshape_errors_as_numpy():
    a = np.arange(6.0)
    assert reshape_to(a, -1, 3) == (2, 3)
    assert reshape_to(np.zeros(0), 0, -1) == (0, 0)
    with pytest.raises(ValueError, match="total size of new array must be unchanged"):
        reshape_to(a, 4, -1)
    with pytest.raises(ValueError, match="total size of new array must be unchanged"):
        reshape_to(a, 4, 2)
    with pytest.raises(ValueError, match="multiple negative shape values"):
        reshape_to(a, -1, -1)


def test_reshape_of_a_non_contiguous_array_is_a_typing_error():
    @njit
    def f(a):
        return a[::2].reshape(3).shape

    with pytest.raises(ujit.TypingError, match="reshape\\(\\) supports contiguous array only"):
        f(np.arange(6.0))


# ---- iteration


@njit
def iterate(m):
    s = 0.0
    k = 0
    for row in m:
        for x in row:
            k += 1
            s += x * k
    return s


def test_iteration_over_rows_and_elements():
    for m in inputs(np.float64, (3, 4)).values():
        expected = sum(x * (k + 1) for k, x in enumerate(m.ravel(order="C")))
        assert iterate(m) == expected


@njit
def iterate_view(a):
    s = 0
    for x in a[::-2]:
        s = s * 10 + x
    return s


def test_iteration_over_a_view():
    a = np.arange(1, 8)
    expected = 0
    for x in a[::-2]:
        expected = expected * 10 + int(x)
    assert iterate_view(a) == expected


# ---- in CUDA kernels (run compiled for the CPU where no GPU is usable)


def test_views_of_kernel_arguments_and_local_arrays():
    from ujit import cuda

    @cuda.jit
    def kernel(m, out):
        i = cuda.grid(1)
        if i < m.shape[0]:
            row = m[i]
            s = 0.0
            for x in row[1:]:
                s += x
            loc = cuda.local.array(4, np.float64)
            for j in range(4):
                loc[j] = j
            v = loc[::-2]
            out[i] = s + v[0] * 10 + m.T[0, i] + v.shape[0]

    m = np.arange(12.0).reshape(3, 4)
    out = np.zeros(3)
    kernel[1, 32](m, out)
    np.testing.assert_array_equal(out, m[:, 1:].sum(axis=1) + 30.0 + m[:, 0] + 2)
