# nplib7 through the CLI (the C++ API): np.linalg's factorizations, np.cov, np.kron and
# np.iinfo on a matrix read from a .npy file, NumPy the oracle; a matrix that is not positive
# definite raises Numba's LinAlgError with its place.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([[4.0, 1.0], [1.0, 3.0]])); np.save('%t/n.npy', np.array([[1.0, 2.0], [2.0, 1.0]]))"
# RUN: %ujit run %s summary %t/a.npy | FileCheck %s --check-prefix=SUMMARY
# RUN: %python -c "import numpy as np; a = np.load('%t/a.npy'); print((float(np.linalg.cholesky(a)[1, 1]), float(np.linalg.eigvalsh(a)[0]), float(np.cov(a)[0, 1]), float(np.kron(a, a).sum()), int(np.iinfo(np.int32).max)))" | FileCheck %s --check-prefix=SUMMARY
# RUN: %expect-status 1 %ujit run %s summary %t/n.npy 2>&1 | FileCheck %s --check-prefix=NOTPD
from numba import njit
import numpy as np


@njit
def summary(a):
    return (np.linalg.cholesky(a)[1, 1], np.linalg.eigvalsh(a)[0], np.cov(a)[0, 1], np.kron(a, a).sum(),
            np.iinfo(np.int32).max)


# SUMMARY: (1.6583123951777{{[0-9]*}}, 2.381966011250105{{[0-9]*}}, -3.0, 81.0, 2147483647)
# NOTPD: LinAlgError: Matrix is not positive definite. (raised in summary at {{.*}}run_linalg_decomp.py:15:13)
