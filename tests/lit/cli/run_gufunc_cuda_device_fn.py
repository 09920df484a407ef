# A CUDA gufunc and a CUDA ufunc whose functions call a @cuda.jit(device=True) function
# compile to PTX (ptxas accepts it), and run on the CPU where no CUDA device is usable or
# with --target cpu/parallel: CUDA code compiled for the CPU may call device functions, as
# the Python package runs them on the host device (one CPU fallback for every way in).
# Plain CPU code calling a device function stays an error.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6.0).reshape(2, 3)); np.save('%t/a.npy', np.arange(3, dtype=np.float32))"
# RUN: %ujit ptx %s sumsq --arch sm_90 > %t/k.ptx
# RUN: ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s sumsq %t/x.npy -o %t/y.npy 2>&1 | FileCheck %s --check-prefix=NOTE
# RUN: %python -c "import numpy as np; assert np.load('%t/y.npy').tolist() == [5.0, 50.0]"
# RUN: %ujit run %s hyp %t/a.npy 4.0 --target cpu -o %t/h.npy
# RUN: %python -c "import numpy as np; assert np.allclose(np.load('%t/h.npy'), np.hypot(np.arange(3), 4))"
# RUN: %ujit run %s hyp 3.0 4.0 --target parallel | FileCheck %s --check-prefix=SCALAR
# RUN: %expect-status 1 %ujit run %s cpu_calls_device 2.0 2>&1 | FileCheck %s --check-prefix=CPU
import math

from numba import cuda, guvectorize, njit, vectorize


@cuda.jit(device=True)
def sq(x):
    return x * x


@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')
def sumsq(x, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += sq(x[i])
    out[0] = acc


@vectorize(['float32(float32, float32)'], target='cuda')
def hyp(a, b):
    return math.sqrt(sq(a) + sq(b))


@njit
def cpu_calls_device(x):
    return sq(x)


# NOTE: ujit: note: no CUDA device ({{.*}}); running on the CPU
# SCALAR: 5.0
# CPU: error: 'sq' is a CUDA device function and cannot be called from CPU code
