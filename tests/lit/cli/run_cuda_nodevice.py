# `ujit run` of CUDA code where no CUDA device is usable (UJIT_DISABLE_CUDA=1 stands in for
# a machine without a driver or GPU): a @vectorize ufunc runs on the CPU after a note; so
# does a @cuda.jit kernel, compiled for the CPU (run_kernel_cpu.py tests that path further).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/y.npy', np.array([10, 20, 30], dtype=np.float32)); np.save('%t/z.npy', np.zeros(6, dtype=np.float32)); np.save('%t/i.npy', np.arange(3, dtype=np.int16))"
#
# RUN: env UJIT_DISABLE_CUDA=1 %ujit --cuda-info | FileCheck %s --check-prefix=INFO
#
# A CUDA ufunc (target='cuda' in its decorator) without --target, then a CPU ufunc with
# --target cuda: the same results as on the CPU, and the note.
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %examples/add_ufunc.py add_ufunc %t/x.npy %t/y.npy -o %t/add.npy 2> %t/add.err
# RUN: FileCheck %s --check-prefix=NOTE --input-file %t/add.err
# RUN: %python -c "import numpy as np; r = np.load('%t/add.npy'); assert r.dtype == np.float32 and r.shape == (2, 3), (r.dtype, r.shape); assert (r == np.arange(6).reshape(2, 3) + [10, 20, 30]).all(), r"
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s axpy %t/x.npy 1.5 --target cuda -o %t/axpy.npy 2> %t/axpy.err
# RUN: FileCheck %s --check-prefix=NOTE --input-file %t/axpy.err
# RUN: %python -c "import numpy as np; r = np.load('%t/axpy.npy'); assert r.dtype == np.float32, r.dtype; assert (r == 2 * np.arange(6).reshape(2, 3) + 1.5).all(), r"
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s axpy %t/i.npy 1 --target cuda --sig 'float64(float64, float64)' -o %t/axpy64.npy 2> %t/axpy64.err
# RUN: %python -c "import numpy as np; r = np.load('%t/axpy64.npy'); assert r.dtype == np.float64, r.dtype; assert (r == [1, 3, 5]).all(), r"
# Scalars in, a scalar out, printed; the note goes to stderr only.
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %examples/add_ufunc.py add_ufunc 1.5 2.0 2> %t/scalar.err | FileCheck %s --check-prefix=SCALAR
# RUN: FileCheck %s --check-prefix=NOTE --input-file %t/scalar.err
# A CUDA ufunc calling a @cuda.jit(device=True) function, which CPU code cannot call (as in
# Numba), runs as its GPU loop compiled for the CPU; over arrays too.
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %examples/polar_distance_cuda.py polar_distance 1.0 0.0 1.0 3.141592653589793 2>&1 | FileCheck %s --check-prefix=POLAR
# RUN: %python -c "import numpy as np; np.save('%t/rho.npy', np.linspace(0.5, 2, 5000, dtype=np.float32)); np.save('%t/th.npy', np.linspace(-3, 3, 5000, dtype=np.float32))"
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %examples/polar_distance_cuda.py polar_distance %t/rho.npy %t/th.npy 1.0 0.5 -o %t/polar.npy
# RUN: %python -c "import numpy as np; r = np.load('%t/rho.npy').astype(np.float64); t = np.load('%t/th.npy').astype(np.float64); want = np.hypot(r * np.cos(t) - np.cos(0.5), r * np.sin(t) - np.sin(0.5)); got = np.load('%t/polar.npy'); assert got.dtype == np.float32 and got.shape == (5000,), got.dtype; assert np.allclose(got, want, rtol=1e-5, atol=1e-5), abs(got - want).max()"
# --target cpu runs a CUDA ufunc on the CPU without a note.
# RUN: %ujit run %examples/add_ufunc.py add_ufunc 1.5 2.0 --target cpu 2> %t/cpu.err | FileCheck %s --check-prefix=SCALAR
# RUN: %python -c "import sys; sys.exit(open('%t/cpu.err').read() != '')"
#
# Kernels run on the CPU after a note, once the command line is checked (status 2).
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s scale %t/z.npy 2.0 --launch 2,32 --save %t/saved 2>&1 | FileCheck %s --check-prefix=KERNEL
# RUN: %python -c "import numpy as np; r = np.load('%t/saved/a.npy'); assert r.dtype == np.float32 and (r == 0).all(), r"
# RUN: %expect-status 2 env UJIT_DISABLE_CUDA=1 %ujit run %s scale %t/z.npy 2.0 2>&1 | FileCheck %s --check-prefix=NOLAUNCH
# --sig converts the arguments first: a scalar where it wants an array is an error (1).
# RUN: %expect-status 1 env UJIT_DISABLE_CUDA=1 %ujit run %s scale 1.0 2.0 --launch 2,32 --sig 'void(float32[:], float32)' 2>&1 | FileCheck %s --check-prefix=SIG-SCALAR
# RUN: %expect-status 1 env UJIT_DISABLE_CUDA=1 %ujit run %s scale %t/x.npy 2.0 --launch 2,32 --sig 'void(float32[:], float32)' 2>&1 | FileCheck %s --check-prefix=SIG-NDIM
# A device function is not run.
# RUN: %expect-status 1 %ujit run %examples/polar_distance_cuda.py polar_to_cartesian 1.0 0.0 2>&1 | FileCheck %s --check-prefix=DEVICE
from numba import cuda, vectorize


@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def axpy(x, y):
    return 2 * x + y


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] *= factor


# INFO: cuda: unavailable: CUDA is disabled by UJIT_DISABLE_CUDA=1
# NOTE: ujit: note: no CUDA device (CUDA is disabled by UJIT_DISABLE_CUDA=1); running on the CPU
# NOTE-NOT: error
# SCALAR: {{^}}3.5{{$}}
# POLAR: ujit: note: no CUDA device (CUDA is disabled by UJIT_DISABLE_CUDA=1); running on the CPU
# POLAR-NOT: error
# POLAR: {{^}}2.0{{$}}
# KERNEL: ujit: note: no CUDA device (CUDA is disabled by UJIT_DISABLE_CUDA=1); running the kernel on the CPU
# KERNEL-NOT: error
# NOLAUNCH: ujit: error: 'scale' is a @cuda.jit kernel: give its launch configuration with --launch GRID,BLOCK
# SIG-SCALAR: ujit: error: argument 1 must be an array (float32[:] in --sig), not 1.0
# SIG-NDIM: ujit: error: argument 1 is 1-d in --sig (float32[:]), the array given is 2-d
# DEVICE: ujit: error: 'polar_to_cartesian' is a CUDA device function, called from kernels and ufuncs
