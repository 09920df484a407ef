"""bfloat16 in CUDA kernels (numba-cuda's numba.cuda.bf16 and numba.cuda._internal.cuda_bf16):
the type, `+ - * /` and comparisons on it, its functions (hadd ... hfma_relu, hmax_nan, hisinf,
hsqrt ...), math.* on it, and the conversions with a named rounding. The oracle is written
here: every finite bfloat16 value as a table (a float32 whose low 16 bits are zero), and the
rounding modes read off that table; arithmetic results are the exact result rounded to the
nearest table entry, ties to even. Run where CUDA code runs (the GPU, or the host device:
computed in float32 and rounded to nearest even), and the PTX assembled by ptxas for sm_80
and sm_90."""
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, types
from ujit.cuda import bf16
from ujit.cuda.bf16 import bfloat16
from ujit.core.errors import TypingError


# ---------------------------------------------------------------- the oracle

def _table():
    """(values, bits): every finite bfloat16, ascending, as float64, with its 16 bits."""
    pos = np.arange(0, 0x7F81, dtype=np.uint32)  # +0 ... +inf
    neg = pos[1:] | 0x8000  # -0 is +0's value
    bits = np.concatenate([neg[::-1], pos]).astype(np.uint32)
    values = (bits << 16).view(np.float32).astype(np.float64)
    return values, bits.astype(np.uint16)


VALUES, BITS = _table()


def bf16_bits(x, mode="rn"):
    """The bits of float64 `x` rounded to bfloat16 in `mode` (rn: nearest, ties to the even
    bit pattern; rz, rd, ru), from the table; NaN is the quiet NaN 0x7fff (CUDA's canonical).
    A negative number that rounds to zero is -0, as IEEE rounds."""
    bits = _rounded_bits(x, mode)
    return 0x8000 if bits == 0 and x < 0 else bits


def _rounded_bits(x, mode):
    if math.isnan(x):
        return 0x7FFF
    i = int(np.searchsorted(VALUES, x, side="right")) - 1  # VALUES[i] <= x < VALUES[i + 1]
    if VALUES[i] == x:
        return int(BITS[i]) if x != 0 or math.copysign(1, x) > 0 else 0x8000
    (below, below_bits), (above, above_bits) = (VALUES[i], BITS[i]), (VALUES[i + 1], BITS[i + 1])
    if mode == "rd":
        return int(below_bits)
    if mode == "ru":
        return int(above_bits)
    if mode == "rz":
        return int(below_bits if x > 0 else above_bits)
    # To nearest: past the largest finite value, infinity stands at 2**128 (IEEE's overflow rule).
    lo = -2.0 ** 128 if math.isinf(below) else below
    hi = 2.0 ** 128 if math.isinf(above) else above
    if x - lo != hi - x:
        return int(below_bits if x - lo < hi - x else above_bits)
    return int(below_bits if below_bits % 2 == 0 else above_bits)


def bf16_value(bits):
    return float(np.array([bits << 16], np.uint32).view(np.float32)[0])


def rne(x):
    """x (a float64) rounded to the nearest bfloat16, as a float."""
    return bf16_value(bf16_bits(x))


# ---------------------------------------------------------------- names

def test_names_and_support():
    assert str(types.bfloat16) == "__nv_bfloat16" and types.bfloat16.bitwidth == 16
    assert bfloat16 is types.bfloat16
    from ujit.cuda._internal import cuda_bf16
    assert cuda_bf16.nv_bfloat16 is bfloat16
    assert cuda_bf16.__hadd is bf16.hadd and bf16.float2bfloat16_rz is bf16.float32_to_bfloat16_rz
    assert cuda_bf16.hsqrt is bf16.hsqrt
    assert cuda.is_bfloat16_supported() is (cuda.get_current_device().compute_capability >= (8, 0)
                                            or getattr(cuda.get_current_device(), "is_host_device", False))
    with pytest.raises(RuntimeError, match="only be called from code compiled by @cuda.jit"):
        bf16.hadd(1, 2)


