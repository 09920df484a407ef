"""Numba's kernel resource queries (issue 20, numba-cuda's test_dispatcher
TestDispatcherKernelProperties): get_regs_per_thread, get_local_mem_per_thread,
get_const_mem_size, get_shared_mem_per_block and get_max_threads_per_block, from the driver's
cuFuncGetAttribute for one signature, for the one signature of a specialized kernel, or as a
dict over the compiled signatures. The driver is the oracle (cross-checked here against what
the kernels declare: their shared and local arrays, the threads a block may have); without a
GPU the queries are an error that says why."""
import math

import numpy as np
import pytest

import ujit
from ujit import cuda, float32, float64, int64, void

N = 10


@cuda.jit
def pi_sin_array(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] = 3.14 * math.sin(x[i])


@cuda.jit(void(float32[::1], int64))
def pi_sin_f32(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] = 3.14 * math.sin(x[i])


# Each thread reads what another wrote to the shared array (after the barrier) and the local
# array at a data-dependent index, so the optimizer can keep neither in registers. (A shared
# array that one thread writes and reads back without a barrier is forwarded and dropped by
# LLVM: legal, but numba-cuda's test_get_shared_mem_per_block expects NVVM's 40 bytes there.)
@cuda.jit
def shared_and_local(ary):
    sm = cuda.shared.array(N, dtype=ary.dtype)
    lm = cuda.local.array(N, dtype=ary.dtype)
    i = cuda.threadIdx.x
    sm[i] = ary[i]
    cuda.syncthreads()
    for j in range(N):
        lm[(j * 7) % N] = ary[j]
    ary[i] = sm[(i + 1) % N] + lm[(ary[i] * 3) % N]


@pytest.mark.gpu
def test_attributes_of_each_signature_and_of_all():
    pi_sin_array[1, N](np.zeros(N, dtype=np.float32), N)
    pi_sin_array[1, N](np.zeros(N, dtype=np.float64), N)
    sig_f32, sig_f64 = void(float32[::1], int64), void(float64[::1], int64)
    regs32, regs64 = pi_sin_array.get_regs_per_thread(sig_f32), pi_sin_array.get_regs_per_thread(sig_f64)
    assert isinstance(regs32, int) and regs32 > 0 and isinstance(regs64, int) and regs64 > 0
    everything = pi_sin_array.get_regs_per_thread()
    assert everything[sig_f32.args] == regs32 and everything[sig_f64.args] == regs64
    assert 0 < pi_sin_array.get_max_threads_per_block(sig_f32) <= 1024


@pytest.mark.gpu
def test_a_specialized_kernel_answers_for_its_signature():
    assert pi_sin_f32.get_regs_per_thread() > 0
    assert pi_sin_f32.get_shared_mem_per_block() == 0


@pytest.mark.gpu
def test_shared_and_local_arrays_are_counted():
    shared_and_local[1, N](np.arange(N, dtype=np.int64))
    shared_and_local[1, N](np.arange(N, dtype=np.int32))
    shared = shared_and_local.get_shared_mem_per_block()
    assert shared[(ujit.types.int64[::1],)] >= N * 8
    assert shared[(ujit.types.int32[::1],)] >= N * 4
    assert shared_and_local.get_local_mem_per_thread(void(ujit.types.int64[::1])) >= N * 8
    assert isinstance(shared_and_local.get_const_mem_size(void(ujit.types.int64[::1])), int)


def test_without_a_gpu_the_attributes_say_why():
    if cuda.is_available():
        pytest.skip("a CUDA device is here: the gpu tests above check the values")
    with pytest.raises(Exception, match="CUDA"):
        pi_sin_f32.get_regs_per_thread()
