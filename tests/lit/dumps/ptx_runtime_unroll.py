# A loop whose trip count is known only at run time (a grid-stride loop) is left rolled in
# the PTX for ptxas to unroll, as nvcc leaves it (cuda/nvptx_loop_hints.hpp): LLVM's 8-way
# runtime unrolling kept a 64-bit address per copy alive and took this warp sum to 40
# registers a thread, too many for 2,048 threads on an SM. A loop with a constant trip count
# (the shuffle offsets 16, 8, 4, 2, 1; a fixed 4-element window) is still unrolled by LLVM.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %ujit llvm %s warp_sum --target cuda --arch sm_90 --sig 'void(float32[::1], float32[::1])' | FileCheck %s --check-prefix=IR
# RUN: %ujit ptx %s warp_sum --arch sm_90 --sig 'void(float32[::1], float32[::1])' > warp.ptx
# RUN: FileCheck %s --check-prefix=PTX < warp.ptx
# RUN: ptxas -arch=sm_90 -v warp.ptx -o warp.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# RUN: %ujit ptx %s window_sums --arch sm_90 --sig 'void(float32[::1], float32[::1])' | FileCheck %s --check-prefix=WINDOW
import numpy as np
from numba import cuda


@cuda.jit
def warp_sum(x, out):
    acc = np.float32(0.0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    offset = 16
    while offset > 0:
        acc += cuda.shfl_down_sync(0xFFFFFFFF, acc, offset)
        offset //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(out, 0, acc)


@cuda.jit
def window_sums(x, out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        s = np.float32(0.0)
        for k in range(4):
            s += x[4 * i + k]
        out[i] = s

# IR: br i1 {{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
# IR: ![[LOOP]] = distinct !{![[LOOP]], {{.*}}![[HINT:[0-9]+]]
# IR: ![[HINT]] = !{!"llvm.loop.unroll.runtime.disable"

# The grid-stride loop: one load, no unrolled copies.
# PTX: ld.global.f32
# PTX-NOT: ld.global
# PTX: shfl.sync.down.b32{{.*}}, 16, 31, -1
# PTX: shfl.sync.down.b32{{.*}}, 8, 31, -1
# PTX: shfl.sync.down.b32{{.*}}, 4, 31, -1
# PTX: shfl.sync.down.b32{{.*}}, 2, 31, -1
# PTX: shfl.sync.down.b32{{.*}}, 1, 31, -1

# At most 32 registers: 2,048 threads fit on an SM (64K registers).
# REGS: Used {{([0-9]|[12][0-9]|3[0-2])}} registers

# The inner loop's four loads, unrolled in the outer loop's one block.
# WINDOW: ld.global.f32 {{.*}}[[[ADDR:%rd[0-9]+]]];
# WINDOW-NOT: {{^}}$L__BB
# WINDOW: ld.global.f32 {{.*}}[[[ADDR]]+4];
# WINDOW-NOT: {{^}}$L__BB
# WINDOW: ld.global.f32 {{.*}}[[[ADDR]]+8];
# WINDOW-NOT: {{^}}$L__BB
# WINDOW: ld.global.f32 {{.*}}[[[ADDR]]+12];
# WINDOW-NOT: {{^}}$L__BB
# WINDOW: bra
