# `ujit run` on a CUDA device: kernels launched with --launch over .npy arguments and saved
# with --save, ufuncs with -o, all checked with NumPy.
# REQUIRES: cuda-device
# RUN: rm -rf %t && mkdir -p %t
# RUN: %ujit --cuda-info | FileCheck %s --check-prefix=INFO
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); np.save('%t/x.npy', x); np.save('%t/y.npy', 2 * x); np.save('%t/out.npy', np.zeros(1000, dtype=np.float32)); np.save('%t/a.npy', np.arange(64 * 64, dtype=np.float32).reshape(64, 64)); np.save('%t/b.npy', np.zeros((64, 64), dtype=np.float32)); np.save('%t/c.npy', np.zeros((32, 32, 8), dtype=np.int64))"
#
# add_kernel (a grid-stride loop) over 1000 elements with fewer threads than elements;
# every array argument is saved under its parameter name.
# RUN: %ujit run %examples/add_kernel.py add_kernel %t/x.npy %t/y.npy %t/out.npy --launch 4,128 --save %t/add 2> %t/add.err
# RUN: %python -c "import sys; sys.exit(open('%t/add.err').read() != '')"
# RUN: %python -c "import numpy as np; x = np.arange(1000, dtype=np.float32); o = np.load('%t/add/out.npy'); assert o.dtype == np.float32 and o.shape == (1000,), (o.dtype, o.shape); assert (o == 3 * x).all(), o; assert (np.load('%t/add/x.npy') == x).all(); assert (np.load('%t/add/y.npy') == 2 * x).all()"
# The input files themselves are left alone.
# RUN: %python -c "import numpy as np; assert (np.load('%t/out.npy') == 0).all()"
# Without --save nothing is written, and a note says so.
# RUN: %ujit run %examples/add_kernel.py add_kernel %t/x.npy %t/y.npy %t/out.npy --launch 1,32 2>&1 | FileCheck %s --check-prefix=NOSAVE
#
# 2-D launch: tile_transpose with 32x32 tiles in shared memory, a 2x2 grid of them.
# RUN: %ujit run %examples/tile_transpose.py tile_transpose %t/a.npy %t/b.npy --launch 2x2,32x32 --save %t/tr
# RUN: %python -c "import numpy as np; a = np.arange(64 * 64, dtype=np.float32).reshape(64, 64); b = np.load('%t/tr/a_out.npy'); assert b.shape == (64, 64) and (b == a.T).all(), b; assert (np.load('%t/tr/a_in.npy') == a).all()"
#
# 3-D launch: each thread writes its cuda.grid(3) coordinates.
# RUN: %ujit run %s coords %t/c.npy --launch 4x4x2,8x8x4 --save %t/co
# RUN: %python -c "import numpy as np; c = np.load('%t/co/out.npy'); i, j, k = np.indices((32, 32, 8)); assert c.dtype == np.int64 and (c == i * 10000 + j * 100 + k).all(), c"
#
# Scalars are converted to the kernel's parameters; --sig converts the arguments first.
# RUN: %ujit run %s fill %t/out.npy 2.5 --launch 8,128 --save %t/fill
# RUN: %python -c "import numpy as np; a = np.load('%t/fill/a.npy'); assert a.dtype == np.float32 and (a == 2.5).all(), a"
# RUN: %ujit run %s fill %t/out.npy 3 --launch 8,128 --sig 'void(float64[::1], float64)' --save %t/fill64
# RUN: %python -c "import numpy as np; a = np.load('%t/fill64/a.npy'); assert a.dtype == np.float64 and (a == 3).all(), a"
#
# The device's limits are checked before the launch.
# RUN: %expect-status 1 %ujit run %examples/add_kernel.py add_kernel %t/x.npy %t/y.npy %t/out.npy --launch 1,2048 2>&1 | FileCheck %s --check-prefix=LIMIT
#
# Ufuncs on the GPU: a CUDA ufunc, and a CPU one with --target cuda; no note.
# RUN: %ujit run %examples/add_ufunc.py add_ufunc %t/x.npy %t/y.npy -o %t/add_ufunc.npy 2> %t/ufunc.err
# RUN: %python -c "import sys; sys.exit(open('%t/ufunc.err').read() != '')"
# RUN: %python -c "import numpy as np; r = np.load('%t/add_ufunc.npy'); assert r.dtype == np.float32 and (r == 3 * np.arange(1000)).all(), r"
# RUN: %ujit run %s axpy %t/a.npy 1.5 --target cuda -o %t/axpy.npy 2> %t/axpy.err
# RUN: %python -c "import sys; sys.exit(open('%t/axpy.err').read() != '')"
# RUN: %python -c "import numpy as np; a = np.arange(64 * 64, dtype=np.float32).reshape(64, 64); r = np.load('%t/axpy.npy'); assert r.dtype == np.float32 and r.shape == (64, 64) and (r == 2 * a + 1.5).all(), r"
# RUN: %ujit run %examples/add_ufunc.py add_ufunc 1.5 2.0 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit run %examples/polar_distance_cuda.py polar_distance 1.0 0.0 1.0 3.141592653589793 | FileCheck %s --check-prefix=POLAR
import numpy as np
from numba import cuda, vectorize


@cuda.jit
def coords(out):
    i, j, k = cuda.grid(3)
    if i < out.shape[0] and j < out.shape[1] and k < out.shape[2]:
        out[i, j, k] = i * 10000 + j * 100 + k


@cuda.jit
def fill(a, value):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, a.shape[0], stride):
        a[i] = value


@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def axpy(x, y):
    return 2 * x + y


# INFO: cuda: available: driver API {{[0-9]+}}.{{[0-9]+}}, {{[1-9][0-9]*}} device
# INFO-NEXT: 0: {{.+}}, sm_{{[0-9]+}}, {{[0-9]+}} SMs
# NOSAVE: ujit: note: the array arguments were not saved (give --save DIR to write them)
# LIMIT: ujit: error: cannot launch kernel '{{[^']*}}add_kernel{{[^']*}}': block (2048, 1, 1): dimension x exceeds the device's limit of 1024
# SCALAR: {{^}}3.5{{$}}
# POLAR: {{^}}2.0{{$}}
