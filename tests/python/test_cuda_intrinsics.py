"""numba.cuda's intrinsics and warp functions, run where CUDA code runs here (the GPU, or the
host device: compiled for the CPU), each checked against Python's or NumPy's arithmetic
(numba-cuda's semantics: cudaimpl.py, intrinsics.py), and their PTX assembled by ptxas."""
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from ujit import cuda, types
from ujit.core.errors import TypingError

U32 = 0xFFFFFFFF


@cuda.jit
def bits_kernel(x32, x64, out):
    i = cuda.grid(1)
    if i < x32.size:
        out[i, 0] = cuda.popc(x32[i])
        out[i, 1] = cuda.clz(x32[i])
        out[i, 2] = cuda.ffs(x32[i])
        out[i, 3] = cuda.brev(x32[i])
        out[i, 4] = cuda.popc(x64[i])
        out[i, 5] = cuda.clz(x64[i])
        out[i, 6] = cuda.ffs(x64[i])
        out[i, 7] = cuda.brev(x64[i])


def test_bit_intrinsics_match_python_integers():
    x32 = np.array([0, 1, 6, 0x80000000, U32, 0x12345678], dtype=np.uint32)
    x64 = np.array([0, 1, 1 << 40, 1 << 63, 2 ** 64 - 1, 0x0123456789ABCDEF], dtype=np.uint64)
    out = np.zeros((x32.size, 8), dtype=np.uint64)
    bits_kernel[1, 32](x32, x64, out)
    for i in range(x32.size):
        for k, (x, width) in enumerate(((int(x32[i]), 32), (int(x64[i]), 64))):
            expect = [bin(x).count("1"), width - x.bit_length(), (x & -x).bit_length(),
                      int(format(x, "0%db" % width)[::-1], 2)]
            assert out[i, 4 * k:4 * k + 4].tolist() == expect, (x, width)


@cuda.jit
def float_kernel(a, b, c, out):
    out[0] = cuda.fma(a[0], b[0], c[0])
    out[1] = cuda.cbrt(a[1])
    out[2] = cuda.selp(a[0] > b[0], a[2], b[2])
    out[3] = math.remainder(a[3], b[3])
    out[4] = math.nextafter(a[4], b[4])
    out[5] = math.exp2(a[5])
    out[6] = max(a[6], b[6])  # two floats on CUDA: fmax (a NaN loses), as numba-cuda
    out[7] = min(b[6], a[6])


def test_float_intrinsics_and_math_functions():
    eps = 2.0 ** -30
    a = np.array([1 + eps, 27.0, 5.0, 7.5, 1.0, 10.0, np.nan, 0], dtype=np.float64)
    b = np.array([1 - eps, 0.0, 9.0, 2.0, 2.0, 0.0, 1.5, 0], dtype=np.float64)
    c = np.array([-1.0], dtype=np.float64)
    out = np.zeros(8, dtype=np.float64)
    float_kernel[1, 1](a, b, c, out)
    assert out[0] == -(2.0 ** -60)  # fused: the rounded product would give 0.0
    assert abs(out[1] - np.cbrt(27.0)) <= np.spacing(3.0)  # libm's cbrt is within 1 ulp
    assert out[2] == 5.0
    assert out[3] == math.remainder(7.5, 2.0)
    assert out[4] == math.nextafter(1.0, 2.0)
    assert out[5] == 1024.0
    assert out[6] == np.fmax(np.nan, 1.5) and out[7] == np.fmin(1.5, np.nan)


