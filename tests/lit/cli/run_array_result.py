# `ujit run` of a function that returns an array (issue 18, item 1): -o writes it as .npy,
# and without -o it prints as Python's print(result) does with NumPy (NumPy's str of the
# array, its repr inside a tuple); print(a) inside compiled code prints the same, as in
# Numba. NumPy is the oracle for every case (Inputs/array_print_oracle.py).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/array_print_oracle.py %ujit %s %t | FileCheck %s --check-prefix=ORACLE
# RUN: %python -c "import numpy as np; np.save('%t/m.npy', np.arange(12.0).reshape(3, 4))"
# RUN: %ujit run %s corner %t/m.npy -o %t/out.npy
# RUN: %python -c "import numpy as np; r = np.load('%t/out.npy'); m = np.arange(12.0).reshape(3, 4); assert r.dtype == m.dtype and (r == m[1:, ::-2]).all(), r"
# RUN: %ujit run %s corner %t/m.npy | FileCheck %s --check-prefix=CORNER
from numba import njit


@njit
def same(a):
    return a


@njit
def pair(a):
    return a, a.ndim


@njit
def show(a):
    print(a)


@njit
def corner(m):
    return m[1:, ::-2]


# ORACLE: 67 cases, 0 mismatches
# CORNER:      {{^}}{{\[\[}} 7.  5.]{{$}}
# CORNER-NEXT: {{^}} [11.  9.]]{{$}}
