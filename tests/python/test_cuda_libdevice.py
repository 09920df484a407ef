"""cuda.libdevice (numba-cuda's numba.cuda.libdevice): libdevice's functions called in kernels,
typed from the compiler's one table (generated from libdevice's declarations), their results
checked against NumPy; the table as numba.cuda.libdevicefuncs gives it; every function's PTX,
some assembled by ptxas for sm_90. On the GPU the calls are libdevice's; on the host device
(kernels compiled for the CPU) the math functions of the CPU, and an error for the others."""
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, njit, types
from ujit.core.errors import TypingError
from ujit.cuda import libdevice
from ujit.cuda.libdevice import expf
from ujit.cuda.libdevicefuncs import create_signature, functions


def test_the_table_is_libdevices():
    assert len(functions) >= 340  # libdevice 10's exported functions that take values
    retty, args = functions["__nv_sincos"]
    assert retty == types.void and [(a.ty, a.is_ptr) for a in args] == [(types.float64, False)] + [
        (types.float64, True)] * 2
    sig = create_signature(retty, args)
    assert sig.return_type == types.UniTuple(types.float64, 2) and sig.args == (types.float64,)
    sig = create_signature(*functions["__nv_frexpf"])
    assert sig.return_type == types.Tuple([types.float32, types.int32]) and sig.args == (types.float32,)
    assert create_signature(*functions["__nv_sad"]).args == (types.int32,) * 3
    assert create_signature(*functions["__nv_float2half_rn"]).return_type == types.int16
    assert "__nv_nan" not in functions  # reads a C string: nothing a kernel passes
    assert callable(libdevice.sincos) and libdevice.hypotf.__name__ == "hypotf"
    with pytest.raises(TypeError, match="from a @cuda.jit kernel"):
        libdevice.sin(1.0)


def use_tuples(s, c, frac, exp, x):
    i = cuda.grid(1)
    if i < len(x):
        s[i], c[i] = libdevice.sincos(x[i])
        fracr, expr = libdevice.frexp(x[i])
        frac[i] = fracr
        exp[i] = expr


def use_sad(r, x, y, z):
    i = cuda.grid(1)
    if i < len(x):
        r[i] = libdevice.sad(x[i], y[i], z[i])


def use_float32(r, x, y):
    i = cuda.grid(1)
    if i < len(x):
        r[i, 0] = expf(x[i])  # imported from numba.cuda.libdevice
        r[i, 1] = libdevice.hypotf(x[i], y[i])
        r[i, 2] = cuda.libdevice.atan2f(x[i], y[i])