def test_the_oracle_is_numpys_float32_rounding():
    # The table's nearest-even agrees with the usual float32 bit trick on a sweep.
    xs = np.random.default_rng(0).standard_normal(2000).astype(np.float32) * 1000
    u = xs.view(np.uint32).astype(np.uint64)
    trick = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    assert [bf16_bits(float(x)) for x in xs] == trick.tolist()


# ---------------------------------------------------------------- arithmetic

@cuda.jit
def arithmetic(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x = bfloat16(a[i])
        y = bfloat16(b[i])
        out[i, 0] = float32(x + y)
        out[i, 1] = float32(x - y)
        out[i, 2] = float32(x * y)
        out[i, 3] = float32(x / y)
        out[i, 4] = float32(-x)
        out[i, 5] = float32(bf16.hadd(x, y))
        out[i, 6] = float32(bf16.hsub_rn(x, y))
        out[i, 7] = float32(bf16.hmul(x, y))
        out[i, 8] = float32(bf16.hdiv(x, y))
        out[i, 9] = float32(bf16.habs(y))
        out[i, 10] = float32(bf16.hneg(y))
        z = x
        z += y
        out[i, 11] = float32(z)


float32 = types.float32


def test_arithmetic_is_correctly_rounded_bfloat16():
    rng = np.random.default_rng(1)
    a = np.concatenate([rng.standard_normal(200) * 100, [1.0, 3.14, 1e30, -2.5, 0.1]]).astype(np.float32)
    b = np.concatenate([rng.standard_normal(200) * 7, [1.0 / 128, 2.0, 3e30, 0.75, 3.0]]).astype(np.float32)
    out = np.zeros((a.size, 12), np.float32)
    arithmetic[(a.size + 63) // 64, 64](out, a, b)
    for i in range(a.size):
        x, y = rne(float(a[i])), rne(float(b[i]))
        want = [rne(x + y), rne(x - y), rne(x * y), rne(x / y), -x, rne(x + y), rne(x - y), rne(x * y),
                rne(x / y), abs(y), -y, rne(x + y)]
        assert out[i].tolist() == want, (a[i], b[i])


@cuda.jit
def mixed(out, x8, f, d, n):
    h = bfloat16(1.5)
    out[0] = float32(h + x8)  # an int8 converts safely: bfloat16 arithmetic
    out[1] = h + f  # bfloat16 + float32 is float32
    out[2] = h + d  # and + float64 float64
    out[3] = h + n  # an int64 takes float64


def test_promotion_follows_numba_cudas_conversions():
    out = np.zeros(4, np.float64)
    mixed[1, 1](out, np.int8(3), np.float32(0.1), 0.1, 2 ** 40 + 1)
    assert out.tolist() == [4.5, float(np.float32(1.5) + np.float32(0.1)), 1.6, 1.5 + 2 ** 40 + 1]


@cuda.jit
def compare(r, a, b):
    x = bfloat16(a)
    y = bfloat16(b)
    r[0] = x < y
    r[1] = x <= y
    r[2] = x == y
    r[3] = x != y
    r[4] = bf16.hlt(x, y)
    r[5] = bf16.hge(x, y)
    r[6] = bf16.heq(x, y)
    r[7] = bf16.hne(x, y)
    r[8] = bf16.hltu(x, y)
    r[9] = bf16.hneu(x, y)
    r[10] = bf16.hisnan(x)


@pytest.mark.parametrize("x, y", [(1.0, 2.0), (2.0, 2.0), (3.0, -1.0), (math.nan, 1.0), (1.0, 1.001)])
def test_comparisons(x, y):
    r = np.zeros(11, np.bool_)
    compare[1, 1](r, x, y)
    bx, by = rne(x), rne(y)
    unordered = math.isnan(bx) or math.isnan(by)
    assert r.tolist() == [bx < by, bx <= by, bx == by, bx != by, bx < by, bx >= by, bx == by,
                          bx != by and not unordered, unordered or bx < by, unordered or bx != by, math.isnan(bx)]


@cuda.jit
def functions(out, flags, a, b, c):
    x, y, z = bfloat16(a), bfloat16(b), bfloat16(c)
    out[0] = float32(bf16.hfma(x, y, z))
    out[1] = float32(bf16.hadd_sat(x, y))
    out[2] = float32(bf16.hsub_sat(y, x))
    out[3] = float32(bf16.hmul_sat(x, y))
    out[4] = float32(bf16.hfma_sat(x, y, z))
    out[5] = float32(bf16.hfma_relu(x, y, z))
    out[6] = float32(bf16.hmax(x, y))
    out[7] = float32(bf16.hmin(x, y))
    out[8] = float32(bf16.hmax_nan(x, y))
    out[9] = float32(bf16.hmin_nan(x, y))
    flags[0] = bf16.hisinf(x)
    flags[1] = bf16.hisinf(y)


@pytest.mark.parametrize("a, b, c", [(1.5, 0.75, 1.5), (-1.5, 2.0, 0.0), (0.25, 0.5, -0.125),
                                     (math.nan, 2.0, 1.0), (-math.inf, math.inf, 1.0)])
def test_functions(a, b, c):
    out = np.zeros(10, np.float32)
    flags = np.zeros(2, np.int32)
    functions[1, 1](out, flags, a, b, c)
    x, y, z = rne(a), rne(b), rne(c)

    def sat(v):
        return 0.0 if math.isnan(v) else min(max(v, 0.0), 1.0)

    fma = rne(x * y + z) if not (math.isinf(x) and math.isinf(y)) else x * y + z
    with np.errstate(invalid="ignore"):
        relu = math.nan if math.isnan(fma) else max(fma, 0.0)
        nan_max = math.nan if math.isnan(x) or math.isnan(y) else max(x, y)
        nan_min = math.nan if math.isnan(x) or math.isnan(y) else min(x, y)
    want = [fma, sat(rne(x + y)), sat(rne(y - x)), sat(rne(x * y)), sat(fma), relu,
            y if math.isnan(x) else max(x, y), y if math.isnan(x) else min(x, y), nan_max, nan_min]
    np.testing.assert_array_equal(out, np.array(want, np.float32))
    assert flags.tolist() == [int(math.copysign(1, x)) if math.isinf(x) else 0,
                              int(math.copysign(1, y)) if math.isinf(y) else 0]


# ---------------------------------------------------------------- conversions

@cuda.jit
def from_float(out, d):
    i = cuda.grid(1)
    if i < d.size:
        f = float32(d[i])
        out[i, 0] = bf16.bfloat16_as_uint16(bf16.float32_to_bfloat16_rn(f))
        out[i, 1] = bf16.bfloat16_as_uint16(bf16.float32_to_bfloat16_rz(f))
        out[i, 2] = bf16.bfloat16_as_uint16(bf16.float32_to_bfloat16_rd(f))
        out[i, 3] = bf16.bfloat16_as_uint16(bf16.float32_to_bfloat16_ru(f))
        out[i, 4] = bf16.bfloat16_as_uint16(bf16.float64_to_bfloat16(d[i]))
        out[i, 5] = bf16.bfloat16_as_uint16(bfloat16(d[i]))
        out[i, 6] = bf16.bfloat16_as_uint16(bf16.float32_to_bfloat16(f))


def test_float_to_bfloat16_in_each_rounding():
    rng = np.random.default_rng(2)
    d = np.concatenate([rng.standard_normal(300) * 50, [1.00390625, 1.01171875, -1.00390625, 1.0039062500000002,
                                                        3.4e38, -3.4e38, 1e-40, -1e-41, 0.0, math.inf, math.nan]])
    out = np.zeros((d.size, 7), np.uint16)
    from_float[(d.size + 63) // 64, 64](out, d)
    for i, x in enumerate(d):
        if math.isnan(x):  # any NaN (the GPU's cvt gives the canonical 0x7fff)
            assert all(math.isnan(bf16_value(int(v))) for v in out[i]), out[i]
            continue
        f = float(np.float32(x))
        want = [bf16_bits(f, m) for m in ("rn", "rz", "rd", "ru")] + [bf16_bits(x)] * 2 + [bf16_bits(f)]
        assert out[i].tolist() == want, x


@cuda.jit
def from_int(out, n32, n64, u64):
    out[0] = bf16.bfloat16_as_uint16(bf16.int32_to_bfloat16_rn(n32))
    out[1] = bf16.bfloat16_as_uint16(bf16.int32_to_bfloat16_rz(n32))
    out[2] = bf16.bfloat16_as_uint16(bf16.int32_to_bfloat16_rd(n32))
    out[3] = bf16.bfloat16_as_uint16(bf16.int32_to_bfloat16_ru(n32))
    out[4] = bf16.bfloat16_as_uint16(bf16.int64_to_bfloat16_rd(n64))
    out[5] = bf16.bfloat16_as_uint16(bf16.uint64_to_bfloat16_ru(u64))
    out[6] = bf16.bfloat16_as_uint16(bf16.int16_to_bfloat16_rz(int16(n32 % 30000)))
    out[7] = bf16.bfloat16_as_uint16(bf16.uint16_to_bfloat16_ru(uint16(n32 % 60000)))


int16, uint16 = types.int16, types.uint16


@pytest.mark.parametrize("n", [789, -789, 257, 2 ** 24 + 1, -(2 ** 30 + 12345), 2 ** 31 - 1])
def test_int_to_bfloat16_in_each_rounding(n):
    out = np.zeros(8, np.uint16)
    from_int[1, 1](out, np.int32(n), np.int64(n) * 3, np.uint64(abs(n)) * 5)
    small, usmall = int(np.int32(n) % 30000), int(np.int32(n) % 60000)
    want = [bf16_bits(n, m) for m in ("rn", "rz", "rd", "ru")] + [bf16_bits(n * 3, "rd"), bf16_bits(abs(n) * 5, "ru"),
                                                                 bf16_bits(small, "rz"), bf16_bits(usmall, "ru")]
    assert out.tolist() == want


@cuda.jit
def to_int(i4, u2, i1, bits):
    a = bf16.uint16_as_bfloat16(bits)
    i4[0] = bf16.bfloat16_to_int32_rn(a)
    i4[1] = bf16.bfloat16_to_int32_rz(a)
    i4[2] = bf16.bfloat16_to_int32_rd(a)
    i4[3] = bf16.bfloat16_to_int32_ru(a)
    u2[0] = bf16.bfloat16_to_uint16_rn(a)
    u2[1] = bf16.bfloat16_to_uint16_rd(a)
    i1[0] = bf16.bfloat16_to_int8_rz(a)
    i1[1] = int8(a)


int8 = types.int8


@pytest.mark.parametrize("value", [1.5, 2.5, -1.5, -2.5, 0.75, 300.0, -300.0, 1e10, -1e10])
def test_bfloat16_to_int_in_each_rounding_saturates(value):
    bits = bf16_bits(value)
    x = bf16_value(bits)
    i4, u2, i1 = np.zeros(4, np.int32), np.zeros(2, np.uint16), np.zeros(2, np.int8)
    to_int[1, 1](i4, u2, i1, np.uint16(bits))

    def sat(v, lo, hi):
        return max(lo, min(hi, v))

    ties_even = round(x) if abs(x) < 2 ** 60 else x
    assert i4.tolist() == [sat(int(v), -2 ** 31, 2 ** 31 - 1) for v in (ties_even, math.trunc(x), math.floor(x),
                                                                      math.ceil(x))]
    assert u2.tolist() == [sat(int(ties_even), 0, 65535), sat(math.floor(x), 0, 65535)]
    assert i1[0] == sat(math.trunc(x), -128, 127)


@cuda.jit
def bit_casts(i2, u2, test_val):
    i2[0] = bf16.bfloat16_as_int16(bf16.int16_as_bfloat16(test_val))
    u2[0] = bf16.bfloat16_as_uint16(bf16.uint16_as_bfloat16(uint16(test_val)))
    i2[1] = bf16.bfloat16_as_int16(bfloat16(3.14))  # a constant, folded


def test_bit_casts_and_constants():
    i2, u2 = np.zeros(2, np.int16), np.zeros(1, np.uint16)
    bit_casts[1, 1](i2, u2, np.int16(-0x4040))
    assert i2[0] == -0x4040 and u2[0] == np.uint16(np.int16(-0x4040).view(np.uint16))
    assert i2[1] == bf16_bits(3.14)


# ---------------------------------------------------------------- math

@cuda.jit
def math_on_bf16(out, a):
    x = bfloat16(a)
    out[0] = float32(math.sqrt(x))
    out[1] = float32(math.floor(x))
    out[2] = float32(math.ceil(x))
    out[3] = float32(math.trunc(x))
    out[4] = float32(bf16.hsqrt(x))
    out[5] = float32(bf16.hrint(x))
    out[6] = float32(bf16.hrcp(x))
    out[7] = float32(bf16.hexp(x))
    out[8] = float32(bf16.hlog2(x))
    out[9] = float32(bf16.hexp10(x))
    out[10] = float32(bf16.htanh_approx(x))
    out[11] = float32(math.sin(x))


@pytest.mark.parametrize("a", [3.14, 2.5, 0.3])
def test_math(a):
    out = np.zeros(12, np.float32)
    math_on_bf16[1, 1](out, a)
    x = rne(a)
    exact = [rne(math.sqrt(x)), math.floor(x), math.ceil(x), math.trunc(x), rne(math.sqrt(x)), float(round(x)),
             rne(1 / x)]
    assert out[:7].tolist() == exact
    # The transcendental ones: float32's result rounded, within one bfloat16 step of the true value.
    for got, want in zip(out[7:], [math.exp(x), math.log2(x), 10 ** x, math.tanh(x), math.sin(x)]):
        lo, hi = bf16_value(bf16_bits(want, "rd")), bf16_value(bf16_bits(want, "ru"))
        assert got in (lo, hi), (got, want)


# ---------------------------------------------------------------- errors and PTX

def test_bfloat16_values_do_not_cross_to_the_host():
    @cuda.jit(device=True)
    def half_of(x):
        return bfloat16(x) / 2

    @cuda.jit
    def ok(out, x):
        out[0] = float32(half_of(x))

    out = np.zeros(1, np.float32)
    ok[1, 1](out, 5.0)
    assert out[0] == 2.5
    import ujit

    with pytest.raises(Exception, match="__nv_bfloat16 values cannot cross between compiled code and its caller"):
        ujit.njit(_to_bf16)(1.0)


def _to_bf16(x):
    return bfloat16(x)


def test_bfloat16_functions_are_typed_as_numba_cuda_declares_them():
    @cuda.jit
    def bad(out):
        out[0] = bf16.hadd(1.0j, 2.0)

    with pytest.raises(TypingError, match=r"test_cuda_bf16.py:\d+:\d+: .*hadd\(\) needs a __nv_bfloat16, not complex128"):
        bad[1, 1](np.zeros(1, np.float32))


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("cc", [(8, 0), (9, 0)])
@pytest.mark.parametrize("kernel, sig", [
    (arithmetic, (float32[:, ::1], float32[::1], float32[::1])),
    (functions, (float32[::1], types.int32[::1], types.float64, types.float64, types.float64)),
    (from_float, (types.uint16[:, ::1], types.float64[::1])),
    (to_int, (types.int32[::1], types.uint16[::1], types.int8[::1], types.uint16)),
    (math_on_bf16, (float32[::1], types.float64)),
])
def test_the_ptx_assembles(kernel, sig, cc, tmp_path):
    ptx, _ = cuda.compile_ptx(kernel.py_func, sig, cc=cc)
    assert ".bf16" in ptx or ".b16" in ptx
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    arch = "-arch=sm_%d%d" % cc
    subprocess.run([PTXAS, arch, str(path), "-o", str(tmp_path / "k.cubin")], check=True)


@cuda.jit
def specials(out):
    out[0] = float32(bfloat16(float("nan")))
    out[1] = float32(bfloat16(float("-inf")))
    out[2] = float32(bfloat16(float(" Infinity ")))
    out[3] = float32(bfloat16(float("1.5")))


def test_float_of_a_string_literal_in_a_kernel():
    out = np.zeros(4, np.float32)
    specials[1, 1](out)
    assert math.isnan(out[0]) and out[1:].tolist() == [-math.inf, math.inf, 1.5]

    @cuda.jit
    def bad(out):
        out[0] = float("one")

    with pytest.raises(Exception, match=r"test_cuda_bf16.py:\d+:\d+: error: could not convert string to float: 'one'"):
        bad[1, 1](out)
