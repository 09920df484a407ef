# nplib6's functions through the CLI (the C++ API): np.histogram's (counts, edges) tuple and an
# Ellipsis-indexed store and view print as NumPy prints the same values (NumPy is the oracle),
# and np.cross of 5-vectors raises Numba's ValueError with its place.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([1.0, 2.0, 2.5, 4.0, 7.0])); np.save('%t/m.npy', np.arange(6.0).reshape(3, 2))"
# RUN: %ujit run %s hist %t/a.npy | FileCheck %s --check-prefix=HIST
# RUN: %ujit run %s channels %t/m.npy | FileCheck %s --check-prefix=CHAN
# RUN: %python -c "import numpy as np; print(np.histogram(np.load('%t/a.npy'), 4)); m = np.load('%t/m.npy'); m[..., 0] = np.nansum(m[..., 1]); print(m[1, ...])" | FileCheck %s --check-prefixes=HIST,CHAN
# RUN: %expect-status 1 %ujit run %s bad_cross %t/a.npy 2>&1 | FileCheck %s --check-prefix=CROSS
from numba import njit
import numpy as np


@njit
def hist(a):
    return np.histogram(a, 4)


@njit
def channels(m):
    m[..., 0] = np.nansum(m[..., 1])
    return m[1, ...]


@njit
def bad_cross(a):
    return np.cross(a, a)


# HIST: (array([2, 1, 1, 1]), array([1. , 2.5, 4. , 5.5, 7. ]))
# CHAN: [9. 3.]
# CROSS: ValueError: Incompatible dimensions for cross product
# CROSS-NEXT: (dimension must be 2 or 3) (raised in bad_cross at {{.*}}run_summary.py:27:12)
