# `ujit run` of CUDA kernels and ufuncs: bad command lines exit with status 2 and say what
# is wrong, with or without a GPU (the launch configuration is checked before anything is
# loaded, the kernel options before anything runs).
#
# --launch GRID,BLOCK: each of 1 to 3 dimensions joined by 'x', each from 1 to 2^32-1.
# RUN: %expect-status 2 %ujit run %s add --launch 256 2>&1 | FileCheck %s --check-prefix=NOCOMMA
# RUN: %expect-status 2 %ujit run %s add --launch 1,2,3 2>&1 | FileCheck %s --check-prefix=TWOCOMMAS
# RUN: %expect-status 2 %ujit run %s add --launch 2x2x2x2,8 2>&1 | FileCheck %s --check-prefix=FOURDIMS
# RUN: %expect-status 2 %ujit run %s add --launch 8,2x2x2x2 2>&1 | FileCheck %s --check-prefix=FOURBLOCK
# RUN: %expect-status 2 %ujit run %s add --launch 0,128 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: %expect-status 2 %ujit run %s add --launch 4,8x0 2>&1 | FileCheck %s --check-prefix=ZEROBLOCK
# RUN: %expect-status 2 %ujit run %s add --launch 32x,8 2>&1 | FileCheck %s --check-prefix=EMPTYDIM
# RUN: %expect-status 2 %ujit run %s add --launch ,128 2>&1 | FileCheck %s --check-prefix=NOGRID
# RUN: %expect-status 2 %ujit run %s add --launch 128, 2>&1 | FileCheck %s --check-prefix=NOBLOCK
# RUN: %expect-status 2 %ujit run %s add --launch a,128 2>&1 | FileCheck %s --check-prefix=LETTER
# RUN: %expect-status 2 %ujit run %s add --launch 32X32,8 2>&1 | FileCheck %s --check-prefix=UPPER
# RUN: %expect-status 2 %ujit run %s add --launch 4294967296,1 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: %expect-status 2 %ujit run %s add --launch -1,1 2>&1 | FileCheck %s --check-prefix=NEG
# The syntax is checked first: even a missing file gets the usage error.
# RUN: %expect-status 2 %ujit run %S/no_such_file.py add --launch 4x4x4x4,1 2>&1 | FileCheck %s --check-prefix=FOURDIMS2
#
# A kernel needs --launch, returns nothing (no -o), and runs on CUDA or the CPU.
# RUN: %expect-status 2 %ujit run %s add %t.x.npy %t.y.npy %t.out.npy 2>&1 | FileCheck %s --check-prefix=NOLAUNCH
# RUN: %expect-status 2 %ujit run %s add 1 2 3 --launch 1,32 -o %t.out.npy 2>&1 | FileCheck %s --check-prefix=KERNEL-O
# RUN: %expect-status 2 %ujit run %s add 1 2 3 --launch 1,32 --target parallel 2>&1 | FileCheck %s --check-prefix=KERNEL-CPU
# RUN: %expect-status 2 %ujit run %s add 1 2 3 --launch 1,32 --sig 'void(float32[:, ::1, :], float32[:], float32[:])' 2>&1 | FileCheck %s --check-prefix=BADSIG
# RUN: %expect-status 2 %ujit run %s add 1 2 3 --launch 1,32 --sig 'void(float32[:], float32[:])' 2>&1 | FileCheck %s --check-prefix=SIGCOUNT
# RUN: %expect-status 2 %ujit run %s add 1 2 3 --launch 1,32 --sig 'void(floot32[:], float32[:], float32[:])' 2>&1 | FileCheck %s --check-prefix=SIGTYPE
#
# --launch and --save are for kernels; --target cuda for kernels and ufuncs.
# RUN: %expect-status 2 %ujit run %s twice 1.0 --launch 1,32 2>&1 | FileCheck %s --check-prefix=UFUNC-LAUNCH
# RUN: %expect-status 2 %ujit run %s twice 1.0 --save %t.dir 2>&1 | FileCheck %s --check-prefix=UFUNC-SAVE
# RUN: %expect-status 2 %ujit run %s plain 1.0 --save %t.dir 2>&1 | FileCheck %s --check-prefix=PLAIN-SAVE
# RUN: %expect-status 2 %ujit run %s plain 1.0 --target cuda 2>&1 | FileCheck %s --check-prefix=PLAIN-CUDA
# RUN: %expect-status 2 %ujit run %s twice 1.0 --target gpu 2>&1 | FileCheck %s --check-prefix=UNKNOWN-TARGET
from numba import cuda, njit, vectorize


