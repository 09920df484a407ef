"""ujit.cuda.random (Numba's numba.cuda.random): the states and draws
against the independent oracle (tools/scripts/xoroshiro_oracle.py ->
xoroshiro128p_expected.json), every spelling of the names, and the errors. Kernels run on
the CPU where no CUDA device is usable; the gpu-marked tests run them on the device. The
course's cell is notebooks/nb6_random.py (test_notebooks.py).

The knowing difference from Numba: the states are a uint64 array of shape (n, 2) (Numba's
is a 1-D array of xoroshiro128p_dtype records, the same bytes)."""
import json
import os

import numpy as np
import pytest

import ujit
import ujit.cuda.random as curand
from ujit import cuda
from ujit.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_states, xoroshiro128p_dtype,
                              xoroshiro128p_next, xoroshiro128p_normal_float32, xoroshiro128p_normal_float64,
                              xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)

gpu = pytest.mark.gpu

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "xoroshiro128p_expected.json")) as f:
    EXPECTED = json.load(f)
DRAWS = EXPECTED["draws"]
N, SEED = EXPECTED["draw_states"], EXPECTED["draw_seed"]
K = len(DRAWS["next"][0])


def expected(kind, dtype):
    return np.array([[float(v) if isinstance(v, str) else v for v in row] for row in DRAWS[kind]], dtype=dtype)


def host(states):
    return states if isinstance(states, np.ndarray) else states.copy_to_host()


@cuda.jit
def draw_next(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_next(states, i)


@cuda.jit
def draw_uniform32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)


@cuda.jit(device=True)
def uniform64(states, i):
    return cuda.random.xoroshiro128p_uniform_float64(states, i)


@cuda.jit
def draw_uniform64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = uniform64(states, i)


@cuda.jit
def draw_normal32(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = curand.xoroshiro128p_normal_float32(states, i)


@cuda.jit
def draw_normal64(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = ujit.cuda.random.xoroshiro128p_normal_float64(states, i)


@ujit.njit
def njit_uniform32(states, out):
    for i in range(out.shape[0]):
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)


KERNELS = [("next", draw_next, np.uint64), ("uniform_float32", draw_uniform32, np.float32),
           ("uniform_float64", draw_uniform64, np.float64), ("normal_float32", draw_normal32, np.float32),
           ("normal_float64", draw_normal64, np.float64)]


def check_draws(kind, got, dtype, rows=slice(None)):
    want = expected(kind, dtype)[rows]
    if kind.startswith("normal"):  # log/sqrt/cos of the target: within a few ulp of the oracle
        # normal_float64's log is float32's (as in Numba): it agrees to float32's precision.
        np.testing.assert_array_max_ulp(got.astype(np.float32), want.astype(np.float32), maxulp=4)
    else:
        np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------- everywhere


def test_states_equal_the_oracle():
    for case in EXPECTED["states"]:
        s = host(create_xoroshiro128p_states(case["n"], case["seed"], case["subsequence_start"]))
        assert s.dtype == np.uint64 and s.shape == (case["n"], 2)
        assert s.tolist() == case["states"]
    # Into a host array of Numba's record dtype too.
    case = EXPECTED["states"][1]
    records = np.zeros(case["n"], dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(records, case["seed"], case["subsequence_start"])
    assert [[int(r["s0"]), int(r["s1"])] for r in records] == case["states"]


@pytest.mark.parametrize("kind, kernel, dtype", KERNELS, ids=[k[0] for k in KERNELS])
def test_kernels_draw_the_oracles_sequences(kind, kernel, dtype):
    states = create_xoroshiro128p_states(N, SEED)
    out = np.zeros((N, K), dtype=dtype)
    kernel[1, 32](states, out)
    check_draws(kind, out, dtype)


def test_kernels_take_host_states_of_numbas_record_dtype():
    records = np.zeros(N, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(records, SEED)
    out = np.zeros((N, K), dtype=np.uint64)
    draw_next[1, 32](records, out)  # passed as their uint64 (n, 2) view: updated in place
    check_draws("next", out, np.uint64)
    draw_next[1, 32](records, out)
    assert not np.array_equal(out, expected("next", np.uint64))


def test_njit_code_draws_the_same():
    states = host(create_xoroshiro128p_states(N, SEED))
    out = np.zeros((N, K), dtype=np.float32)
    njit_uniform32(states, out)
    check_draws("uniform_float32", out, np.float32)


def test_python_calls_draw_the_same():
    states = host(create_xoroshiro128p_states(N, SEED))
    assert [int(xoroshiro128p_next(states, 1)) for _ in range(K)] == DRAWS["next"][1]
    states = host(create_xoroshiro128p_states(N, SEED))
    assert [xoroshiro128p_uniform_float64(states, 2) for _ in range(K)] == [float(v) for v in DRAWS["uniform_float64"][2]]
    states = host(create_xoroshiro128p_states(N, SEED))
    got = np.array([[xoroshiro128p_normal_float32(states, 0) for _ in range(K)]], dtype=np.float32)
    check_draws("normal_float32", got, np.float32, rows=[0])
    states = host(create_xoroshiro128p_states(N, SEED))
    got = np.array([[xoroshiro128p_normal_float64(states, 3) for _ in range(K)]])
    check_draws("normal_float64", got, np.float64, rows=[3])


def test_other_state_arrays_are_compile_errors():
    out = np.zeros((N, K), dtype=np.float32)
    with pytest.raises(ujit.CompileError, match=r"test_cuda_random.py:\d+:\d+: error: xoroshiro128p_uniform_float32\(\) "
                       r"needs the RNG states as a 2-D uint64 array of shape \(n, 2\)"):
        draw_uniform32[1, 32](np.zeros((N, 2), dtype=np.float32), out)
    with pytest.raises(TypeError, match="uint64 array of shape"):
        init_xoroshiro128p_states(np.zeros((4, 3), dtype=np.uint64), 1)


# ---------------------------------------------------------------- on a GPU


@gpu
def test_states_live_on_the_device():
    states = create_xoroshiro128p_states(N, SEED)
    assert isinstance(states, cuda.DeviceNDArray)
    out = cuda.device_array((N, 2), dtype=np.uint64)
    draw_next[1, 32](states, out)
    draw_next[1, 32](states, out)  # the sequence goes on in the device states
    np.testing.assert_array_equal(out.copy_to_host(), np.array(DRAWS["next"], dtype=np.uint64)[:, 2:])


@gpu
@pytest.mark.parametrize("kind, kernel, dtype", KERNELS, ids=[k[0] for k in KERNELS])
def test_gpu_draws_the_oracles_sequences(kind, kernel, dtype):
    states = create_xoroshiro128p_states(N, SEED)
    out = cuda.device_array((N, K), dtype=dtype)
    kernel[1, 32](states, out)
    check_draws(kind, out.copy_to_host(), dtype)
