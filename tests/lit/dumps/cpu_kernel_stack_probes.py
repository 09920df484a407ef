# Issue 24: a cuda.local.array lives on a thread's or fiber's stack on the CPU; a frame
# larger than the room left must meet the guard page below the stack (a fault the launch
# reports), never jump past it into other memory. Every function of a CPU kernel's module
# therefore probes its frame page by page (LLVM's inline stack probes).
# RUN: %ujit llvm %s k --target cpu --sig 'void(float32[:])' | FileCheck %s
# CHECK: define {{.*}}void @"k{{.*}}$cpu_block"(ptr {{.*}}) {{.*}}#[[ATTRS:[0-9]+]]
# CHECK: attributes #[[ATTRS]] = { {{.*}}"probe-stack"="inline-asm"
import numba
from numba import cuda


@cuda.jit
def k(out):
    a = cuda.local.array(131072, numba.float32)
    t = cuda.threadIdx.x
    for i in range(131072):
        a[i] = i + t
    out[t] = a[131071 - t]
