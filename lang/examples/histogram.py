# cuda_histogram(x, xmin, xmax, histogram_out): counts the elements of x falling in each of
# the histogram_out.shape[0] equal bins of [xmin, xmax), with atomic increments.
# The solution of the histogram exercise of the Numba course ("Writing CUDA Kernels").
import numpy as np
from numba import cuda


@cuda.jit
def cuda_histogram(x, xmin, xmax, histogram_out):
    '''Increment bin counts in histogram_out, given histogram range [xmin, xmax).'''
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins

    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < nbins:
            # only increment if in range
            cuda.atomic.add(histogram_out, bin_number, 1)
