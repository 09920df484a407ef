"""fp8 in CUDA kernels (numba-cuda's numba.cuda._internal.cuda_fp8): fp8_e4m3, fp8_e5m2 and
fp8_e8m0 made from numbers and converted back. The oracle is written here: each format's
256 codes decoded by its definition (sign, exponent, mantissa, bias), and encoding as
cuda_fp8.h's constructors do it: e4m3 and e5m2 to the nearest code, ties to the even code,
saturating to the largest finite value (__NV_SATFINITE), NaN to NaN; e8m0 (a power of two)
up to the next code (cudaRoundPosInf), saturating. Run where CUDA code runs."""
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, types
from ujit.core.errors import TypingError
from ujit.cuda._internal.cuda_fp8 import (cvt_double_to_e8m0, cvt_double_to_fp8, cvt_e8m0_to_bf16raw, cvt_float_to_e8m0,
                                          cvt_float_to_fp8, fp8_e4m3, fp8_e5m2, fp8_e8m0, fp8_interpretation_t,
                                          saturation_t)

float32, float64, int32, int8 = types.float32, types.float64, types.int32, types.int8


def decode(code, fmt):
    if fmt == "e8m0":
        return math.nan if code == 0xFF else 2.0 ** (code - 127)
    man_bits, bias = (3, 7) if fmt == "e4m3" else (2, 15)
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code & 0x7F) >> man_bits, code & ((1 << man_bits) - 1)
    if fmt == "e4m3" and e == 15 and m == 7:
        return math.nan
    if fmt == "e5m2" and e == 31:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - man_bits)
    return sign * (1 + m / (1 << man_bits)) * 2.0 ** (e - bias)


def encode(x, fmt):
    """The value cuda_fp8.h's constructor gives for x (a float64), decoded."""
    if math.isnan(x):
        return math.nan
    if fmt == "e8m0":
        codes = [c for c in range(255) if decode(c, fmt) >= abs(x)]
        return decode(codes[0] if codes else 254, fmt)
    finite = sorted((decode(c, fmt), c) for c in range(128) if math.isfinite(decode(c, fmt)))
    a = abs(x)
    if a >= finite[-1][0]:
        return math.copysign(finite[-1][0], x)
    i = max(k for k, (v, _) in enumerate(finite) if v <= a)
    (lo, lo_code), (hi, hi_code) = finite[i], finite[i + 1]
    if a - lo != hi - a:
        v = lo if a - lo < hi - a else hi
    else:
        v = lo if lo_code % 2 == 0 else hi
    return math.copysign(v, x)


