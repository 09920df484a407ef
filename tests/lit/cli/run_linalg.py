# np.linalg and a named ufunc through the CLI (the C++ API): `ujit run` reads the matrix from
# a .npy file; NumPy is the oracle for the determinant and the solve, and a singular matrix
# raises Numba's LinAlgError with its place.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([[4.0, 1.0], [2.0, 3.0]])); np.save('%t/s.npy', np.array([[1.0, 2.0], [2.0, 4.0]]))"
# RUN: %ujit run %s det %t/a.npy | FileCheck %s --check-prefix=DET
# RUN: %ujit run %s solve_sum %t/a.npy | FileCheck %s --check-prefix=SOLVE
# RUN: %python -c "import numpy as np; a = np.load('%t/a.npy'); print(np.linalg.det(a)); print(np.maximum(np.linalg.solve(a, np.array([1.0, 2.0])), 0.25).sum())" | FileCheck %s --check-prefix=ORACLE
# RUN: %expect-status 1 %ujit run %s det_inv %t/s.npy 2>&1 | FileCheck %s --check-prefix=SINGULAR
from numba import njit
import numpy as np


@njit
def det(a):
    return np.linalg.det(a)


@njit
def solve_sum(a):
    return np.maximum(np.linalg.solve(a, np.array([1.0, 2.0])), 0.25).sum()


@njit
def det_inv(a):
    return np.linalg.inv(a)


# DET: 10.000000000000002
# ORACLE: 10.000000000000002
# SOLVE: 0.85
# ORACLE: 0.85
# SINGULAR: LinAlgError: Matrix is singular to machine precision. (raised in det_inv at {{.*}}run_linalg.py:26:12)
