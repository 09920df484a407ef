# A CUDA gufunc whose core function calls a @cuda.jit(device=True) function compiles to
# PTX (ptxas accepts it); where no CUDA device is usable `ujit run` cannot fall back to the
# CPU, and says why, with the CPU compile error above (exit status 1).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6.0).reshape(2, 3))"
# RUN: %ujit ptx %s sumsq --arch sm_90 > %t/k.ptx
# RUN: ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin
# RUN: env UJIT_DISABLE_CUDA=1 %expect-status 1 %ujit run %s sumsq %t/x.npy -o %t/y.npy 2>&1 | FileCheck %s
from numba import cuda, guvectorize


@cuda.jit(device=True)
def sq(x):
    return x * x


@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')
def sumsq(x, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += sq(x[i])
    out[0] = acc


# CHECK: ujit: note: no CUDA device ({{.*}}); running on the CPU
# CHECK: error: 'sq' is a CUDA device function and cannot be called from CPU code
# CHECK: ujit: error: CUDA is not available: {{.*}}; and the CPU fallback cannot compile 'sumsq' (above)
