# A recursive device function stays a function that calls itself in the PTX (device
# functions are otherwise inlined), and a device function passed to another as a value is
# specialized for it and inlined.
# RUN: %ujit ptx %s kernel --arch sm_90 --sig 'void(int64[:])' > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda


@cuda.jit(device=True)
def dfib(n):
    if n < 2:
        return n
    return dfib(n - 1) + dfib(n - 2)


@cuda.jit(device=True)
def add_one(x):
    return x + 1


@cuda.jit(device=True)
def apply(f, x):
    return f(x)


@cuda.jit
def kernel(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = apply(add_one, dfib(i))


# CHECK: .func {{.*}}dfib
# CHECK: call.uni
# CHECK: .entry
# CHECK-NOT: add_one
# CHECK: call.uni
