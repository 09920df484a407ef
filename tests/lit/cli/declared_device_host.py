# A kernel calling a CUDA C++ device function (cuda.declare_device) cannot run on the host
# device: `ujit run --target cpu` says so at the call, naming the kernel; `ujit ptx` shows the
# call of the declared symbol, and with --cubin writes what a GPU would load (linked here).
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: printf 'extern "C" __device__ int times2(int* out, int a) { *out = 2 * a; return 0; }\n' > functions.cu
# RUN: %python -c "import numpy as np; np.save('x.npy', np.arange(4, dtype=np.int32)); np.save('r.npy', np.zeros(4, np.int32))"
# RUN: not %ujit run %s k r.npy x.npy --launch 1,32 --target cpu 2>&1 | FileCheck %s --check-prefix=CPU
# CPU: declared_device_host.py:24:16: error: 'k' calls 'times2', a CUDA C++ device function (cuda.declare_device), and CUDA C++ runs only on a GPU
# RUN: %ujit ptx %s k | FileCheck %s --check-prefix=PTX
# PTX: .extern .func  (.param .b32 func_retval0) times2
# PTX: call.uni
# RUN: %ujit ptx %s k --arch sm_90 --cubin k.cubin | FileCheck %s --check-prefix=CUBIN
# CUBIN: // wrote k.cubin ({{[0-9]+}} bytes): none(array(int32, 1d, C), array(int32, 1d, C)) linked with its link= files
# RUN: %python -c "import sys; sys.exit(open('k.cubin', 'rb').read(4)[1:] != b'ELF')"
from numba import cuda

times2 = cuda.declare_device("times2", "int32(int32)", link=["functions.cu"])


@cuda.jit("void(int32[::1], int32[::1])")
def k(r, x):
    i = cuda.grid(1)
    if i < r.shape[0]:
        r[i] = times2(x[i])
