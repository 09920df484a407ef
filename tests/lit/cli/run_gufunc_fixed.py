# `ujit run` of gufuncs with fixed-size core dimensions (NumPy's '(3),(3)->(3)'): the cross
# product on every target (cuda falls back to the CPU where no device is usable), a '(n,3)'
# core beside it, and the error when an operand's core is not the fixed size. Checked with
# NumPy.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.save('%t/a.npy', r.standard_normal((4, 3))); np.save('%t/b.npy', r.standard_normal((2, 1, 3))); np.save('%t/v.npy', r.standard_normal((5, 3))); np.save('%t/four.npy', np.ones((2, 4)))"
# RUN: %ujit run %s cross %t/a.npy %t/b.npy -o %t/c.npy
# RUN: %ujit run %s cross %t/a.npy %t/b.npy -o %t/c_par.npy --target parallel
# RUN: env UJIT_DISABLE_CUDA=1 %ujit run %s cross %t/a.npy %t/b.npy -o %t/c_cuda.npy --target cuda 2> /dev/null
# RUN: %python -c "import numpy as np; a, b = np.load('%t/a.npy'), np.load('%t/b.npy'); [np.testing.assert_allclose(np.load('%t/' + f), np.cross(a, b), rtol=1e-14) for f in ('c.npy', 'c_par.npy', 'c_cuda.npy')]"
# RUN: %ujit run %s total_length %t/v.npy > %t/total.txt
# RUN: %python -c "import numpy as np; v = np.load('%t/v.npy'); got = float(open('%t/total.txt').read()); assert abs(got - np.sqrt((v * v).sum(1)).sum()) < 1e-12, got"
# RUN: %expect-status 1 %ujit run %s cross %t/a.npy %t/four.npy -o %t/x.npy 2>&1 | FileCheck %s --check-prefix=FIXED
import math

from numba import guvectorize


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(3),(3)->(3)', target='cuda')
def cross(a, b, out):
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


@guvectorize(['void(float64[:,:], float64[:])'], '(n, 3) -> ()')
def total_length(v, out):
    acc = 0.0
    for i in range(v.shape[0]):
        acc += math.sqrt(v[i, 0] * v[i, 0] + v[i, 1] * v[i, 1] + v[i, 2] * v[i, 2])
    out[0] = acc

# FIXED: gufunc 'cross': core dimension 1 of (3) in input 1 is 4 but the layout fixes it at 3
