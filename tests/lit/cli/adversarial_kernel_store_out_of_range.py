# Issue 24: a kernel storing far out of range killed the process on the host device; on the
# GPU the fault is an error naming the kernel. Now the same on the host (exit status 1, the
# GPU's words, the signal and the block).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.zeros(64, dtype=np.float32))"
# RUN: %expect-status 1 %ujit run %s k %t/out.npy --launch 4,16 --target cpu 2>&1 | FileCheck %s
# CHECK: error: CUDA error: kernel launch failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered); kernel 'k' faulted on the host device (SIGSEGV at address 0x{{[0-9a-f]+}} in block ({{[0-9]+}}, 0, 0))
from numba import cuda


@cuda.jit
def k(out):
    i = cuda.grid(1)
    out[i * 1000000] = 1.0
