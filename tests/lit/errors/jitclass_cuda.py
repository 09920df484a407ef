# Numba compiles jitclasses for the CPU only: a kernel that makes an instance is a located error.
# RUN: %ujit check --verify %s
from numba import cuda, float64
from numba.experimental import jitclass


@jitclass([("x", float64)])
class Box:
    def __init__(self, x):
        self.x = x


@cuda.jit("void(float64[:])")
def kernel(out):
    # expected-error@+1:9 {{jitclass instances are not supported in CUDA code (Numba compiles them for the CPU only)}}
    b = Box(out[0])
    out[0] = b.x
