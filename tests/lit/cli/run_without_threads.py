# A process that cannot start threads (a container at its pids limit) still runs parallel
# code: the thread pool works with the workers it got, here none. A pool that could not start
# its workers used to hang in its constructor.
# RUN: rm -rf %t && mkdir -p %t && chmod 777 %t
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.zeros(24 * 64, dtype=np.int64))"
# RUN: chmod 666 %t/out.npy
# RUN: env UJIT_CACHE_DIR=%t/cache NUMBA_NUM_THREADS=16 %no-new-threads %ujit run %s squares 100000 | FileCheck %s --check-prefix=SUM
# RUN: env UJIT_CACHE_DIR=%t/cache NUMBA_NUM_THREADS=16 %no-new-threads %ujit run %s fill %t/out.npy --launch 24,64 --target cpu --save %t/grid
# RUN: %python -c "import numpy as np, os; p = '%t/grid/out.npy'; assert not os.path.exists(p) or (np.load(p) == np.arange(24 * 64)).all()"
from numba import cuda, njit, prange


@njit(parallel=True)
def squares(n):
    s = 0
    for i in prange(n):
        s += i * i
    return s


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = i


# SUM: {{^(SKIP.*|333328333350000)$}}
