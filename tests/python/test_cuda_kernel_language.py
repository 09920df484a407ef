"""numba.cuda's kernel language where numba-cuda's tests/cudapy showed gaps (issue 20 item 2):
atomics indexed by tuples that mix ints and floats, kernels called from kernels, declared
integer parameters given out-of-range Python ints, device arrays captured from globals,
cache-hinted loads and stores, int.bit_count, math.modf and a global None. Run where CUDA
code runs here (the GPU, or the host device: compiled for the CPU); NumPy, CPython and ctypes
are the oracles (numba-cuda's semantics), and the PTX is assembled by ptxas where it exists."""
import ctypes
import math
import os
import pickle
import shutil
import subprocess

import numpy as np
import pytest

import ujit
from ujit import cuda, types

PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def assemble(ptx, tmp_path):
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "--gpu-name", "sm_90", str(path), "-o", str(tmp_path / "k.cubin")], check=True)


# ---------------------------------------------------------------- atomics


@cuda.jit
def add_at_float_indices(ary, last, rows, cols):
    i = cuda.grid(1)
    if i < rows.size:
        # (int64, float64): Numba casts each component to intp
        cuda.atomic.add(ary, (rows[i], cols[i] * 1.0), 1)
        cuda.atomic.max(last, (rows[i], -1.0), cols[i])


def test_atomic_index_tuple_mixing_ints_and_floats_is_cast_to_intp():
    rng = np.random.default_rng(5)
    rows = rng.integers(0, 4, 200)
    cols = rng.integers(0, 8, 200)
    ary = np.zeros((4, 8), dtype=np.int32)
    last = np.zeros((4, 3), dtype=np.int64)
    add_at_float_indices[2, 128](ary, last, rows, cols)
    expect = np.zeros((4, 8), dtype=np.int32)
    np.add.at(expect, (rows, cols), 1)
    np.testing.assert_array_equal(ary, expect)
    expect_last = np.zeros((4, 3), dtype=np.int64)
    np.maximum.at(expect_last, (rows, -1), cols)
    np.testing.assert_array_equal(last, expect_last)


def make_extreme_kernels():
    # numba-cuda's test_atomics makes its kernels from one template text, formatted per
    # atomic: every text defines `atomic` at the same line (max used to run as nanmin).
    made = {}
    for op in ("max", "min", "nanmax", "nanmin"):
        ns = {}
        exec("def atomic(res, ary):\n    tx = cuda.threadIdx.x\n    cuda.atomic.%s(res, 0, ary[tx])\n" % op,
             {"cuda": cuda}, ns)
        made[op] = cuda.jit(ns["atomic"])
    return made


def test_atomic_max_and_min_from_one_template_text():
    kernels = make_extreme_kernels()
    vals = np.array([-7.0, 3.5, 12.25, -40.0, 8.0] * 6 + [1.0, 2.0])
    for op, gold, start in (("max", vals.max(), -1e9), ("min", vals.min(), 1e9), ("nanmax", vals.max(), -1e9),
                            ("nanmin", vals.min(), 1e9)):
        res = np.array([start])
        kernels[op][1, 32](res, vals)
        assert res[0] == gold, op
    # max/min keep a NaN already stored (Python's max(nan, x) is nan); nanmax replaces it
    for op, expect_nan in (("max", True), ("min", True), ("nanmax", False), ("nanmin", False)):
        res = np.array([np.nan])
        kernels[op][1, 32](res, vals)
        assert np.isnan(res[0]) == expect_nan, op


# ---------------------------------------------------------------- calls and arguments


@cuda.jit
def set_zero(a):
    a[0] = 0


@cuda.jit("void(int32[::1])")
def call_set_zero(a):
    set_zero(a)
    a[1] = 5


def test_a_kernel_called_from_a_kernel_runs_as_a_device_function():
    a = np.ones(3, dtype=np.int32)
    call_set_zero[1, 1](a)
    assert a.tolist() == [0, 5, 1]


def test_a_kernel_called_from_cpu_code_is_a_located_error():
    @ujit.njit
    def host(a):
        set_zero(a)

    with pytest.raises(ujit.CompileError, match="'set_zero' is a CUDA kernel; kernels are launched from the host"):
        host(np.ones(2))


@cuda.jit("void(int32[::1], int32, uint8)")
def store_args(out, x, y):
    out[0] = x
    out[1] = y
    out[2] = cuda.clz(x)


