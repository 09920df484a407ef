# Issue 24: blockIdx read into a local before a grid-stride loop; CUDA gives element i the
# block that owns it (0,0,0,0,1,1,1,1,... for [2, 4]); the CPU's rewrite gave 32 zeros then
# 32 ones.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.full(64, -1, dtype=np.int64))"
# RUN: %ujit run %s k %t/out.npy --launch 2,4 --target cpu --save %t/r
# RUN: %python -c "import numpy as np; o = np.load('%t/r/out.npy'); assert o.tolist() == [(i %% 8) // 4 for i in range(64)], o"
from numba import cuda


@cuda.jit
def k(out):
    b = cuda.blockIdx.x
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = b