@cuda.jit
def made_and_read(out, ints, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = float32(fp8_e4m3(x[i]))
        out[i, 1] = float32(fp8_e5m2(x[i]))
        out[i, 2] = float32(fp8_e8m0(x[i]))
        out[i, 3] = float32(fp8_e4m3(float64(x[i])))
        out[i, 4] = float32(fp8_e5m2(types.float16(x[i])))
        ints[i, 0] = int32(fp8_e4m3(x[i]))
        ints[i, 1] = int32(fp8_e5m2(int32(x[i])))


def test_encoding_and_decoding_follow_the_formats():
    rng = np.random.default_rng(3)
    special = [0.0, -0.0, 1.0, 1.0625, 1.1875, 448.0, 449.0, 464.0, 500.0, -1e6, 57344.0, 61440.0, 2.0 ** -9,
               2.0 ** -10, 3 * 2.0 ** -11, 2.0 ** -16, 2.0 ** -17, 1e-30, math.inf, -math.inf, math.nan, 3.0, 2.5]
    x = np.concatenate([rng.standard_normal(300) * 30, rng.standard_normal(100) * 0.01, special]).astype(np.float32)
    out = np.zeros((x.size, 5), np.float32)
    ints = np.zeros((x.size, 2), np.int32)
    made_and_read[(x.size + 63) // 64, 64](out, ints, x)
    for i, v in enumerate(x.astype(np.float64)):
        half = float(np.float16(v)) if abs(v) < 65504 or not math.isfinite(v) else math.copysign(math.inf, v)
        want = [encode(v, "e4m3"), encode(v, "e5m2"), encode(v, "e8m0"), encode(v, "e4m3"), encode(half, "e5m2")]
        np.testing.assert_array_equal(out[i], np.array(want, np.float32), err_msg=str(v))
        if math.isfinite(v) and abs(v) < 2 ** 31:
            assert ints[i, 0] == math.trunc(encode(v, "e4m3")), v
            assert ints[i, 1] == math.trunc(encode(float(np.float32(math.trunc(v))), "e5m2")), v


def test_the_oracle_decodes_known_codes():
    assert decode(0x7E, "e4m3") == 448.0 and decode(0x7B, "e5m2") == 57344.0 and decode(0x7C, "e5m2") == math.inf
    assert decode(0x38, "e4m3") == 1.0 and decode(0x3C, "e5m2") == 1.0 and decode(127, "e8m0") == 1.0
    assert decode(0x01, "e4m3") == 2.0 ** -9 and decode(0x01, "e5m2") == 2.0 ** -16


@cuda.jit
def raw_cvt(out, x, d):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cvt_float_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[i, 1] = cvt_float_to_fp8(x[i], saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[i, 2] = cvt_float_to_fp8(x[i], saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[i, 3] = cvt_double_to_fp8(d[i], saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        out[i, 4] = cvt_float_to_e8m0(x[i], saturation_t.NOSAT, 2)  # cudaRoundPosInf
        out[i, 5] = cvt_double_to_e8m0(d[i], saturation_t.SATFINITE, 1)  # cudaRoundZero


def code_of(value, fmt):
    """The byte cuda_fp8.h gives for a value of the format (the oracle's decode, inverted)."""
    if math.isnan(value):
        return 0x7F if fmt != "e8m0" else 0xFF
    codes = range(255) if fmt == "e8m0" else range(256)
    return next(c for c in codes if decode(c, fmt) == value and (value != 0 or (c >= 0x80) == (math.copysign(1, value) < 0)))


def test_the_raw_cvt_functions_saturate_or_overflow_as_asked():
    x = np.array([1.0, 2.5, -3.0, 449.0, 470.0, 1e20, -1e20, 60000.0, 61440.0, math.inf, math.nan, 0.1,
                  float(np.nextafter(np.float32(2.0 ** 127), np.float32(np.inf)))], np.float32)
    d = x.astype(np.float64)
    out = np.zeros((x.size, 6), np.uint8)
    raw_cvt[1, 32](out, x, d)
    for i, v in enumerate(d):
        a = abs(v)
        e5_nosat = (0x7C | (0x80 if v < 0 else 0)) if a >= 61440 and not math.isnan(v) else code_of(encode(v, "e5m2"), "e5m2")
        e4_nosat = (0x7F | (0x80 if v < 0 else 0)) if a > 464 and not math.isnan(v) else code_of(encode(v, "e4m3"), "e4m3")
        up = [c for c in range(255) if decode(c, "e8m0") >= a]
        e8_up = 0xFF if math.isnan(v) else up[0] if up else 0xFF
        down = [c for c in range(255) if decode(c, "e8m0") <= a]
        e8_zero = 0xFF if math.isnan(v) else min(down[-1] if down else 0, 0xFE)
        want = [e5_nosat, code_of(encode(v, "e5m2"), "e5m2"), e4_nosat, code_of(encode(v, "e4m3"), "e4m3"), e8_up, e8_zero]
        assert out[i].tolist() == want, v


@cuda.jit
def raw_bf16(out, x):
    out[0] = cvt_e8m0_to_bf16raw(x[0]).x


def test_the_bfloat16_raw_cvt_functions_are_refused_with_a_location():
    with pytest.raises(TypingError, match=r"test_cuda_fp8.py:\d+:\d+: .*fp8.cvt_e8m0_to_bf16raw\(\) is not supported"):
        raw_bf16[1, 1](np.zeros(1, np.uint16), np.zeros(1, np.uint8))


def test_fp8_values_have_no_arithmetic():
    @cuda.jit
    def add(out):
        out[0] = float32(fp8_e4m3(1.0) + fp8_e4m3(2.0))

    with pytest.raises(TypingError, match="fp8_e4m3"):
        add[1, 1](np.zeros(1, np.float32))


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("cc", [(8, 0), (9, 0)])
@pytest.mark.parametrize("kernel, sig", [
    (raw_cvt, (types.uint8[:, ::1], float32[::1], float64[::1])),
    (made_and_read, (float32[:, ::1], int32[:, ::1], float32[::1])),
])
def test_the_ptx_assembles(kernel, sig, cc, tmp_path):
    ptx, _ = cuda.compile_ptx(kernel.py_func, sig, cc=cc)
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_%d%d" % cc, str(path), "-o", str(tmp_path / "k.cubin")], check=True)