def test_declared_integer_parameters_wrap_python_ints_as_ctypes_does():
    out = np.zeros(3, dtype=np.int32)
    store_args[1, 1](out, 0xFFFFFFFF, 0x1FF)
    assert out.tolist() == [ctypes.c_int32(0xFFFFFFFF).value, ctypes.c_uint8(0x1FF).value, 0]
    store_args[1, 1](out, 0x80000000, -1)
    assert out.tolist() == [ctypes.c_int32(0x80000000).value, ctypes.c_uint8(-1).value, 0]


# ---------------------------------------------------------------- int.bit_count, math.modf


def bit_counts(xs, out):
    for i in range(xs.size):
        out[i] = xs[i].bit_count()


bit_counts_kernel = cuda.jit(bit_counts)
bit_counts_cpu = ujit.njit(bit_counts)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64, np.int8, np.int32, np.int64])
def test_int_bit_count_is_cpython_s(dtype):
    info = np.iinfo(dtype)
    xs = np.array([0, 1, info.max, info.min, 6, info.max // 3, info.min + 1], dtype=dtype)
    expect = [int(x).bit_count() for x in xs]
    out = np.zeros(xs.size, dtype=np.int64)
    bit_counts_kernel[1, 1](xs, out)
    assert out.tolist() == expect
    out[:] = 0
    bit_counts_cpu(xs, out)
    assert out.tolist() == expect


def modfs(xs, frac, whole):
    for i in range(xs.size):
        f, w = math.modf(xs[i])
        frac[i] = f
        whole[i] = w


modfs_kernel = cuda.jit(modfs)
modfs_cpu = ujit.njit(modfs)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("run", ["kernel", "cpu"])
def test_math_modf_is_cpython_s(dtype, run):
    xs = np.array([2.5, -3.75, 0.0, -0.0, 7.0, -2.0, 1e300 if dtype == np.float64 else 3e38, 0.1, np.inf, -np.inf,
                   np.nan], dtype=dtype)
    frac, whole = np.zeros_like(xs), np.zeros_like(xs)
    if run == "kernel":
        modfs_kernel[1, 1](xs, frac, whole)
    else:
        modfs_cpu(xs, frac, whole)
    for x, f, w in zip(xs, frac, whole):
        ef, ew = math.modf(float(x))
        for got, want in ((f, ef), (w, ew)):
            if math.isnan(want):
                assert math.isnan(got)
            else:
                assert got == dtype(want) and math.copysign(1, got) == math.copysign(1, want), (x, got, want)


NOTHING = None


def test_a_global_none_is_a_constant():
    @ujit.njit
    def pick(x):
        return x if NOTHING is None else -x

    assert pick(3) == 3

    @cuda.jit
    def k(out):
        if NOTHING is None:
            out[0] = 7

    out = np.zeros(1, dtype=np.int64)
    k[1, 1](out)
    assert out[0] == 7


# ---------------------------------------------------------------- captured device arrays


def test_a_global_device_array_is_captured_by_reference():
    data = np.array([1.0, 2.0, 3.0, 4.0, 5.0], dtype=np.float32)
    table = cuda.to_device(data)

    @cuda.jit(device=True)
    def read(i):
        return table[i]

    @cuda.jit
    def doubled(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = read(i) * 2

    out = cuda.device_array(5, dtype=np.float32)
    doubled[1, 8](out)
    np.testing.assert_array_equal(out.copy_to_host(), data * 2)
    # by reference: a later change of the array is what the compiled kernel reads
    table[:] = data + 10
    doubled[1, 8](out)
    np.testing.assert_array_equal(out.copy_to_host(), (data + 10) * 2)


def test_a_captured_device_array_is_writable():
    target = cuda.to_device(np.zeros(6, dtype=np.int64))

    @cuda.jit
    def fill():
        i = cuda.grid(1)
        if i < target.size:
            target[i] = i * i

    fill[1, 8]()
    np.testing.assert_array_equal(target.copy_to_host(), np.arange(6) ** 2)


def test_captured_views_keep_their_strides_and_zero_d_arrays_work():
    base = np.arange(24, dtype=np.int32).reshape(4, 6)
    grid2 = cuda.to_device(base)
    columns = grid2[:, ::2]  # strided view
    scalar = cuda.to_device(np.array(42.5))

    @cuda.jit
    def read_all(out, out0):
        i, j = cuda.grid(2)
        if i < columns.shape[0] and j < columns.shape[1]:
            out[i, j] = columns[i, j]
        if i == 0 and j == 0:
            out0[()] = scalar[()] * 2

    out = np.zeros((4, 3), dtype=np.int32)
    out0 = np.zeros((), dtype=np.float64)
    read_all[(1, 1), (8, 8)](out, out0)
    np.testing.assert_array_equal(out, base[:, ::2])
    assert out0[()] == 85.0


def test_a_kernel_capturing_a_device_array_cannot_be_cached():
    captured = cuda.to_device(np.ones(3, dtype=np.float32))
    with pytest.raises(pickle.PicklingError, match="global device arrays"):
        @cuda.jit(cache=True)
        def cached(out):
            i = cuda.grid(1)
            if i < out.size:
                out[i] = captured[i]

        cached[1, 4](cuda.device_array(3, dtype=np.float32))


# ---------------------------------------------------------------- cache hints

LOADS = [(cuda.ldca, "ca"), (cuda.ldcg, "cg"), (cuda.ldcs, "cs"), (cuda.ldlu, "lu"), (cuda.ldcv, "cv")]
STORES = [(cuda.stcg, "cg"), (cuda.stcs, "cs"), (cuda.stwb, "wb"), (cuda.stwt, "wt")]
DTYPES = [np.int8, np.uint16, np.int32, np.uint64, np.float16, np.float32, np.float64]


def make_load(operator):
    @cuda.jit
    def load(r, x):
        for i in range(x.shape[0]):
            for j in range(x.shape[1]):
                r[i, j] = operator(x, (i, j))

    return load


def make_store(operator):
    @cuda.jit
    def store(r, x):
        for i in range(len(r)):
            operator(r, i, x[i])

    return store


@pytest.mark.parametrize("operator,modifier", LOADS)
def test_cache_hinted_loads_read_the_items(operator, modifier):
    load = make_load(operator)
    for dtype in DTYPES:
        x = np.arange(12).reshape(3, 4).astype(dtype)
        r = np.zeros_like(x)
        load[1, 1](r, x)
        np.testing.assert_array_equal(r, x)


@pytest.mark.parametrize("operator,modifier", STORES)
def test_cache_hinted_stores_write_the_items(operator, modifier):
    store = make_store(operator)
    for dtype in DTYPES:
        x = (np.arange(5) * 3).astype(dtype)
        r = np.zeros_like(x)
        store[1, 1](r, x)
        np.testing.assert_array_equal(r, x)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("dtype", DTYPES)
def test_cache_hints_are_the_ptx_cache_operators(dtype, tmp_path):
    bits = np.dtype(dtype).itemsize * 8
    scalar = getattr(types, np.dtype(dtype).name)
    numba_type = scalar[:, ::1]
    for operator, modifier in LOADS:
        ptx, _ = cuda.compile_ptx(make_load(operator).py_func, (numba_type, numba_type), cc=(9, 0))
        assert "ld.global.%s.b%d" % (modifier, bits) in ptx
        assemble(ptx, tmp_path)
    vector = scalar[::1]
    for operator, modifier in STORES:
        ptx, _ = cuda.compile_ptx(make_store(operator).py_func, (vector, vector), cc=(9, 0))
        assert "st.global.%s.b%d" % (modifier, bits) in ptx
        assemble(ptx, tmp_path)


def test_a_cache_hint_on_the_cpu_is_a_located_error():
    @ujit.njit
    def host(x):
        return cuda.ldcg(x, 0)

    with pytest.raises(ujit.CompileError, match="ldcg"):
        host(np.ones(2))


@pytest.mark.parametrize("body,sig,message", [
    ("cuda.ldcs(x, 1.0)", types.float32[::1], "float64 is not a valid index"),
    ("cuda.ldcs(x, (1, 2))", types.float32[::1], "Expected 1 indices, got 2"),
    ("cuda.ldcs(x, 1)", types.float32[:, ::1], "Expected 2 indices, got a scalar"),
    ("cuda.ldcs(x, (1,))", types.float32[:, ::1], "Expected 2 indices, got 1"),
    ("cuda.stwb(x, 0, 1)", types.complex64[::1], "stwb requires array of integer or float type"),
])
def test_cache_hint_misuse_is_numba_s_typing_error(body, sig, message):
    from ujit.core.errors import TypingError

    ns = {}
    exec("def bad(x):\n    %s\n" % body, {"cuda": cuda}, ns)
    with pytest.raises(TypingError, match=message):
        cuda.compile_ptx(ns["bad"], (sig,))
