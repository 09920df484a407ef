# A second `def` of a name rebinds it, as in Python (a notebook turned into a script
# redefines a function to fix it): compiled callers and `ujit run` see the later one,
# and `ujit check` notes the earlier one as left to Python.
# RUN: %ujit run %s twice 2 | FileCheck %s --check-prefix=TWICE
# RUN: %ujit run %s caller 2 | FileCheck %s --check-prefix=CALLER
# RUN: %expect-status 0 %ujit check --verbose %s 2>&1 | FileCheck %s --check-prefix=CHECK
import ujit as numba  # the Python package's name stands for numba here too


@numba.njit
def twice(x):
    return x + 1


@numba.njit
def caller(x):
    return twice(x) * 10  # the global at call time: the later `twice`


@numba.njit("int64(int64)")
def twice(x):  # noqa: F811
    return x * 2


# TWICE: {{^}}4{{$}}
# CALLER: {{^}}40{{$}}
# CHECK: redefined_function.py:11:1: note: left to Python: function 'twice' is redefined at line 21: the later definition replaces it, as in Python
# CHECK: redefined_function.py: ok (2 functions, 1 signature compiled)
