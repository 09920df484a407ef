"""The cmath module in @njit functions and CUDA kernels (run where CUDA code runs here: the GPU,
or the host device compiled for the CPU), checked against CPython's cmath on the values
numba-cuda's test_complex uses (zeros of both signs, +-1, +-pi, +-inf, NaN in each part), and
the kernel's PTX assembled by ptxas."""
import cmath
import itertools
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, njit, types
from ujit.core.errors import TypingError

REALS = [-0.0, 0.0, 1.0, -1.0, 1.5, -3.5, math.pi, -math.pi, math.inf, -math.inf, math.nan]
VALUES = [complex(x, y) for x, y in itertools.product(REALS, REALS)]

UNARY = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
         "asinh", "acosh", "atanh"]


def close(got, want, ulps, single, ignore_zero_sign=False):
    """CPython's float `want` and `got` agree: NaN with NaN, infinities and zeros by sign, the
    rest within `ulps` units in the last place of the precision computed in."""
    if math.isnan(want):
        return math.isnan(got)
    if math.isinf(want) or want == 0:
        if ignore_zero_sign and want == 0:
            return got == 0
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    if single:
        want = float(np.float32(want))
        spacing = float(np.spacing(np.float32(abs(want))))
    else:
        spacing = math.ulp(want)
    return abs(got - want) <= ulps * spacing


def close_complex(got, want, ulps, single, ignore_zero_sign=False):
    """As Numba's assertPreciseEqual compares complex results: a complex with a NaN part
    equals any other with one (where CPython's special-value tables fix the other part,
    Numba's cmathimpl, like ujit's, need not), else part by part."""
    if cmath.isnan(got) and cmath.isnan(want):
        return True
    return all(close(g, w, ulps, single, ignore_zero_sign) for g, w in ((got.real, want.real), (got.imag, want.imag)))


def expected(fn, z):
    try:
        return fn(z)
    except (ValueError, OverflowError):
        return None  # CPython raises (a domain error): not compared


def make(name):
    src = "def f(z):\n    return cmath.%s(z)\n" % name
    ns = {"cmath": cmath}
    exec(src, ns)
    return ns["f"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_functions_in_njit_match_cpython(name):
    fn = getattr(cmath, name)
    jitted = njit(make(name))
    ulps = 2 if name in ("exp", "sin", "cos", "tan", "asin", "acos", "atan", "asinh") else 1
    for z in VALUES:
        want = expected(fn, z)
        if want is None:
            continue
        got = jitted(z)
        assert isinstance(got, complex)
        assert close_complex(got, want, ulps, False, ignore_zero_sign=name == "tan"), (name, z, got, want)


@njit
def predicates(z):
    return cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)


@njit
def conversions(z, base):
    return cmath.phase(z), cmath.polar(z), cmath.rect(z.real, z.imag), cmath.log(z, base)


def test_predicates_phase_polar_rect_and_log_with_a_base():
    for z in VALUES:
        assert predicates(z) == (cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z))
    for z in [1 + 2j, -3.5 + 0.25j, -1j, 0.5 - 0.5j]:
        phase, polar, rect, log_base = conversions(z, 2 + 1j)
        assert phase == cmath.phase(z)
        assert polar == cmath.polar(z)
        want_rect = cmath.rect(z.real, z.imag)
        assert abs(rect - want_rect) <= 4e-16 * abs(want_rect)
        want_log = cmath.log(z, 2 + 1j)
        assert abs(log_base - want_log) <= 4e-16 * abs(want_log)
    # rect's special values: rect(0, inf) is 0, rect(inf, 0) is inf, rect(inf, nan) inf + j nan
    for r, phi in [(0.0, math.inf), (math.inf, 0.0), (-math.inf, 0.0), (math.inf, math.nan)]:
        got = conversions(complex(r, phi), 2 + 1j)[2]
        want = cmath.rect(r, phi)
        assert close_complex(got, want, 1, False), (r, phi, got, want)


@njit
def real_arguments(x):
    return cmath.sqrt(x), cmath.exp(x), cmath.phase(x)


def test_real_arguments_are_complex_with_zero_imaginary_part():
    assert real_arguments(-4.0) == (cmath.sqrt(-4.0), cmath.exp(-4.0), cmath.phase(-4.0))
    assert real_arguments(2) == (cmath.sqrt(2), cmath.exp(2), cmath.phase(2))


def test_constants():
    @njit
    def consts():
        return cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj

    assert consts() == (cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj)


def test_a_non_number_is_a_typing_error():
    @njit
    def bad(a):
        return cmath.sqrt(a)

    with pytest.raises(TypingError, match=r"cmath.sqrt\(\) does not accept an argument of type array"):
        bad(np.zeros(3))


@cuda.jit
def cmath_kernel(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = cmath.sqrt(z[i])
        out[i, 1] = cmath.exp(z[i])
        out[i, 2] = cmath.log(z[i])
        out[i, 3] = cmath.sin(z[i])
        out[i, 4] = cmath.acos(z[i])
        out[i, 5] = cmath.atanh(z[i])
        out[i, 6] = cmath.tanh(z[i])
        r, phi = cmath.polar(z[i])
        out[i, 7] = complex(r, phi)


KERNEL_FUNCS = [cmath.sqrt, cmath.exp, cmath.log, cmath.sin, cmath.acos, cmath.atanh, cmath.tanh,
                lambda z: complex(*cmath.polar(z))]


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_cmath_in_a_kernel_matches_cpython(dtype):
    reals = [-0.0, 0.0, 1.0, -1.0, 1.5, -3.5, math.inf, -math.inf, math.nan]
    z = np.array([complex(x, y) for x, y in itertools.product(reals, reals)], dtype=dtype)
    out = np.zeros((z.size, len(KERNEL_FUNCS)), dtype=dtype)
    cmath_kernel[(z.size + 31) // 32, 32](z, out)
    single = dtype == np.complex64
    for i, zi in enumerate(z):
        for k, fn in enumerate(KERNEL_FUNCS):
            want = expected(fn, complex(zi))
            if want is None:
                continue
            got = complex(out[i, k])
            assert close_complex(got, want, 2, single), (fn, zi, got, want)


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("ty", [types.complex128, types.complex64])
def test_the_ptx_assembles(ty, tmp_path):
    ptx, _ = cuda.compile_ptx(cmath_kernel.py_func, (ty[::1], ty[:, ::1]), cc=(9, 0))
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)
