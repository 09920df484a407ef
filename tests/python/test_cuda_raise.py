"""`raise` and `assert` in CUDA kernels and device functions, with numba-cuda's semantics (its
tests/cudapy/test_exception.py, test_userexc.py): the raising thread returns there and the others
go on; without debug=True nothing more happens, with debug=True the launch raises the first
raise's class on the host, its message prefixed with the place and the thread
("In function 'k', file F, line L, tid=[z, y, x] ctaid=[z, y, x]: msg"), and Python's error
model's checks are on (x / 0 is ZeroDivisionError). Run on the CPU without a GPU, on the GPU
with one. The oracle: what each thread would have written had it returned at the raise."""
import os
import re

import numpy as np
import pytest

from ujit import cuda


class MyError(Exception):
    pass


def raise_line(fn, text):
    """The file line of `text` inside `fn`'s source."""
    import inspect

    lines, first = inspect.getsourcelines(fn.py_func if hasattr(fn, "py_func") else fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@cuda.jit
def stop_at_negative(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        if a[i] < 0:
            raise ValueError("negative")
        out[i] = a[i] * 2


def test_a_raise_without_debug_ends_only_its_thread():
    a = np.array([1, -2, 3, -4, 5, 6, 7, 8], dtype=np.int64)
    out = np.full_like(a, -1)
    stop_at_negative[2, 4](a, out)  # no exception: numba-cuda ignores raises without debug
    expect = np.where(a < 0, -1, a * 2)
    assert out.tolist() == expect.tolist()


@cuda.jit(debug=True, opt=False)
def user_raise(x, out):
    if x == 1:
        raise MyError
    elif x == 2:
        raise MyError("foo")
    out[0] = 1


def test_debug_raise_is_the_module_class_with_numba_cudas_message():
    out = np.zeros(1, dtype=np.int64)
    user_raise[1, 1](0, out)
    assert out[0] == 1
    with pytest.raises(MyError) as e:
        user_raise[1, 1](1, out)
    text = str(e.value)
    line = raise_line(user_raise, "raise MyError\n")
    path = os.path.abspath(__file__)
    assert text == f"In function 'user_raise', file {path}, line {line}, tid=[0, 0, 0] ctaid=[0, 0, 0]"
    with pytest.raises(MyError) as e:
        user_raise[1, 1](2, out)
    assert str(e.value).endswith("tid=[0, 0, 0] ctaid=[0, 0, 0]: foo")
    assert re.match(r"In function 'user_raise', file [^,]+, line \d+, ", str(e.value))


@cuda.jit(debug=True, opt=False)
def raise_at(ti, bi, out):
    x, y = cuda.grid(2)
    if cuda.threadIdx.y == ti and cuda.blockIdx.x == bi:
        raise IndexError("picked")
    out[y, x] = 1


def test_debug_raise_names_the_thread_z_first_and_the_others_finish():
    out = np.zeros((4, 6), dtype=np.int64)
    with pytest.raises(IndexError) as e:
        raise_at[(3, 2), (2, 2)](1, 2, out)  # threadIdx.y == 1 of block x == 2
    # numba-cuda lists [z, y, x]; the first raise recorded is one of the two of that row
    assert re.search(r"tid=\[0, 1, [01]\] ctaid=\[0, [01], 2\]: picked$", str(e.value))
    # host arrays are not copied back after a raise on a GPU; on the CPU they are the
    # kernel's own: every thread but the raising ones wrote its 1
    if not cuda.is_available():
        x = np.arange(6)[None, :]
        y = np.arange(4)[:, None]
        raised = (y % 2 == 1) & (x // 2 == 2)
        assert out.tolist() == np.where(raised, 0, 1).tolist()


@cuda.jit(device=True)
def checked_sqrt(v):
    assert v >= 0, "negative input"
    return v**0.5


@cuda.jit(debug=True, opt=False)
def roots(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = checked_sqrt(a[i])


def test_debug_assert_in_a_device_function():
    a = np.array([4.0, 9.0, -1.0, 16.0])
    out = np.zeros_like(a)
    with pytest.raises(AssertionError) as e:
        roots[1, 4](a, out)
    assert "In function 'checked_sqrt'" in str(e.value)
    assert str(e.value).endswith("tid=[0, 0, 2] ctaid=[0, 0, 0]: negative input")
    a[2] = 25.0
    roots[1, 4](a, out)
    assert out.tolist() == [2.0, 3.0, 5.0, 4.0]


@cuda.jit
def roots_no_debug(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = checked_sqrt(a[i])


def test_assert_in_a_device_function_without_debug_returns_from_the_kernel():
    a = np.array([4.0, -9.0, 16.0])
    out = np.full_like(a, 7.0)
    roots_no_debug[1, 3](a, out)
    assert out.tolist() == [2.0, 7.0, 4.0]


def divide(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0]


def test_division_by_zero_is_ieee_without_debug():
    f = cuda.jit(divide)
    r = np.zeros(2)
    f[1, 1](r, np.zeros(1), np.ones(1))
    assert np.isinf(r[0]) and r[1] == 1.0


def test_division_by_zero_raises_in_debug_and_stops_the_thread():
    f = cuda.jit(debug=True, opt=False)(divide)
    r = np.zeros(2)
    with pytest.raises(ZeroDivisionError) as e:
        f[1, 1](r, np.zeros(1), np.ones(1))
    assert str(e.value).endswith("tid=[0, 0, 0] ctaid=[0, 0, 0]: division by zero")
    assert r.tolist() == [0.0, 0.0]


def divide_float32(r, x, y):
    r[0] = x / y


@pytest.mark.parametrize("fastmath", [True, {"arcp"}])
def test_float32_division_under_fastmath_is_unchecked_even_in_debug(fastmath):
    # numba-cuda's maybe_fast_truediv (test_fastmath.test_divf_exception): float32 / float32
    # under fastmath is libdevice's fast_fdividef, never ZeroDivisionError; float64 is checked.
    sig = "void(float32[::1], float32, float32)"
    fast = cuda.jit(sig, fastmath=fastmath, debug=True, opt=False)(divide_float32)
    r = np.zeros(1, dtype=np.float32)
    fast[1, 1](r, np.float32(10.0), np.float32(0.0))
    assert r[0] == np.inf
    fast[1, 1](r, np.float32(3.0), np.float32(4.0))
    assert r[0] == np.float32(0.75)
    precise = cuda.jit(sig, debug=True, opt=False)(divide_float32)
    with pytest.raises(ZeroDivisionError):
        precise[1, 1](r, np.float32(10.0), np.float32(0.0))
    wide = cuda.jit("void(float64[::1], float64, float64)", fastmath=fastmath, debug=True, opt=False)(divide_float32)
    with pytest.raises(ZeroDivisionError):
        wide[1, 1](np.zeros(1), 10.0, 0.0)


@cuda.jit(debug=True, opt=False)
def raise_after_barrier(out):
    sm = cuda.shared.array(32, np.int64)
    t = cuda.threadIdx.x
    sm[t] = t
    cuda.syncthreads()
    if t == 5:
        raise KeyError("five")
    out[t] = sm[31 - t]


def test_debug_raise_among_threads_that_meet_at_a_barrier():
    out = np.full(32, -1, dtype=np.int64)
    with pytest.raises(KeyError) as e:
        raise_after_barrier[1, 32](out)
    assert "tid=[0, 0, 5] ctaid=[0, 0, 0]: five" in str(e.value)
    if not cuda.is_available():
        expect = [31 - t if t != 5 else -1 for t in range(32)]
        assert out.tolist() == expect


def shape_at(ary):
    x = cuda.threadIdx.x
    if x == 2:
        ary.shape[-x]  # a run-time index past the 1-tuple: Numba's IndexError


def test_a_tuple_index_out_of_range_ends_the_thread_or_raises_in_debug():
    cuda.jit(shape_at)[1, 3](np.array([0, 1]))  # without debug: the thread just ends
    with pytest.raises(IndexError) as e:
        cuda.jit(debug=True, opt=False)(shape_at)[1, 3](np.array([0, 1]))
    assert str(e.value).endswith("tid=[0, 0, 2] ctaid=[0, 0, 0]: tuple index out of range")


def test_a_tuple_index_out_of_range_on_the_cpu_is_an_index_error():
    from ujit import njit

    @njit
    def pick(t, i):
        return t[i]

    assert pick((1, 2, 3), -1) == 3
    with pytest.raises(IndexError, match="tuple index out of range"):
        pick((1, 2, 3), 3)
    with pytest.raises(IndexError, match="tuple index out of range"):
        pick((1, 2, 3), -4)


@cuda.jit
def grid_stride_until_negative(a, out):
    for i in range(cuda.grid(1), a.shape[0], cuda.gridsize(1)):
        if a[i] < 0:
            raise ValueError("negative")
        out[i] = a[i] + 1


def test_a_raise_in_a_grid_stride_loop_ends_that_thread_alone():
    # On the CPU such a loop would run block-wide (one thread doing the row's iterations);
    # a raise there must still end only the thread whose iteration raised.
    a = np.arange(100.0)
    a[37] = -1
    out = np.zeros(100)
    grid_stride_until_negative[2, 8](a, out)
    i = np.arange(100)
    stopped = (i % 16 == 37 % 16) & (i >= 37)  # thread 5's iterations from i = 37 on
    assert out.tolist() == np.where(stopped, 0, a + 1).tolist()
