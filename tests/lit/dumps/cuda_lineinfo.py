# @cuda.jit(lineinfo=True) from the CLI: the PTX names this file and marks each statement's
# line and column (a line table, no DWARF sections); debug=True adds them (", debug" target).
# RUN: %ujit ptx %s scale --arch sm_90 --sig 'void(float32[:], float32)' | FileCheck %s
# RUN: %ujit ptx %s scale_debug --arch sm_80 --sig 'void(float32[:], float32)' | FileCheck %s --check-prefix=DEBUG
from numba import cuda


@cuda.jit(lineinfo=True)
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * k


@cuda.jit(debug=True, opt=False)
def scale_debug(a, k):
    i = cuda.grid(1)
    a[i] = a[i] * k


# CHECK: .target sm_90{{$}}
# CHECK: .loc [[FILE:[0-9]+]] 10 5
# CHECK: .loc [[FILE]] 12 9
# CHECK-NOT: .debug_info
# CHECK: .file [[FILE]] "{{.*}}cuda_lineinfo.py"
# DEBUG: .version 7.5
# DEBUG: .target sm_80, debug
# DEBUG: .loc {{[0-9]+}} 17 5
# DEBUG: .file {{[0-9]+}} "{{.*}}cuda_lineinfo.py"
# DEBUG: .section .debug_info
