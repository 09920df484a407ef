# Issue 24: Ctrl-C did not stop a kernel running on the host device (still running 60 s
# after SIGINT). Now the launch stops between blocks: exit status 1 and KeyboardInterrupt.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/out.npy', np.zeros(1000 * 256))"
# RUN: %python %S/Inputs/interrupt_after.py 3 30 %ujit run %s spin %t/out.npy --launch 1000,256 --target cpu 2>&1 | FileCheck %s
# CHECK: error: KeyboardInterrupt: kernel 'spin' interrupted by SIGINT on the host device
# CHECK: exit status 1 within the limit
from numba import cuda


@cuda.jit
def spin(out):
    i = cuda.grid(1)
    acc = 0.0
    for k in range(2000000):
        acc += k * 0.5
    out[i] = acc
