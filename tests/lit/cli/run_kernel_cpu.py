# `ujit run --target cpu` of @cuda.jit kernels: compiled for the CPU (not interpreted),
# run on the .npy arguments, saved with --save, checked with NumPy. No GPU needed; with
# one, --target cpu still runs on the CPU (and says nothing on stderr).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); np.save('%t/x.npy', x); np.save('%t/y.npy', 2 * x); np.save('%t/out.npy', np.zeros(1000, dtype=np.float32)); np.save('%t/a.npy', np.arange(96 * 64, dtype=np.float32).reshape(96, 64)); np.save('%t/b.npy', np.zeros((64, 96), dtype=np.float32)); np.save('%t/c.npy', np.zeros((32, 32, 8), dtype=np.int64)); np.save('%t/v.npy', np.arange(512, dtype=np.int64) % 7)"
#
# add_kernel: a grid-stride loop over 1000 elements with fewer threads than elements.
# RUN: %ujit run %examples/add_kernel.py add_kernel %t/x.npy %t/y.npy %t/out.npy --launch 4,128 --target cpu --save %t/add 2> %t/add.err
# RUN: %python -c "import sys; sys.exit(open('%t/add.err').read() != '')"
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); o = np.load('%t/add/out.npy'); assert o.dtype == np.float32 and (o == 3 * x).all(), o"
#
# tile_transpose: 32x32 tiles through shared memory and a barrier, a 2x3 grid of them.
# RUN: %ujit run %examples/tile_transpose.py tile_transpose %t/a.npy %t/b.npy --launch 2x3,32x32 --target cpu --save %t/tr
# RUN: %python -c "import numpy as np; a = np.arange(96 * 64, dtype=np.float32).reshape(96, 64); b = np.load('%t/tr/a_out.npy'); assert (b == a.T).all(), b"
#
# A 3-D launch: each thread writes its cuda.grid(3) coordinates.
# RUN: %ujit run %s coords %t/c.npy --launch 4x4x2,8x8x4 --target cpu --save %t/co
# RUN: %python -c "import numpy as np; c = np.load('%t/co/out.npy'); i, j, k = np.indices((32, 32, 8)); assert (c == i * 10000 + j * 100 + k).all(), c"
#
# A block-wide sum with syncthreads in a loop, one partial sum per block.
# RUN: %ujit run %s block_sum %t/v.npy %t/out.npy --launch 4,128 --target cpu --sig 'void(int64[:], float32[:])' --save %t/bs
# RUN: %python -c "import numpy as np; v = np.arange(512) %% 7; o = np.load('%t/bs/partial.npy'); assert (o[:4] == v.reshape(4, 128).sum(axis=1)).all(), o[:4]"
#
# print from a kernel: one line per thread (the order of blocks is not fixed; sorted here).
# RUN: %ujit run %s hello --launch 2,3 --target cpu | sort | FileCheck %s --check-prefix=PRINT
#
# --boundscheck: an index out of range is an IndexError naming the kernel, thread, block
# and line (exit status 1), not a silent write past the array.
# RUN: %expect-status 1 %ujit run %s off_by_one %t/out.npy --launch 8,128 --boundscheck 2>&1 | FileCheck %s --check-prefix=OOB
#
# --target parallel is not for kernels.
# RUN: %expect-status 2 %ujit run %s hello --launch 1,1 --target parallel 2>&1 | FileCheck %s --check-prefix=PARALLEL
#
# A raise in a debug=True kernel: the launch fails with numba-cuda's exception (the thread
# z first); without debug the raising threads just end (the kernel returns normally).
# RUN: %expect-status 1 %ujit run %s picky %t/out.npy --launch 2,64 --target cpu 2>&1 | FileCheck %s --check-prefix=RAISE
# RUN: %ujit run %s quiet_picky %t/out.npy --launch 2,64 --target cpu --save %t/qp
# RUN: %python -c "import numpy as np; o = np.load('%t/qp/out.npy'); i = np.arange(128); assert (o[:128] == np.where(i == 100, 0, i)).all(), o[:128]"
import numba
from numba import cuda


@cuda.jit
def coords(out):
    i, j, k = cuda.grid(3)
    out[i, j, k] = i * 10000 + j * 100 + k


@cuda.jit
def block_sum(v, partial):
    sm = cuda.shared.array(128, numba.int64)
    t = cuda.threadIdx.x
    sm[t] = v[cuda.grid(1)]
    cuda.syncthreads()
    s = 64
    while s > 0:
        if t < s:
            sm[t] += sm[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = sm[0]


@cuda.jit
def hello():
    print("block", cuda.blockIdx.x, "thread", cuda.threadIdx.x, "of", cuda.blockDim.x)


@cuda.jit
def off_by_one(a):
    i = cuda.grid(1)
    if i <= a.shape[0]:
        a[i] = 1


# OOB: ujit: error: IndexError: index out of bounds (in off_by_one at {{.*}}run_kernel_cpu.py:[[#@LINE-3]]:9; kernel 'off_by_one', thread (104, 0, 0) of block (7, 0, 0))


@cuda.jit(debug=True, opt=False)
def picky(out):
    i = cuda.grid(1)
    if i == 100:
        raise ValueError("one hundred")
    out[i] = i


@cuda.jit
def quiet_picky(out):
    i = cuda.grid(1)
    if i == 100:
        raise ValueError("one hundred")
    out[i] = i


# RAISE: ujit: error: ValueError: In function 'picky', file {{.*}}run_kernel_cpu.py, line [[#@LINE-12]], tid=[0, 0, 36] ctaid=[0, 0, 1]: one hundred
# PRINT: block 0 thread 0 of 3
# PRINT-NEXT: block 0 thread 1 of 3
# PRINT-NEXT: block 0 thread 2 of 3
# PRINT-NEXT: block 1 thread 0 of 3
# PRINT-NEXT: block 1 thread 1 of 3
# PRINT-NEXT: block 1 thread 2 of 3
# PARALLEL: ujit: error: 'hello' is a @cuda.jit kernel: it runs on the target cuda or cpu
