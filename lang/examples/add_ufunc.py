# add_ufunc(x, y): elementwise x + y as a float32 CUDA ufunc.
# From the Numba course ("CUDA Basics"): the first GPU ufunc.
from numba import vectorize


@vectorize(['float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y