@cuda.jit
def warp_kernel(x, out):
    i = cuda.threadIdx.x
    v = x[i]
    s = v
    offset = 16
    while offset > 0:
        s += cuda.shfl_down_sync(U32, s, offset)
        offset //= 2
    out[i, 0] = s  # lane 0 of each warp: the warp's sum
    out[i, 1] = cuda.shfl_sync(U32, v, 3)
    out[i, 2] = cuda.shfl_up_sync(U32, v, 1)
    out[i, 3] = cuda.shfl_xor_sync(U32, v, 1)
    out[i, 4] = cuda.ballot_sync(U32, i % 2 == 1)
    out[i, 5] = cuda.all_sync(U32, v > 0)
    out[i, 6] = cuda.any_sync(U32, v > 60)
    out[i, 7] = cuda.eq_sync(U32, v > 0)
    out[i, 8] = cuda.match_any_sync(U32, i // 8)
    m, same = cuda.match_all_sync(U32, 7)
    out[i, 9] = m
    out[i, 10] = same
    out[i, 11] = cuda.activemask()
    out[i, 12] = cuda.lanemask_lt()


def test_warp_functions_on_two_warps():
    x = np.arange(1, 65, dtype=np.int64)
    out = np.zeros((64, 13), dtype=np.int64)
    warp_kernel[1, 64](x, out)
    for w in range(2):
        lanes = x[32 * w:32 * w + 32]
        assert out[32 * w, 0] == lanes.sum()
        for lane in range(32):
            i = 32 * w + lane
            row = out[i].tolist()
            assert row[1] == lanes[3]
            assert row[2] == (lanes[lane - 1] if lane else lanes[lane])
            assert row[3] == lanes[lane ^ 1]
            assert row[4] == np.int32(np.uint32(0xAAAAAAAA))
            assert row[5:8] == [1, int(w == 1), 1]
            assert row[8] == np.int32(np.uint32(0xFF << (8 * (lane // 8))))  # int32, as in numba-cuda
            assert row[9:11] == [-1, 1]  # match_all_sync's mask is int32, as in numba-cuda
            assert row[11] == U32 and row[12] == (1 << lane) - 1


@cuda.jit
def divergent_warps(out):
    # Warp 1 calls a warp function that warp 0 does not, then both meet at the barrier: the
    # barrier must still wait for warp 1's store.
    shared = cuda.shared.array(64, types.int64)
    i = cuda.threadIdx.x
    v = i
    if i >= 32:
        v = cuda.shfl_xor_sync(U32, v, 1)
    shared[i] = v
    cuda.syncthreads()
    out[i] = shared[63 - i]
    cuda.syncwarp()


def test_a_barrier_waits_for_warps_inside_warp_functions():
    out = np.zeros(64, dtype=np.int64)
    divergent_warps[1, 64](out)
    expect = [i if i < 32 else i ^ 1 for i in range(64)]
    assert out.tolist() == expect[::-1]


def test_a_bad_shuffle_value_is_numba_s_typing_error():
    def k(out):
        out[0] = cuda.shfl_sync(U32, 1j, 0)

    with pytest.raises(TypingError, match="shfl_sync only supports 32- and 64-bit ints and floats, not complex128"):
        cuda.compile_ptx(k, (types.complex128[::1],))


@cuda.jit
def branch_masks(out):
    i = cuda.threadIdx.x
    if i % 2 == 0:
        out[i] = cuda.activemask()
    else:
        out[i] = cuda.activemask()


def test_activemask_names_the_lanes_of_the_same_branch():
    out = np.zeros(32, dtype=np.uint32)
    branch_masks[1, 32](out)
    assert out.tolist() == [0x55555555 if i % 2 == 0 else 0xAAAAAAAA for i in range(32)]


@cuda.jit
def first_claim(flag, old):
    i = cuda.grid(1)
    old[i] = cuda.atomic.compare_and_swap(flag, 0, i + 1)


def test_compare_and_swap_lets_one_thread_claim_the_first_element():
    flag = np.zeros(2, dtype=np.int32)
    old = np.full(64, -1, dtype=np.int32)
    first_claim[2, 32](flag, old)
    winner = int(flag[0])
    assert 1 <= winner <= 64 and flag[1] == 0
    assert old[winner - 1] == 0 and sorted(old.tolist()).count(0) == 1
    assert all(v == winner for k, v in enumerate(old.tolist()) if k != winner - 1)


def test_compare_and_swap_needs_a_1d_integer_array():
    def k(a):
        cuda.atomic.compare_and_swap(a, 0.0, 1.0)

    expect = r"compare_and_swap\(\) needs a 1-D array of integers, not array\(float64, 1d, C\)"
    with pytest.raises(TypingError, match=expect):
        cuda.compile_ptx(k, (types.float64[::1],))


@cuda.jit
def fences(a):
    cuda.threadfence_system()
    cuda.nanosleep(100)
    # Every lane of the mask must exist and execute it: a GPU stops with an illegal
    # instruction otherwise (a partial warp, or a lane outside the mask), so whole warps.
    cuda.syncwarp(0xFFFFFFFF)
    a[cuda.threadIdx.x] = cuda.laneid


def test_fences_sleep_and_syncwarp_run():
    a = np.zeros(64, dtype=np.int32)
    fences[1, 64](a)
    assert a.tolist() == [i % 32 for i in range(64)]


PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


@pytest.mark.skipif(PTXAS is None, reason="ptxas is not installed")
@pytest.mark.parametrize("kernel", [bits_kernel, float_kernel, warp_kernel, divergent_warps, first_claim, fences])
def test_the_ptx_assembles(kernel, tmp_path):
    sigs = {bits_kernel: (types.uint32[::1], types.uint64[::1], types.uint64[:, ::1]),
            float_kernel: (types.float64[::1],) * 4,
            warp_kernel: (types.int64[::1], types.int64[:, ::1]),
            divergent_warps: (types.int64[::1],), first_claim: (types.int32[::1], types.int32[::1]),
            fences: (types.int32[::1],)}
    ptx, _ = cuda.compile_ptx(kernel.py_func, sigs[kernel], cc=(8, 0))
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    subprocess.run([PTXAS, "--gpu-name", "sm_80", str(path), "-o", str(tmp_path / "k.cubin")], check=True)


@cuda.jit
def complex_powers(z, w, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = z[i] ** w[i]


def test_complex_power_in_a_kernel_is_cpython_s():
    z = np.array([1 + 2j, -3.5 + 0.25j, 2.0, 1j, 0j, 0j, 1.5 - 2j, 1e-3 + 4j])
    w = np.array([0.5 - 1j, 1.25, 2.0, 3.5j, 2.5, -1.0, 0j, -0.75 + 0.5j])
    out = np.zeros_like(z)
    complex_powers[1, 32](z, w, out)
    for k in range(z.size):
        if z[k] == 0 and w[k].real < 0:
            assert np.isnan(out[k].real) and np.isnan(out[k].imag)  # Python raises; Numba gives NaN
            continue
        expect = complex(z[k]) ** complex(w[k])
        assert abs(out[k] - expect) <= 4e-16 * max(1.0, abs(expect)), (z[k], w[k], out[k], expect)
    z32, w32 = z.astype(np.complex64), w.astype(np.complex64)
    out32 = np.zeros_like(z32)
    complex_powers[1, 32](z32, w32, out32)
    ok = ~np.isnan(out32.real)
    assert np.allclose(out32[ok], (z32.astype(np.complex128) ** w32.astype(np.complex128))[ok], rtol=1e-6)
    assert out32[2] == z32[2] * z32[2]  # an exponent of 2 is one multiplication


def test_complex_power_in_njit_code_is_the_same():
    import ujit

    @ujit.njit
    def power(z, w):
        return z ** w

    for z, w in ((1 + 2j, 0.5 - 1j), (-2 + 0j, 0.5 + 0j), (3 - 1j, 2 + 0j)):
        expect = z ** w
        assert abs(power(z, w) - expect) <= 4e-16 * abs(expect)


def test_a_declared_signature_converts_the_launch_s_scalars():
    # Numba runs the declared int32 specialization for a Python int: clz counts 32 bits.
    def clz_of(out, c):
        out[0] = cuda.clz(c)

    kernel = cuda.jit("void(int32[:], int32)")(clz_of)
    out = np.zeros(1, dtype=np.int32)
    kernel[1, 1](out, 0x00100000)
    assert out[0] == 11
    assert kernel.signatures == ["void(int32[:], int32)"]


@cuda.jit
def syncwarp_lanes_below(a, live, mask):
    i = cuda.threadIdx.x
    if i < live:
        cuda.syncwarp(mask)
        a[i] = 1


@cuda.jit
def shfl_down(a, mask):
    i = cuda.threadIdx.x
    a[i] = cuda.shfl_down_sync(mask, i, 1)


@pytest.mark.skipif(cuda.is_available(), reason="undefined on a GPU: an H200 trapped on one such kernel "
                    "(CUDA_ERROR_ILLEGAL_INSTRUCTION) and ran this one; the host device always refuses it")
def test_warp_function_of_a_lane_its_mask_leaves_out_is_refused():
    # PTX leaves a *_sync executed by a lane outside its mask undefined; a GPU may stop with an
    # illegal instruction (an H200 did, for lanes 16..31 of a 40-thread block). The host device
    # refuses it every time, as that trap, and stays usable.
    a = np.zeros(32, dtype=np.int32)
    with pytest.raises(Exception, match="CUDA_ERROR_ILLEGAL_INSTRUCTION"):
        syncwarp_lanes_below[1, 32](a, 32, 0xFFFF)  # lanes 16..31 are not in the mask
    with pytest.raises(Exception, match="CUDA_ERROR_ILLEGAL_INSTRUCTION"):
        shfl_down[1, 32](a, 0xFF)
    with pytest.raises(Exception, match="CUDA_ERROR_ILLEGAL_INSTRUCTION"):
        syncwarp_lanes_below[1, 1](a[:1], 1, 0x2)  # a block of one thread, lane 0
    a[:] = 0
    syncwarp_lanes_below[1, 32](a, 16, 0xFFFF)  # only the lanes of the mask call it
    assert a.tolist() == [1] * 16 + [0] * 16
    # A mask naming lanes past a partial warp's end is fine (numba-cuda's test_sync does it).
    b = np.zeros(8, dtype=np.int32)
    shfl_down[1, 8](b, U32)
    assert b[:7].tolist() == [1, 2, 3, 4, 5, 6, 7]  # lane 7's source does not exist: undefined