def test_sincos_is_a_unituple_and_frexp_a_tuple_of_fraction_and_int32():
    x = np.linspace(start=1.0, stop=100.0, num=100)
    s, c, frac = np.zeros_like(x), np.zeros_like(x), np.zeros_like(x)
    exp = np.zeros(x.shape, dtype=np.int32)
    cuda.jit(use_tuples)[4, 32](s, c, frac, exp, x)
    np.testing.assert_allclose(s, np.sin(x), rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(c, np.cos(x), rtol=1e-15, atol=1e-15)
    want_frac, want_exp = np.frexp(x)
    np.testing.assert_array_equal(frac, want_frac)
    np.testing.assert_array_equal(exp, want_exp)


def test_sad_converts_int64_arguments_to_int32():
    x, y, z = np.arange(0, 200, 2), np.arange(50, 150), np.arange(15, 115)
    r = np.zeros_like(x)
    cuda.jit(use_sad)[4, 32](r, x, y, z)
    np.testing.assert_array_equal(r, np.abs(x - y) + z)


def test_float32_functions_compute_in_float32():
    x = np.linspace(-3, 3, 50, dtype=np.float32)
    y = np.linspace(0.5, 4, 50, dtype=np.float32)
    r = np.zeros((50, 3), dtype=np.float32)
    cuda.jit(use_float32)[2, 32](r, x, y)
    np.testing.assert_allclose(r[:, 0], np.exp(x), rtol=2e-7)
    np.testing.assert_allclose(r[:, 1], np.hypot(x, y), rtol=2e-7)
    np.testing.assert_allclose(r[:, 2], np.arctan2(x, y), rtol=2e-7)


def use_integers(r, x, y):
    i = cuda.grid(1)
    if i < len(x):
        r[i, 0] = libdevice.popc(x[i])
        r[i, 1] = libdevice.clz(x[i])
        r[i, 2] = libdevice.ffs(x[i])
        r[i, 3] = libdevice.brev(x[i])
        r[i, 4] = libdevice.max(x[i], y[i])
        r[i, 5] = libdevice.umin(x[i], y[i])
        r[i, 6] = libdevice.abs(x[i])
        r[i, 7] = libdevice.popcll(x[i] * 3)


def test_integer_bit_functions_are_libdevices():
    x = np.array([0, 1, 6, -1, 2 ** 31 - 1, -2 ** 31, 40, 1024], dtype=np.int32)
    y = np.array([5, -3, 7, 0, 1, 9, -40, 2048], dtype=np.int32)
    r = np.zeros((x.size, 8), dtype=np.int64)
    cuda.jit(use_integers)[1, 32](r, x, y)

    def u32(v):
        return int(v) & 0xFFFFFFFF

    def s32(v):
        return v - (1 << 32) if v >= 1 << 31 else v

    for k in range(x.size):
        v, w = int(x[k]), int(y[k])
        want = [bin(u32(v)).count("1"), 32 - u32(v).bit_length(), (u32(v) & -u32(v)).bit_length(),
                s32(int(format(u32(v), "032b")[::-1], 2)), max(v, w), s32(min(u32(v), u32(w))), s32(u32(abs(v))),
                bin((v * 3) & 0xFFFFFFFFFFFFFFFF).count("1")]
        assert r[k].tolist() == want, (v, w)


def test_wrong_calls_are_typing_errors():
    def arity(r, x):
        r[0] = libdevice.sin(x, x)

    with pytest.raises(TypingError, match=r"libdevice.sin\(\) takes 1 argument\(s\) \(2 given\)"):
        cuda.jit("void(f8[:], f8)")(arity)

    def complex_arg(r, z):
        r[0] = libdevice.sin(z)

    with pytest.raises(TypingError, match=r"libdevice.sin\(\) argument 1 must be a float64, not complex128"):
        cuda.jit("void(f8[:], c16)")(complex_arg)

    @njit
    def on_the_cpu(x):
        return libdevice.sin(x)

    with pytest.raises(TypingError, match=r"libdevice.sin\(\) is a CUDA function"):
        on_the_cpu(1.0)


@pytest.mark.skipif(cuda.is_available(), reason="the GPU has every libdevice function")
def test_a_function_the_host_device_lacks_is_an_error_at_its_call():
    def k(r, x):
        r[0] = libdevice.byte_perm(x, x, x)

    with pytest.raises(Exception, match=r"test_cuda_libdevice.py:\d+:\d+: error: libdevice.byte_perm\(\) runs on the "
                                        r"GPU only"):
        cuda.jit("void(i4[:], i4)")(k)[1, 1](np.zeros(1, np.int32), 3)


TEMPLATE = """\
from ujit.cuda import libdevice
from ujit.cuda.libdevice import expf

def pyfunc({pyargs}):
    ret = libdevice.{func}({funcargs})
    {retvars} = ret
"""


def libdevice_kernel(libname):
    """numba-cuda's test_libdevice shape: the function's results stored through arrays."""
    retty, args = functions[libname]
    sig = create_signature(retty, args)
    funcargs = ", ".join("a%d" % i for i, a in enumerate(args) if not a.is_ptr)
    n = len(sig.return_type) if isinstance(sig.return_type, (types.Tuple, types.UniTuple)) else 1
    rets = list(sig.return_type) if n > 1 else [sig.return_type]
    code = TEMPLATE.format(func=libname[5:], pyargs=", ".join(["r%d" % i for i in range(n)] + (
        [funcargs] if funcargs else [])), funcargs=funcargs, retvars=", ".join("r%d[0]" % i for i in range(n)))
    scope = {}
    exec(compile(code, "<libdevice %s>" % libname, "exec"), scope)
    return scope["pyfunc"], tuple([t[::1] for t in rets] + [a.ty for a in args if not a.is_ptr])


def test_every_function_compiles_to_ptx():
    for libname in functions:
        pyfunc, argtypes = libdevice_kernel(libname)
        ptx, _ = cuda.compile_ptx(pyfunc, argtypes)
        assert "ld.param" in ptx and "st.global" in ptx, libname


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("libname", ["__nv_sincos", "__nv_frexpf", "__nv_sad", "__nv_remquo", "__nv_float2half_rn",
                                     "__nv_ull2double_rd", "__nv_cyl_bessel_i0f"])
def test_the_ptx_assembles(libname, tmp_path):
    pyfunc, argtypes = libdevice_kernel(libname)
    ptx, _ = cuda.compile_ptx(pyfunc, argtypes, cc=(9, 0))
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)
