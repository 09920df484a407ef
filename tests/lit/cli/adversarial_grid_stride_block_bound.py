# Issue 24: a grid-stride loop whose bound depends on the block; the CPU's rewrite wrote some
# elements twice and skipped others. Each element must be visited as CUDA visits it.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/c.npy', np.zeros(64, dtype=np.int64))"
# RUN: %ujit run %s k %t/c.npy --launch 2,4 --target cpu --save %t/r
# RUN: %python -c "import numpy as np; c = np.load('%t/r/counts.npy'); e = np.zeros(64, np.int64); [e.__setitem__(i, e[i] + 1) for b in range(2) for t in range(4) for i in range(b * 4 + t, 64 - b * 8, 8)]; assert (c == e).all(), c"
from numba import cuda


@cuda.jit
def k(counts):
    for i in range(cuda.grid(1), counts.shape[0] - cuda.blockIdx.x * 8, cuda.gridsize(1)):
        cuda.atomic.add(counts, i, 1)
