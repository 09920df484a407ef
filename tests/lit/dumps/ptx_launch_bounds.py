# @cuda.jit(launch_bounds=(threads, min blocks per SM, max blocks per cluster)) as numba-cuda
# emits it: PTX performance-tuning directives on the kernel's entry, which ptxas accepts; a
# kernel without bounds carries none.
# RUN: %ujit ptx %s bounded --sig 'void(float32[::1])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s --check-prefix=BOUNDED < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: %ujit ptx %s free --sig 'void(float32[::1])' --arch sm_90 | FileCheck %s --check-prefix=FREE
from numba import cuda


@cuda.jit(launch_bounds=(256, 2, 4), shared_memory_carveout="MaxShared")
def bounded(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


@cuda.jit
def free(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


# BOUNDED: .entry {{.*}}bounded
# BOUNDED: .maxntid 256, 1, 1
# BOUNDED-NEXT: .minnctapersm 2
# BOUNDED-NEXT: .maxclusterrank 4
# FREE: .entry {{.*}}free
# FREE-NOT: .maxntid
# FREE-NOT: .minnctapersm
