# Issue 24 item 12, from the command line: a 0-d array (np.array(3.5), Numba's
# array(float64, 0d, C)) was refused ("arrays of 0 dimensions are not supported"); a[()]
# is its element, read and written, as in Numba; of a 1-D array, a[()] is the array itself
# (a view), as in NumPy.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/x0.npy', np.array(3.5)); np.save('%t/x1.npy', np.arange(3.0))"
# RUN: %ujit run %s get %t/x0.npy | FileCheck %s --check-prefix=GET
# RUN: %ujit run %s twice_after_put %t/x0.npy 2.0 | FileCheck %s --check-prefix=PUT
# RUN: %ujit types %s get --sig 'float64(array(float64, 0d, C))' | FileCheck %s --check-prefix=TYPES
# RUN: %ujit run %s second_of_view %t/x1.npy | FileCheck %s --check-prefix=ONE-D
from numba import njit


@njit
def get(a):
    return a[()]


@njit
def second_of_view(a):
    return a[()][1]


@njit
def twice_after_put(a, v):
    a[()] = v
    return a[()] * 2


# GET: {{^}}3.5{{$}}
# PUT: {{^}}4.0{{$}}
# TYPES: get (array(float64, 0d, C)) -> float64
# ONE-D: {{^}}1.0{{$}}