@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = x[i] + y[i]


@vectorize
def twice(x):
    return 2 * x


@njit
def plain(x):
    return x + 1


# NOCOMMA: ujit: error: --launch '256': expected GRID,BLOCK, each of 1 to 3 dimensions joined by 'x', e.g. 256,128 or 32x32,8x8 or 4x4x2,8x8x4
# NOCOMMA-NEXT: usage: ujit run FILE FUNC [ARG...]
# NOCOMMA-SAME: [--launch GRID,BLOCK] [--save DIR]
# NOCOMMA-NEXT: (see 'ujit help run')
# TWOCOMMAS: ujit: error: --launch '1,2,3': expected GRID,BLOCK, each of 1 to 3 dimensions
# FOURDIMS: ujit: error: --launch '2x2x2x2,8': the grid '2x2x2x2' has 4 dimensions; at most 3 (x, y, z)
# FOURBLOCK: ujit: error: --launch '8,2x2x2x2': the block '2x2x2x2' has 4 dimensions; at most 3 (x, y, z)
# ZERO: ujit: error: --launch '0,128': the grid dimension '0' is not an integer from 1 to 4294967295
# ZEROBLOCK: ujit: error: --launch '4,8x0': the block dimension '0' is not an integer from 1 to 4294967295
# EMPTYDIM: ujit: error: --launch '32x,8': the grid dimension '' is not an integer from 1 to 4294967295
# NOGRID: ujit: error: --launch ',128': the grid is missing; expected GRID,BLOCK
# NOBLOCK: ujit: error: --launch '128,': the block is missing; expected GRID,BLOCK
# LETTER: ujit: error: --launch 'a,128': the grid dimension 'a' is not an integer from 1 to 4294967295
# UPPER: ujit: error: --launch '32X32,8': the grid dimension '32X32' is not an integer from 1 to 4294967295
# BIG: ujit: error: --launch '4294967296,1': the grid dimension '4294967296' is not an integer from 1 to 4294967295
# NEG: ujit: error: --launch '-1,1': the grid dimension '-1' is not an integer from 1 to 4294967295
# FOURDIMS2: ujit: error: --launch '4x4x4x4,1': the grid '4x4x4x4' has 4 dimensions; at most 3 (x, y, z)
# NOLAUNCH: ujit: error: 'add' is a @cuda.jit kernel: give its launch configuration with --launch GRID,BLOCK (e.g. --launch 256,128 or --launch 32x32,8x8)
# NOLAUNCH-NEXT: usage: ujit run
# KERNEL-O: ujit: error: 'add' is a kernel and returns nothing: save its array arguments with --save DIR
# KERNEL-CPU: ujit: error: 'add' is a @cuda.jit kernel: it runs on the target cuda or cpu
# BADSIG: ujit: error: --sig 'void(float32[:, ::1, :], float32[:], float32[:])': 'float32[:, ::1, :]': only the first or the last dimension may be '::1'
# SIGCOUNT: ujit: error: --sig has 2 argument(s) but 3 were given
# SIGTYPE: ujit: error: --sig 'void(floot32[:], float32[:], float32[:])': 'floot32[:]' is not a scalar or array type
# UFUNC-LAUNCH: ujit: error: --launch is for @cuda.jit kernels; 'twice' is a @vectorize ufunc
# UFUNC-SAVE: ujit: error: --save is for @cuda.jit kernels; 'twice' is a @vectorize ufunc
# PLAIN-SAVE: ujit: error: --save is for @cuda.jit kernels; 'plain' is a CPU function
# PLAIN-CUDA: ujit: error: --target cuda runs @cuda.jit kernels and @vectorize ufuncs; 'plain' is a CPU function (--target cpu or parallel)
# UNKNOWN-TARGET: ujit: error: unknown target 'gpu' (expected cpu, parallel or cuda)
