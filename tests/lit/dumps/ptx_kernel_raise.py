# `raise` and `assert` in CUDA code, as numba-cuda compiles them (codegen/kernel_raise.hpp).
# Without debug=True the raising thread just ends there: PTX `exit`, no record, nothing for
# the host to read. With debug=True the kernel records the first raise in the module's
# __ujit_raised__ (7 x i32: the site, threadIdx, blockIdx), by compare-and-swap, and lists the
# sites' class, message and place in __ujit_raise_sites__; division by zero is checked too
# (Python's error model). Both assemble for sm_90. On the CPU the raise is a call that ends
# the work-item, and a kernel that may raise gets no block function.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %ujit ptx %s quiet --arch sm_90 --sig 'void(float64[::1])' > quiet.ptx
# RUN: FileCheck %s --check-prefix=QUIET < quiet.ptx
# RUN: ptxas -arch=sm_90 quiet.ptx -o quiet.cubin
# RUN: %ujit ptx %s loud --arch sm_90 --sig 'void(float64[::1], float64[::1])' > loud.ptx
# RUN: FileCheck %s --check-prefix=LOUD < loud.ptx
# RUN: ptxas -arch=sm_90 loud.ptx -o loud.cubin
# RUN: %ujit llvm %s quiet --target cpu --sig 'void(float64[::1])' | FileCheck %s --check-prefix=CPU
from numba import cuda


class NegativeInput(ValueError):
    pass


@cuda.jit
def quiet(a):
    i = cuda.grid(1)
    if i < a.size and a[i] < 0:
        raise NegativeInput("negative")
    elif i < a.size:
        a[i] *= 2


@cuda.jit(device=True)
def checked(x):
    assert x >= 0, "x must not be negative"
    return x


@cuda.jit(debug=True, opt=False)
def loud(a, b):
    i = cuda.grid(1)
    a[i] = checked(a[i]) / b[i]


# QUIET-NOT: __ujit_raised__
# QUIET: .entry {{.*}}quiet
# QUIET: exit;
# QUIET-NOT: __ujit_raise_sites__

# LOUD-DAG: .visible .global .align 4 .b8 __ujit_raised__[28];
# LOUD-DAG: .visible .global .align 1 .b8 __ujit_raise_sites__[{{[0-9]+}}] = {65, 115, 115, 101, 114, 116, 105, 111, 110, 69, 114, 114, 111, 114, 0
# LOUD: .func ujit_record_raise
# LOUD: atom.global.cas.b32
# LOUD: mov.u32 {{.*}}%tid.x
# LOUD: .entry {{.*}}loud
# LOUD: call.uni
# LOUD-NEXT: ujit_record_raise
# LOUD: exit;

# CPU: $cpu_kernel" = {{.*}}constant { i64, i64, ptr, i64 } zeroinitializer
# CPU: call void @ujit_rt_kernel_exit(i32 14, ptr null)
