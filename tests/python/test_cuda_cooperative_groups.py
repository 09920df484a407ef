"""Cooperative groups (issue 20, numba-cuda's test_cooperative_groups): cuda.cg.this_grid() and
the grid group's sync() in kernels, which makes a kernel cooperative (linked with CUDA's device
runtime, every launch cuLaunchCooperativeKernel), its overloads' `cooperative` and
max_cooperative_grid_blocks(blockdim). NumPy is the oracle for the barrier (numba-cuda's
sequential rows: each element its row); the driver's occupancy for the block limit; a grid past
it is the driver's CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE. Without a GPU the cooperative flag
is still known, and what needs a device says why."""
import numpy as np
import pytest

from ujit import cuda, float64, int32, void
from ujit.cuda.cg import this_grid as grid_of_launch


@cuda.jit(void(float64[::1]))
def this_grid(a):
    cuda.cg.this_grid()
    a[0] = 1.0


@cuda.jit(void(float64[::1]))
def sync_group(a):
    g = cuda.cg.this_grid()
    g.sync()
    a[0] = 1.0


@cuda.jit(void(float64[::1]))
def no_sync(a):
    a[0] = cuda.grid(1)


@cuda.jit(void(float64[::1]))
def imported_this_grid(a):
    grid_of_launch().sync()
    a[0] = 1.0


@cuda.jit(device=True)
def grid_barrier(g):
    g.sync()


def sequential_rows(m):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, m.shape[0]):
        opposite = m.shape[1] - col - 1
        m[row, col] = m[row - 1, opposite] + 1
        grid_barrier(g)


ROWS_SIG = void(int32[:, ::1])


def only_overload(kernel):
    (overload,) = kernel.overloads.values()
    return overload


def test_this_grid_or_sync_makes_a_kernel_cooperative():
    assert only_overload(this_grid).cooperative
    assert only_overload(sync_group).cooperative
    assert not only_overload(no_sync).cooperative
    assert only_overload(imported_this_grid).cooperative  # `from numba.cuda.cg import this_grid`
    # through a device function that synchronizes the group it is given
    assert only_overload(cuda.jit(ROWS_SIG)(sequential_rows)).cooperative


def test_a_declared_function_with_use_cooperative_makes_its_callers_cooperative():
    barrier = cuda.declare_device("cta_barrier", "int32()", use_cooperative=True)
    plain = cuda.declare_device("plain_fn", "int32()")

    @cuda.jit("void()")
    def calls_barrier():
        barrier()

    @cuda.jit("void()")
    def calls_plain():
        plain()

    assert calls_barrier.overloads[()].cooperative
    assert not calls_plain.overloads[()].cooperative


def test_cg_names_kernel_code_only():
    assert cuda.cg.GridGroup.__name__ == "GridGroup"
    with pytest.raises(RuntimeError, match="cuda.cg.this_grid can only be called from code compiled by @cuda.jit"):
        cuda.cg.this_grid()


def test_the_ptx_calls_cudas_device_runtime():
    ptx = sync_group.inspect_asm(void(float64[::1]).args)
    assert "cudaCGGetIntrinsicHandle" in ptx and "cudaCGSynchronize" in ptx
    assert "cudaCG" not in no_sync.inspect_asm(void(float64[::1]).args)


def test_without_a_gpu_a_grid_barrier_says_why():
    if cuda.is_available():
        pytest.skip("a CUDA device is here: the gpu tests run the barrier")
    a = np.zeros(1)
    with pytest.raises(Exception, match="cuda.cg grid groups need a cooperative launch on a CUDA GPU"):
        sync_group[1, 1](a)
    with pytest.raises(cuda.CudaSupportError):
        only_overload(sync_group).max_cooperative_grid_blocks(32)


@pytest.mark.gpu
@pytest.mark.parametrize("kernel", [this_grid, sync_group, imported_this_grid])
def test_the_kernel_runs_past_the_group(kernel):
    a = np.full(1, np.nan)
    kernel[1, 1](a)
    assert a[0] == 1.0


@pytest.mark.gpu
def test_sync_orders_the_rows_of_every_block():
    shape = (1024, 1024)
    a = np.zeros(shape, dtype=np.int32)
    blockdim = 32
    griddim = shape[1] // blockdim
    rows = cuda.jit(ROWS_SIG)(sequential_rows)
    assert only_overload(rows).max_cooperative_grid_blocks(blockdim) >= griddim
    rows[griddim, blockdim](a)
    np.testing.assert_equal(a, np.tile(np.arange(shape[0]), (shape[1], 1)).T)


@pytest.mark.gpu
def test_max_cooperative_grid_blocks_counts_the_block_threads():
    overload = only_overload(cuda.jit(ROWS_SIG)(sequential_rows))
    blocks = overload.max_cooperative_grid_blocks(256)
    assert blocks > 0
    assert overload.max_cooperative_grid_blocks((16, 16)) == blocks
    assert overload.max_cooperative_grid_blocks((16, 4, 4)) == blocks
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT
    assert blocks % sms == 0 and blocks // sms <= 2048 // 256


@pytest.mark.gpu
def test_a_grid_past_the_limit_is_the_drivers_error():
    rows = cuda.jit(ROWS_SIG)(sequential_rows)
    most = only_overload(rows).max_cooperative_grid_blocks(256)
    a = cuda.to_device(np.zeros((2, (most + 1) * 256), dtype=np.int32))
    rows[most, 256](a)
    cuda.synchronize()
    with pytest.raises(RuntimeError, match="CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE") as refused:
        rows[most + 1, 256](a)
    assert "at most %d blocks" % most in str(refused.value)
