"""Notebook 5 (troubleshooting), the debug scripts' kernels.

Printing from a kernel (constant strings and scalars, one line per call); the histogram
with the race the notebook finds; and the memcheck example: `or` for `and` and `+` for
`-`, so bins fall outside the histogram. Under @cuda.jit(debug=True) a kernel run on the
CPU checks its indexing and raises IndexError at the line (on a GPU, cuda-memcheck finds
it); the functions here are launched by tests/python/test_notebooks.py.
"""
import numpy as np

from ujit import cuda  # was: from numba import cuda


@cuda.jit
def histogram_printing(x, xmin, xmax, histogram_out):
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < nbins:
            histogram_out[bin_number] += 1  # the race the notebook finds
            print("in range", x[i], bin_number)
        else:
            print("out of range", x[i], bin_number)


@cuda.jit(debug=True)
def histogram_out_of_bounds(x, xmin, xmax, histogram_out):
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        bin_number = np.int32((x[i] + xmin) / bin_width)
        if bin_number >= 0 or bin_number < nbins:  # the bug: 'or' lets every bin through
            cuda.atomic.add(histogram_out, bin_number, 1)


@cuda.jit(debug=True)
def histogram_fixed(x, xmin, xmax, histogram_out):
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < nbins:
            cuda.atomic.add(histogram_out, bin_number, 1)


def histogram_of(kernel, x):
    """The debug scripts' host code: 10 bins over [-4, 4), a 64 x 64 launch."""
    out = np.zeros(shape=10, dtype=np.int32)
    kernel[64, 64](x, np.float32(-4.0), np.float32(4.0), out)
    return out


if __name__ == "__main__":
    x = np.random.normal(size=50, loc=0, scale=1).astype(np.float32)
    h = histogram_of(histogram_printing, x)
    print("input count:", x.shape[0])
    print("histogram:", h)
    print("count:", h.sum())
