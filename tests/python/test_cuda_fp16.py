"""float16 in CUDA kernels (numba-cuda's f2): scalars and arrays to and from the host, IEEE half
arithmetic and comparisons, cuda.fp16's functions, math on float16, checked against NumPy's
float16 arithmetic; and the PTX assembled by ptxas for sm_90. Run where CUDA code runs here
(the GPU, or the host device: compiled for the CPU)."""
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, types
from ujit.core.errors import TypingError

f2 = types.float16


def test_float16_names():
    assert types.f2 is types.float16 and str(types.float16) == "float16"
    assert types.float16.bitwidth == 16


@cuda.jit("void(f2[:], f2[:], f2[:], f2)")
def arith(out, a, b, s):
    i = cuda.grid(1)
    if i < a.size:
        out[i * 6 + 0] = a[i] + b[i]
        out[i * 6 + 1] = a[i] - b[i]
        out[i * 6 + 2] = a[i] * b[i]
        out[i * 6 + 3] = a[i] / b[i]
        out[i * 6 + 4] = -a[i]
        out[i * 6 + 5] = a[i] * s


def test_half_arithmetic_is_numpys_float16():
    a = np.array([1.0, 0.1, 1000.0, -3.25, 65504.0, 1e-4], dtype=np.float16)
    b = np.array([3.0, 0.2, 0.001, 7.0, 2.0, 3.0], dtype=np.float16)
    s = np.float16(1.5)
    out = np.zeros(a.size * 6, dtype=np.float16)
    arith[1, 32](out, a, b, s)
    with np.errstate(over="ignore"):
        want = np.stack([a + b, a - b, a * b, a / b, -a, a * s], axis=1).ravel()
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out, want)  # each operation correctly rounded to half


@cuda.jit("void(b1[:], f2, f2)")
def compare(r, x, y):
    r[0] = x < y
    r[1] = x <= y
    r[2] = x == y
    r[3] = x != y
    r[4] = cuda.fp16.hlt(x, y)
    r[5] = cuda.fp16.hge(x, y)
    r[6] = cuda.fp16.heq(x, y)
    r[7] = cuda.fp16.hne(x, y)


@pytest.mark.parametrize("x, y", [(1.0, 2.0), (2.0, 2.0), (3.0, -1.0), (math.nan, 1.0)])
def test_comparisons(x, y):
    r = np.zeros(8, dtype=np.bool_)
    hx, hy = np.float16(x), np.float16(y)
    compare[1, 1](r, hx, hy)
    # hne is __hne: false when an operand is NaN (ordered), unlike `!=`
    assert r.tolist() == [hx < hy, hx <= hy, hx == hy, hx != hy, hx < hy, hx >= hy, hx == hy,
                          bool(hx != hy) and not (math.isnan(x) or math.isnan(y))]


@cuda.jit("void(f2[:], f2[:], f2[:], f2[:])")
def fp16_functions(out, a, b, c):
    out[0] = cuda.fp16.hadd(a[0], b[0])
    out[1] = cuda.fp16.hsub(a[0], b[0])
    out[2] = cuda.fp16.hmul(a[0], b[0])
    out[3] = cuda.fp16.hdiv(a[0], b[0])
    out[4] = cuda.fp16.hneg(a[0])
    out[5] = cuda.fp16.habs(c[0])
    out[6] = cuda.fp16.hfma(a[0], b[0], c[0])
    out[7] = cuda.fp16.hmax(a[0], b[0])
    out[8] = cuda.fp16.hmin(a[0], b[0])


def test_fp16_arithmetic_functions():
    a = np.array([1.5], dtype=np.float16)
    b = np.array([0.3], dtype=np.float16)
    c = np.array([-2.25], dtype=np.float16)
    out = np.zeros(9, dtype=np.float16)
    fp16_functions[1, 1](out, a, b, c)
    fma = np.float16(np.float64(a[0]) * np.float64(b[0]) + np.float64(c[0]))  # one rounding
    want = [a[0] + b[0], a[0] - b[0], a[0] * b[0], a[0] / b[0], -a[0], abs(c[0]), fma, max(a[0], b[0]),
            min(a[0], b[0])]
    np.testing.assert_array_equal(out, np.array(want, dtype=np.float16))


@cuda.jit("void(f2[:], f2[:])")
def fp16_math(r, x):
    i = cuda.grid(1)
    if i < x.size:
        r[i * 14 + 0] = cuda.fp16.hsin(x[i])
        r[i * 14 + 1] = cuda.fp16.hcos(x[i])
        r[i * 14 + 2] = cuda.fp16.hlog(x[i])
        r[i * 14 + 3] = cuda.fp16.hlog2(x[i])
        r[i * 14 + 4] = cuda.fp16.hlog10(x[i])
        r[i * 14 + 5] = cuda.fp16.hsqrt(x[i])
        r[i * 14 + 6] = cuda.fp16.hceil(x[i])
        r[i * 14 + 7] = cuda.fp16.hfloor(x[i])
        r[i * 14 + 8] = cuda.fp16.hrcp(x[i])
        r[i * 14 + 9] = cuda.fp16.htrunc(x[i])
        r[i * 14 + 10] = cuda.fp16.hrint(x[i])
        r[i * 14 + 11] = cuda.fp16.hrsqrt(x[i])
        r[i * 14 + 12] = cuda.fp16.hexp(x[i] / np.float16(1000.0))
        r[i * 14 + 13] = math.sin(x[i])  # math on float16 gives float16, as numba-cuda


