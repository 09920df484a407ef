# add_kernel(x, y, out): out[i] = x[i] + y[i] for 1-D arrays, as a CUDA kernel with a
# grid-stride loop, so any launch size covers any array length.
# From the Numba course ("Writing CUDA Kernels").
from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)       # 1 = one dimensional thread grid, returns a single value
    stride = cuda.gridsize(1)  # ditto

    # assuming x and y inputs are same length
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]
