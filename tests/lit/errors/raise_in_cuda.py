# A raise or assert in CUDA code is refused where it is written: Numba ignores it in a
# kernel unless debug=True, and ujit raises nothing from the GPU yet.
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    if a[0] < 0:
        # expected-error@+1:9 {{'raise' in CUDA code is not supported by ujit}}
        raise ValueError("negative")


@cuda.jit('void(float32[:])')
def k2(a):
    # expected-error@+1:5 {{'assert' in CUDA code is not supported by ujit}}
    assert a[0] >= 0, "negative"