def test_fp16_math_functions_match_numpy():
    x = np.array([1.0, 2.5, 3.75, 100.0, 1234.0, 0.5], dtype=np.float16)
    r = np.zeros(x.size * 14, dtype=np.float16)
    fp16_math[1, 32](r, x)
    r = r.reshape(x.size, 14)
    fns = [np.sin, np.cos, np.log, np.log2, np.log10, np.sqrt, np.ceil, np.floor, np.reciprocal, np.trunc,
           np.rint, lambda v: np.float16(1) / np.sqrt(v), lambda v: np.exp(v / np.float16(1000.0)), np.sin]
    for k, fn in enumerate(fns):
        np.testing.assert_allclose(r[:, k].astype(np.float64), fn(x).astype(np.float64), rtol=1e-3, err_msg=str(k))


@cuda.jit
def mixed(out, h, f):
    out[0] = h[0] + f[0]  # float16 + float32 is float32
    out[1] = h[0] + h[1]  # float16 + float16 stays float16


def test_mixed_precision_promotes_as_numba():
    h = np.array([0.1, 0.2], dtype=np.float16)
    f = np.array([0.1], dtype=np.float32)
    out = np.zeros(2, dtype=np.float64)
    mixed[1, 1](out, h, f)
    assert out[0] == np.float64(np.float32(h[0]) + f[0])
    assert out[1] == np.float64(h[0] + h[1])


def test_float16_device_arrays_round_trip():
    a = np.arange(10, dtype=np.float16) / np.float16(3)
    d = cuda.to_device(a)
    assert d.dtype == np.float16
    np.testing.assert_array_equal(d.copy_to_host(), a)


def test_a_complex_operand_is_a_typing_error():
    def bad(r, z):
        r[0] = cuda.fp16.hadd(r[0], z)

    with pytest.raises(TypingError, match=r"cuda.fp16.hadd\(\) needs a float16, not complex128"):
        cuda.jit("void(f2[:], c16)")(bad)


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("kernel, sig", [(arith, (f2[::1], f2[::1], f2[::1], f2)),
                                         (fp16_functions, (f2[::1],) * 4), (fp16_math, (f2[::1],) * 2),
                                         (compare, (types.boolean[::1], f2, f2))])
def test_the_ptx_assembles(kernel, sig, tmp_path):
    ptx, _ = cuda.compile_ptx(kernel.py_func, sig, cc=(9, 0))
    assert ".f16" in ptx or ".b16" in ptx
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)


def _doubles_around_every_half():
    """float64 values at, between and just beside float16's: every half's neighbours and
    midpoints (the ties), subnormals, the overflow edge, infinities, NaN and zeros."""
    halves = np.arange(0, 0x7c00, dtype=np.uint16).view(np.float16).astype(np.float64)
    mids = (halves[:-1] + halves[1:]) / 2
    near = np.concatenate([np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf)])
    edges = np.array([65504.0, 65519.99, 65520.0, 65536.0, 1e300, 2.0**-24, 2.0**-25, 2.0**-25 * 1.0000001,
                      2.0**-26, 5e-324, 0.0, np.inf, np.nan])
    values = np.concatenate([halves, mids, near, edges])
    return np.concatenate([values, -values])


def test_float64_to_float16_rounds_once_as_numpy():
    """np.float16(x) of a float64, in a kernel (run on the GPU, or the host device: LLVM's x86
    conversion is a helper of ujit's) and in @njit, rounds to nearest even as NumPy's astype:
    every bit equal, over ~150K values around all of float16's."""
    from ujit import njit

    @cuda.jit
    def narrow(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = np.float16(x[i])

    @njit
    def narrow_cpu(x, out):
        for i in range(x.size):
            out[i] = np.float16(x[i])

    x = _doubles_around_every_half()
    want = x.astype(np.float16).view(np.uint16)
    out = np.zeros(x.size, dtype=np.float16)
    narrow[(x.size + 255) // 256, 256](x, out)
    got = out.view(np.uint16)
    nan = np.isnan(x)
    np.testing.assert_array_equal(got[~nan], want[~nan])
    assert np.isnan(out[nan]).all()
    cpu = np.zeros(x.size, dtype=np.float16)
    narrow_cpu(x, cpu)
    np.testing.assert_array_equal(cpu.view(np.uint16)[~nan], want[~nan])
    assert np.isnan(cpu[nan]).all()
