"""NumPy ufuncs given their output array (issue 20, numba-cuda's test_ufuncs): np.sin(x, out),
np.add(a, b, out), np.less(a, b, out=o), with scalar or array inputs broadcast into the output,
in @njit functions and in CUDA kernels (the host device here, the GPU where there is one), as
Numba compiles them: the loop is NumPy's for the inputs, the result is cast into the output and
the call returns the output. NumPy is the oracle; kernel PTX is assembled by ptxas."""
import linecache
import os
import shutil
import subprocess

import numpy as np
import pytest

import ujit
from ujit import cuda, njit

PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)

UNARY_FLOAT = ["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
               "arccosh", "arctanh", "exp", "log", "log2", "log10", "sqrt", "deg2rad", "rad2deg",
               "degrees", "radians"]
UNARY_COMPLEX = ["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
                 "arccosh", "arctanh", "exp", "log", "log2", "log10", "sqrt"]
BINARY = ["add", "subtract", "multiply", "arctan2", "hypot", "maximum", "minimum", "fmax", "fmin",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
          "logical_and", "logical_or", "logical_xor"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor"]


def _source(name, nin, keyword=False, returns=False):
    args = ", ".join("a%d" % i for i in range(nin))
    call = "np.%s(%s, %s)" % (name, args, "out=out" if keyword else "out")
    body = ("    return " if returns else "    ") + call
    return "def f(%s, out):\n%s\n" % (args, body)


def _function(name, nin, keyword=False, returns=False, jit=njit):
    src = _source(name, nin, keyword, returns)
    filename = "<ufunc out %s %d %d %d>" % (name, nin, keyword, returns)
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)  # for inspect.getsource
    scope = {"np": np}
    exec(compile(src, filename, "exec"), scope)
    return jit(scope["f"])


def _check(name, inputs, out_dtype, keyword=False):
    shape = np.broadcast_shapes(*[np.shape(x) for x in inputs]) or (1,)
    want = np.zeros(shape, dtype=out_dtype)
    got = np.zeros(shape, dtype=out_dtype)
    with np.errstate(all="ignore"):
        getattr(np, name)(*inputs, want)
    _function(name, len(inputs), keyword)(*inputs, got)
    single = np.dtype(out_dtype) in (np.float32, np.complex64)
    np.testing.assert_allclose(got, want, rtol=1e-6 if single else 1e-12, atol=1e-6 if single else 1e-14,
                               equal_nan=True)


@pytest.mark.parametrize("name", UNARY_FLOAT)
def test_unary_float_ufuncs_fill_the_output(name):
    x = np.array([0.1, 0.5, 0.9, 1.5])
    _check(name, (x,), np.float64)
    _check(name, (x.astype(np.float32),), np.float32)
    _check(name, (np.float64(0.25),), np.float64)  # a scalar into a 1-element output
    _check(name, (x.reshape(2, 2),), np.float64)
    _check(name, (np.asfortranarray(x.reshape(2, 2)),), np.float64)


@pytest.mark.parametrize("name", UNARY_COMPLEX)
def test_unary_complex_ufuncs_take_numpy_s_complex_loops(name):
    z = np.array([-0.5 - 0.5j, 0.0, 0.5 + 0.5j, 2 - 1j])
    _check(name, (z,), np.complex128)
    _check(name, (z.astype(np.complex64),), np.complex64)
    _check(name, (np.complex128(0.5 + 0.25j),), np.complex128)
    # and without an output: the complex scalar function
    f = _function(name, 1, returns=True)
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(f(np.complex128(0.5 + 0.25j), np.zeros(1, np.complex128)),
                                   getattr(np, name)(np.complex128(0.5 + 0.25j), np.zeros(1, np.complex128)))


@pytest.mark.parametrize("name", BINARY)
def test_binary_ufuncs_broadcast_scalars_and_arrays_into_the_output(name):
    a = np.array([1.5, -2.0, np.nan, 4.0, 0.0, -0.5])
    b = np.array([0.5, -2.0, 3.0, np.nan, 2.0, 0.5])
    _check(name, (a, b), np.float64)
    _check(name, (a, 1.0), np.float64)
    _check(name, (a.reshape(2, 3), b[:3]), np.float64)
    _check(name, (np.float32(1.5), np.float32(2.5)), np.float32)
    if name not in ("arctan2", "hypot"):
        i = np.array([-1, 0, 1], dtype=np.int32)
        _check(name, (i, i[::-1]), np.int32)
        mixed = (np.int64(-1), np.uint64(1))  # NumPy's float64 loop for int64 with uint64
        _check(name, mixed, getattr(np, name)(*mixed).dtype)
        z = np.array([-0.5 - 0.5j, 0.5 + 0.5j, 0.5 - 1j, 1j])
        _check(name, (z, z[::-1]), np.complex128)


