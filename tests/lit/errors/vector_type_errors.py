# Misused CUDA vector types: too few or too many lanes, a vector of another base type, a lane
# the type lacks, a lane assigned (numba-cuda's lanes are read-only), a vector type on the CPU.
# RUN: %ujit check --verify %s
from numba import cuda, njit


@cuda.jit('void(float32[::1])')
def too_few(out):
    # expected-error@+1:9 {{No implementation of function float32x4 found for signature: float32x4(float64, float64)}}
    v = cuda.float32x4(1.0, 2.0)
    out[0] = v.x


@cuda.jit('void(float32[::1])')
def too_many(out):
    # expected-error@+1:9 {{float32x2(float32x2, int64). A float32x2 is made of 2 float32 value(s) in all}}
    v = cuda.float2(cuda.float2(1, 2), 3)
    out[0] = v.x


@cuda.jit('void(float32[::1])')
def other_base(out):
    # expected-error@+1:9 {{signature: float32x2(int32x2)}}
    v = cuda.float32x2(cuda.int2(1, 2))
    out[0] = v.x


@cuda.jit('void(float32[::1])')
def no_such_lane(out):
    v = cuda.float32x2(1, 2)
    # expected-error@+1:16 {{Unknown attribute 'z' of type float32x2}}
    out[0] = v.z


@cuda.jit('void(float32[::1])')
def lane_assigned(out):
    v = cuda.float32x2(1, 2)
    # expected-error@+1:5 {{Cannot resolve setattr: (float32x2).x = float64}}
    v.x = 3.0
    out[0] = v.x


@njit('float32(float32)')
def on_cpu(x):
    # expected-error@+1:12 {{float32x2 is a CUDA vector type: make it in a @cuda.jit kernel or device function}}
    return cuda.float32x2(x, x).x
