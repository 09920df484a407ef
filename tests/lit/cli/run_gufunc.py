# `ujit run` of @guvectorize gufuncs: the course's l2_norm on a (4, 3) array, a broadcast
# batch_matrix_mult on every target (cuda falls back to the CPU with a note where no
# device is usable), several outputs saved with --save DIR as DIR/PARAM.npy, a 0-d
# result printed, and the usage errors. Results checked with NumPy.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/v.npy', np.arange(12, dtype=np.float32).reshape(4, 3)); np.save('%t/a.npy', np.arange(24, dtype=np.float32).reshape(6, 2, 2)); np.save('%t/b.npy', np.array([[1, 2], [3, 4]], dtype=np.float32))"
# RUN: %ujit run %s l2_norm %t/v.npy -o %t/norm.npy
# RUN: %python -c "import numpy as np; v = np.load('%t/v.npy'); r = np.load('%t/norm.npy'); assert r.dtype == np.float32 and r.shape == (4,), (r.dtype, r.shape); assert np.allclose(r, np.sqrt((v * v).sum(1)), rtol=1e-6), r"
# RUN: %ujit run %s batch_matrix_mult %t/a.npy %t/b.npy -o %t/mm.npy
# RUN: %ujit run %s batch_matrix_mult %t/a.npy %t/b.npy -o %t/mm_par.npy --target parallel
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s batch_matrix_mult %t/a.npy %t/b.npy -o %t/mm_cuda.npy --target cuda 2> %t/cuda.err
# RUN: FileCheck %s --check-prefix=NOTE --input-file %t/cuda.err
# RUN: %python -c "import numpy as np; a, b = np.load('%t/a.npy'), np.load('%t/b.npy'); [np.testing.assert_allclose(np.load('%t/' + f), a @ b, rtol=1e-6) for f in ('mm.npy', 'mm_par.npy', 'mm_cuda.npy')]"
# RUN: %ujit run %s mean_std %t/v.npy --save %t/ms
# RUN: %python -c "import numpy as np; v = np.load('%t/v.npy').astype(np.float64); np.testing.assert_allclose(np.load('%t/ms/mean.npy'), v.mean(1)); np.testing.assert_allclose(np.load('%t/ms/std.npy'), v.std(1))"
# RUN: %python -c "import numpy as np; np.save('%t/one.npy', np.array([3.0, 4.0]))"
# RUN: %ujit run %s l2_norm %t/one.npy | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit run %s mean_std %t/one.npy | FileCheck %s --check-prefix=TUPLE
# RUN: %expect-status 2 %ujit run %s mean_std %t/v.npy -o %t/x.npy 2>&1 | FileCheck %s --check-prefix=TWO-OUT
# RUN: %expect-status 2 %ujit run %s l2_norm %t/v.npy 2>&1 | FileCheck %s --check-prefix=NO-OUT
# RUN: %expect-status 1 %ujit run %s batch_matrix_mult %t/v.npy %t/a.npy -o %t/x.npy 2>&1 | FileCheck %s --check-prefix=MISMATCH
import math

from numba import guvectorize


@guvectorize(['void(float32[:], float32[:])', 'void(float64[:], float64[:])'], '(n)->()')
def l2_norm(x, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * x[i]
    out[0] = math.sqrt(acc)


@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)', target='cuda')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.0
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()')
def mean_std(x, mean, std):
    n = x.shape[0]
    s = 0.0
    for i in range(n):
        s += x[i]
    m = s / n
    v = 0.0
    for i in range(n):
        v += (x[i] - m) * (x[i] - m)
    mean[0] = m
    std[0] = math.sqrt(v / n)


# NOTE: ujit: note: no CUDA device ({{.*}}); running on the CPU
# SCALAR: {{^}}5.0{{$}}
# TUPLE: {{^}}(3.5, 0.5){{$}}
# TWO-OUT: error: 'mean_std' has 2 outputs: give --save DIR to write each as DIR/PARAM.npy
# NO-OUT: error: the result is an array: give -o OUT.npy to save it
# MISMATCH: error: gufunc 'batch_matrix_mult': core dimension 'n' is 3 in input 0 but 2 in input 1

