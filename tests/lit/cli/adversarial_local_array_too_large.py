# Issue 24: a 16 MiB cuda.local.array crashed the host device (a plain stack allocation);
# the GPU refuses it at compile time (512 KiB of local memory per thread). Both targets now
# refuse it with a located error.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.zeros(4, dtype=np.float32))"
# RUN: %expect-status 1 %ujit run %s k %t/out.npy --launch 1,4 --target cpu 2>&1 | FileCheck %s
# RUN: %expect-status 1 %ujit ptx %s k --arch sm_90 --sig 'void(float32[:])' 2>&1 | FileCheck %s
# CHECK: adversarial_local_array_too_large.py:[[@LINE+7]]:26: error: cuda.local.array() of 16777216 bytes is too large: a thread's local memory holds at most 524288 bytes
import numba
from numba import cuda


@cuda.jit
def k(out):
    a = cuda.local.array(4 * 1024 * 1024, numba.float32)
    a[0] = 1.0
    out[0] = a[0]
