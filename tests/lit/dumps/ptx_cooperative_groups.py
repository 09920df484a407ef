# cuda.cg lowers as numba-cuda lowers it, to calls into CUDA's device runtime: this_grid() is
# cudaCGGetIntrinsicHandle(1) (cudaCGScopeGrid), g.sync() is cudaCGSynchronize(handle, 0), in
# the loop where the source has it. The PTX assembles as relocatable code (the two functions are
# external until the link), and --cubin links it with libcudadevrt.a through nvJitLink, no GPU
# needed. `ujit types` names the group's type GridGroup and sync()'s result int32, as Numba does.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %ujit ptx %s sequential_rows --arch sm_90 --sig 'void(int32[:, ::1])' > rows.ptx
# RUN: FileCheck %s < rows.ptx
# RUN: ptxas -arch=sm_90 -c rows.ptx -o rows.o
# RUN: %ujit ptx %s sequential_rows --arch sm_90 --sig 'void(int32[:, ::1])' --cubin rows.cubin | FileCheck %s --check-prefix=CUBIN
# CUBIN: // wrote rows.cubin ({{[0-9]+}} bytes): none(array(int32, 2d, C)) linked with its link= files and CUDA's device runtime (cuda.cg)
# RUN: %python -c "import sys; sys.exit(open('rows.cubin', 'rb').read(4)[1:] != b'ELF')"
# RUN: %ujit types %s sequential_rows --sig 'void(int32[:, ::1])' | FileCheck %s --check-prefix=TYPES
from numba import cuda


@cuda.jit
def sequential_rows(m):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, m.shape[0]):
        m[row, col] = m[row - 1, m.shape[1] - col - 1] + 1
        status = g.sync()


# CHECK: .extern .func  (.param .b64 func_retval0) cudaCGGetIntrinsicHandle
# CHECK: .extern .func  (.param .b32 func_retval0) cudaCGSynchronize
# CHECK: .entry {{.*}}sequential_rows
# CHECK: cudaCGGetIntrinsicHandle
# CHECK: $L__BB{{.*}}:
# CHECK: cudaCGSynchronize
# CHECK: bra $L__BB
# TYPES: #   g = GridGroup
# TYPES: #   status = int32
