"""Notebook 4 (writing CUDA kernels), the cells that run on host arrays.

Our own code for the cells' constructs: a kernel indexing with threadIdx/blockIdx/
blockDim/gridDim, the same with cuda.grid/cuda.gridsize (a redefinition of the same name,
as the notebook does), counters with and without cuda.atomic.add, the CPU histogram and
its CUDA solution. Without a GPU the kernels run compiled for the CPU. The cells with
device arrays and cuda.synchronize() are in nb4_kernels_device.py.
"""
import numpy as np

from ujit import cuda  # was: from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    tx = cuda.threadIdx.x  # the thread's index in its 1-D block
    bx = cuda.blockIdx.x  # the block's index in the 1-D grid
    block_size = cuda.blockDim.x
    grid_size = cuda.gridDim.x
    start = tx + bx * block_size
    stride = block_size * grid_size
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


n = 100_000
x = np.arange(n).astype(np.float32)
y = 2 * x
out_explicit = np.empty_like(x)
threads_per_block = 128
blocks_per_grid = 30
add_kernel[blocks_per_grid, threads_per_block](x, y, out_explicit)


@cuda.jit
def add_kernel(x, y, out):  # noqa: F811 (redefined, as in the notebook)
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


out = np.empty_like(x)
add_kernel[blocks_per_grid, threads_per_block](x, y, out)


@cuda.jit
def thread_counter_race_condition(global_counter):
    global_counter[0] += 1  # a read-modify-write race on a GPU


@cuda.jit
def thread_counter_safe(global_counter):
    cuda.atomic.add(global_counter, 0, 1)


safe_counter = np.array([0], dtype=np.int32)
thread_counter_safe[64, 64](safe_counter)
race_counter = np.array([0], dtype=np.int32)
thread_counter_race_condition[64, 64](race_counter)  # on a GPU: anything from 1 to 4096


def cpu_histogram(x, xmin, xmax, histogram_out):
    """Counts x into len(histogram_out) equal bins over [xmin, xmax)."""
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for element in x:
        bin_number = np.int32((element - xmin) / bin_width)
        if bin_number >= 0 and bin_number < histogram_out.shape[0]:
            histogram_out[bin_number] += 1


@cuda.jit
def cuda_histogram(x, xmin, xmax, histogram_out):
    """The exercise's solution: a grid-stride loop and an atomic increment per element."""
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < nbins:
            cuda.atomic.add(histogram_out, bin_number, 1)


samples = np.random.normal(size=10_000, loc=0, scale=1).astype(np.float32)
xmin = np.float32(-4.0)
xmax = np.float32(4.0)
cpu_hist = np.zeros(shape=10, dtype=np.int32)
cpu_histogram(samples, xmin, xmax, cpu_hist)
gpu_hist = np.zeros(shape=10, dtype=np.int32)
cuda_histogram[30, 128](samples, xmin, xmax, gpu_hist)
