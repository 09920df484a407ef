# `ujit llvm --target cpu` of @cuda.jit kernels: the code the CPU fallback runs.
#
# A grid-stride loop runs block-wide: thread x == 0 takes the iterations, contiguous ones,
# so the body vectorizes; the block's threads are a loop inside <kernel>$cpu_block.
# RUN: %ujit llvm %examples/add_kernel.py add_kernel --target cpu --sig 'void(float32[::1], float32[::1], float32[::1])' | FileCheck %s --check-prefix=ADD
# ADD: $cpu_kernel" = {{.*}}constant { i64, i64, ptr, i64 } { i64 0, i64 0, ptr @"add_kernel{{.*}}$cpu_block", i64 0 }
# ADD: define void @"add_kernel{{.*}}$cpu_block"(ptr
# ADD: fadd <{{[0-9]+}} x float>
#
# A barrier every thread meets once: two loops over the block's threads (loop fission),
# still one call per block; no call of the barrier is left.
# RUN: %ujit llvm %examples/tile_transpose.py tile_transpose --target cpu --sig 'void(float32[:, ::1], float32[:, ::1])' | FileCheck %s --check-prefix=TILE
# TILE: $cpu_kernel" = {{.*}}constant { i64, i64, ptr, i64 } { i64 {{[0-9]+}}, i64 1, ptr @"tile_transpose{{.*}}$cpu_block", i64 0 }
# TILE: define void @"tile_transpose{{.*}}$cpu_block"(ptr
# TILE-NOT: ujit_rt_kernel_barrier
# TILE: threads.x
# TILE-NOT: ujit_rt_kernel_barrier
# TILE: threads.x
# TILE-NOT: ujit_rt_kernel_barrier
#
# A barrier inside a loop does not fit: the kernel keeps one call per thread (fibers).
# RUN: %ujit llvm %s barrier_in_loop --target cpu --sig 'void(float32[::1])' | FileCheck %s --check-prefix=LOOP
# LOOP: $cpu_kernel" = {{.*}}constant { i64, i64, ptr, i64 } { i64 {{[0-9]+}}, i64 1, ptr null, i64 0 }
#
# A value carried from one iteration of a grid-stride loop to the next (a per-thread sum)
# keeps the loop per thread: no block-wide form.
# RUN: %ujit llvm %s carried_sum --target cpu --sig 'void(float32[::1], float32[::1])' | FileCheck %s --check-prefix=CARRIED
# CARRIED-NOT: gridstride.leader
# CARRIED: ret void
from numba import cuda, float32


@cuda.jit
def barrier_in_loop(a):
    s = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    for k in range(4):
        s[t] = a[t] + k
        cuda.syncthreads()
        a[t] = s[127 - t]
        cuda.syncthreads()


@cuda.jit
def carried_sum(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    acc = 0.0
    for i in range(start, x.shape[0], stride):
        acc += x[i]
        out[i] = acc
