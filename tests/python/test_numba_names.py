"""Numba's public names that numba-cuda's tests import, each checked by what it does (Numba
0.68 / numba-cuda as the oracle): the type classes and spellings of numba.types, numba.cuda's
re-exported type names, numba.core.errors' hierarchy and config, signatures as bare tuples
of argument types, and the compile functions."""
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import ujit
from ujit import cuda, types
from ujit.core import config, errors


def test_type_classes_are_isinstance_targets_with_numba_attributes():
    assert isinstance(types.int32, types.Integer) and isinstance(types.int32, types.Number)
    assert isinstance(types.int32, types.Type) and not isinstance(types.int32, types.Float)
    assert types.int16.bitwidth == 16 and types.int16.signed and not types.uint16.signed
    assert (types.int8.minval, types.int8.maxval, types.uint8.maxval) == (-128, 127, 255)
    assert isinstance(types.float32, types.Float) and types.float64.bitwidth == 64
    assert types.complex64.underlying_float is types.float32
    assert types.complex128.underlying_float is types.float64
    assert isinstance(types.boolean, types.Boolean) and isinstance(types.void, types.NoneType)
    assert isinstance(types.float32[:, ::1], types.Array) and types.Array(types.float32, 2, "C") == types.float32[:, ::1]


def test_numba_spellings_of_scalar_types():
    # numba/core/types/__init__.py: byte is uint8 and float_ is float32 (not NumPy's meanings).
    expect = {"b1": "boolean", "f2": "float16", "c8": "complex64", "c16": "complex128", "intp": "int64",
              "uintp": "uint64", "longlong": "int64", "ulonglong": "uint64", "byte": "uint8", "float_": "float32",
              "double": "float64", "ushort": "uint16", "size_t": "uint64"}
    for alias, name in expect.items():
        assert getattr(types, alias) is getattr(types, name), alias
    assert types.float16(1.5) == np.float16(1.5) and type(types.float16(1.5)) is np.float16


def test_tuple_types():
    t = types.Tuple([types.int32, types.int32])
    assert isinstance(t, types.UniTuple) and t.count == 2 and t.dtype is types.int32
    mixed = types.Tuple((types.int64, types.float32))
    assert isinstance(mixed, types.Tuple) and len(mixed) == 2 and str(mixed) == "Tuple(int64, float32)"


def test_numba_cuda_re_exports_the_type_names():
    assert cuda.float32 is types.float32 and cuda.uint32 is types.uint32 and cuda.void is types.void
    assert cuda.types is types
    import ujit.cuda.types

    assert ujit.cuda.types is types


def test_error_hierarchy_is_numba_s():
    assert errors.TypingError is ujit.TypingError
    assert issubclass(errors.TypingError, errors.NumbaError)
    assert issubclass(errors.NumbaTypeError, errors.TypingError)
    assert issubclass(errors.NumbaValueError, errors.TypingError)
    assert issubclass(errors.NumbaPerformanceWarning, errors.NumbaWarning)
    assert issubclass(errors.NumbaDeprecationWarning, DeprecationWarning)
    assert issubclass(errors.NumbaInvalidConfigWarning, errors.NumbaWarning)


def test_a_compile_error_is_caught_as_numba_error():
    @ujit.njit
    def bad(x):
        return x + (1, 2)

    with pytest.raises(errors.NumbaError):
        bad(1.0)


def test_config_reads_numba_s_switches():
    assert config.ENABLE_CUDASIM == 0
    assert config.CUDA_LOW_OCCUPANCY_WARNINGS in (0, 1)


def test_config_debug_poly_switches_read_as_numba_cuda_reads_them():
    code = ("from ujit.core import config; "
            "print(config.CUDA_DEBUG_POLY, config.CUDA_DEBUG_POLY_USE_TYPED_CONST)")
    env = dict(os.environ, NUMBA_CUDA_DEBUG_POLY="1")
    env.pop("NUMBA_CUDA_DEBUG_POLY_USE_TYPED_CONST", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "0"]  # numba-cuda's defaults: both 0


@cuda.jit((types.float32[::1], types.float32[::1]))
def doubled(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 2


def test_a_signature_as_a_bare_tuple_of_argument_types():
    a = np.arange(8, dtype=np.float32)
    out = np.zeros_like(a)
    doubled[1, 8](a, out)
    assert out.tolist() == (a * 2).tolist()
    assert doubled.signatures[0].startswith("(float32[::1], float32[::1])")


def scaled(x):
    return x * 2


def set_first(r, x):
    r[0] = x / 3.0


def test_compile_ptx_of_a_device_function_gives_its_return_type():
    ptx, resty = cuda.compile_ptx(scaled, (types.float32,), device=True)
    assert resty is types.float64  # float32 * int64 literal: float64, as in Numba
    assert ".visible .func" in ptx and ".target sm_75" in ptx


def test_compile_ptx_of_a_kernel_for_a_capability():
    ptx, resty = cuda.compile_ptx(set_first, "void(float32[::1], float32)", cc=(8, 6))
    assert resty is types.void and ".entry" in ptx and ".target sm_86" in ptx
    ptx_dev, _ = cuda.compile_ptx_for_current_device(set_first, (types.float32[::1], types.float32))
    assert ".entry" in ptx_dev


def test_compile_ptx_fastmath_reaches_the_kernel():
    fast, _ = cuda.compile_ptx(set_first, (types.float32[::1], types.float32), fastmath=True)
    precise, _ = cuda.compile_ptx(set_first, (types.float32[::1], types.float32))
    # fastmath flushes denormals (.ftz) and turns the division into a multiplication
    assert re.search(r"mul\.ftz\.f32", fast) and ".ftz." not in precise and "div.rn.f32" in precise


def test_compile_refuses_lto_ir():
    with pytest.raises(NotImplementedError, match="LTO-IR"):
        cuda.compile(scaled, (types.float32,), output="ltoir")


def test_forceinline_is_accepted_as_ujit_always_inlines():
    @cuda.jit(device=True, forceinline=True)
    def inc(x):
        return x + 1

    @cuda.jit
    def k(out):
        out[0] = inc(out[0])

    out = np.zeros(1, dtype=np.int64)
    k[1, 1](out)
    assert out[0] == 1


@cuda.jit
def nothing():
    pass


def test_a_grid_too_small_for_the_device_warns_as_numba_does(monkeypatch):
    import warnings

    monkeypatch.setattr(config, "CUDA_LOW_OCCUPANCY_WARNINGS", 1)
    with pytest.warns(errors.NumbaPerformanceWarning, match="Grid size 1 will likely result in GPU under-utilization"):
        nothing[1, 1]
    blocks = 128  # numba-cuda's fixed bound, whatever the device's multiprocessors
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        nothing[blocks, 1]()
        monkeypatch.setattr(config, "CUDA_LOW_OCCUPANCY_WARNINGS", 0)
        nothing[1, 1]()


def test_an_array_type_rebuilt_from_another_s_dtype_is_the_same_type():
    # numba-cuda's test_ufuncs builds output types as types.Array(input_type.dtype, ndim, "C")
    from ujit import types

    for t in (types.Array(types.int32, 1, "C"), types.Array(types.complex128, 2, "F")):
        assert types.Array(t.dtype, t.ndim, t.layout) == t


def test_numpy_support_numpy_version_is_numpy_s_major_and_minor():
    from ujit.np import numpy_support

    assert numpy_support.numpy_version == tuple(int(p) for p in np.__version__.split(".")[:2])
