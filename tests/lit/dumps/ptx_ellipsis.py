# Ellipsis indexing inside a CUDA kernel (nplib6): `img[i, ...]` and `img[..., 0]` are views
# of the kernel argument and `img[i, ..., 1] = v` stores through one, with no allocation (no
# NRT call in the PTX), and ptxas accepts it.
# RUN: %ujit ptx %s first_channel --sig 'void(float64[:, :, :], float64[:])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda


@cuda.jit
def first_channel(img, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        row = img[i, ...]
        plane = img[..., 0]
        out[i] = row[0, 1] + plane[i, 0]
        img[i, ..., 1] = 2.0


# CHECK: .entry
# CHECK-NOT: NRT_
# CHECK-NOT: ujit_nrt
# CHECK: st.global.f64