@pytest.mark.parametrize("name", BITWISE + ["invert", "logical_not"])
def test_integer_ufuncs_into_the_output(name):
    nin = 1 if name in ("invert", "logical_not") else 2
    for dt in (np.int8, np.uint16, np.int32, np.uint64):
        i = np.array([0, 1, 5, 12], dtype=dt)
        _check(name, (i,) * nin, dt)
        _check(name, (dt(3),) * nin, dt)


def test_the_keyword_output_and_the_returned_array():
    a = np.arange(4.0)
    out = np.zeros(4)
    r = _function("add", 2, keyword=True, returns=True)(a, 2.0, out)
    assert np.array_equal(out, a + 2.0) and np.array_equal(r, out) and np.shares_memory(r, out)


def test_an_output_overlapping_an_input_reads_before_writing():
    a = np.arange(6.0)
    want = a.copy()
    np.add(want[:-1], want[1:], want[1:])
    _function("add", 2)(a[:-1], a[1:], a[1:])
    np.testing.assert_array_equal(a, want)


def test_bad_outputs_are_numba_s_located_errors():
    with pytest.raises(ujit.TypingError, match="explicit output that is not an array"):
        _function("sin", 1)(np.ones(3), 2.0)
    with pytest.raises(ujit.TypingError, match="unsuitable explicit output arrays"):
        _function("add", 2)(np.ones((2, 3)), 1.0, np.ones(3))
    with pytest.raises(ValueError):  # NumPy: non-broadcastable output
        _function("add", 2)(np.ones(4), 1.0, np.ones(3))


@cuda.jit
def sin_kernel(x, out):
    np.sin(x, out)


@cuda.jit
def add_kernel(a, b, out):
    i = cuda.grid(1)
    if i == 0:
        np.add(a, b, out=out)


@cuda.jit
def log_kernel(x, out):
    out[0] = np.log(x[0]) + np.log(x, out)[1]


def test_kernels_write_ufunc_outputs():
    x = np.linspace(0.1, 1.0, 5).astype(np.float32)
    out = np.zeros(5, dtype=np.float32)
    sin_kernel[1, 1](x, out)
    np.testing.assert_allclose(out, np.sin(x), rtol=1e-6)
    out2 = np.zeros(5)
    add_kernel[1, 32](x, np.float64(2.0), out2)
    np.testing.assert_allclose(out2, x.astype(np.float64) + 2.0)
    out3 = np.zeros(5, dtype=np.float32)
    log_kernel[1, 1](x, out3)
    np.testing.assert_allclose(out3[1:], np.log(x[1:]), rtol=1e-6)
    np.testing.assert_allclose(out3[0], np.log(x[0]) + np.log(x[1]), rtol=1e-6)


@pytest.mark.skipif(PTXAS is None, reason="no ptxas")
def test_kernel_ptx_assembles(tmp_path):
    from ujit import types
    for fn, sig in [(sin_kernel, (types.float32[::1], types.float32[::1])),
                    (add_kernel, (types.float32[::1], types.float64, types.float64[:, ::1]))]:
        ptx, _ = cuda.compile_ptx(fn.py_func, sig, cc=(9, 0))
        path = tmp_path / "k.ptx"
        path.write_text(ptx)
        subprocess.run([PTXAS, "--gpu-name", "sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)


@njit
def sin_into_new(a, extra):
    return np.sin(a, np.empty(a.shape[0] + extra))  # an output allocated in the call


def test_an_allocated_output_is_returned_or_freed_on_errors():
    from ujit.runtime import rtsys

    def live():
        s = rtsys.get_allocation_stats()
        return s.alloc - s.free, s.mi_alloc - s.mi_free

    a = np.linspace(0.0, 1.0, 5)
    np.testing.assert_allclose(sin_into_new(a, 0), np.sin(a), rtol=1e-15)  # compiled before counting
    before = live()
    for _ in range(3):
        r = sin_into_new(a, 0)
        del r
        with pytest.raises(ValueError):
            sin_into_new(a, -1)  # NumPy's broadcast error, after the output was allocated
    assert live() == before


@cuda.jit
def log_allocating(x, out):
    y = np.log(x)
    out[0] = y[0]


def test_a_ufunc_without_output_in_a_kernel_is_a_located_error():
    # np.log(array) is a ufunc on arrays now (before: "does not accept an argument of type array");
    # in a kernel it would allocate, which Numba refuses too.
    with pytest.raises(ujit.CompileError, match=r"allocates a new array.*write into an array argument"):
        log_allocating[1, 1](np.ones(3), np.zeros(1))
