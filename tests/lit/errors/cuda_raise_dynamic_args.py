# A kernel's raise carries a constant message: the raise sites are a constant table that the
# host reads after a debug launch. A message built at run time is a located error in CUDA code
# (it is fine in @njit code: raise_dynamic_args.py).
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit("void(int64[:])", debug=True, opt=False)
def formatted(a):
    i = cuda.grid(1)
    if a[i] < 0:
        # expected-error@+1:26 {{in CUDA code ujit raises exceptions with a constant string message only (or none)}}
        raise ValueError("negative at " + str(i))


@cuda.jit("void(int64[:])")
def assert_with_value(a):
    i = cuda.grid(1)
    # expected-error@+1:23 {{in CUDA code ujit raises exceptions with a constant string message only (or none)}}
    assert a[i] >= 0, a[i]
