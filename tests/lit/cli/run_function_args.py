# Functions and number types as arguments on the command line, as Numba's dispatcher and
# NumberClass arguments from Python: a word that names a function of the file, or a number
# type (float32, np.int16, numba.float64), is passed as that compile-time value and the
# callee is specialized for it; the other words are Python literals as ever.
# RUN: %ujit run %s apply square 3.0 | FileCheck %s --check-prefix=SQUARE
# RUN: %ujit run %s apply halve 3 | FileCheck %s --check-prefix=HALVE
# RUN: %ujit run %s fold 4 halve 10.0 | FileCheck %s --check-prefix=FOLD
# RUN: %ujit run %s convert np.int16 -2.5 | FileCheck %s --check-prefix=INT16
# RUN: %ujit run %s convert float32 0.1 | FileCheck %s --check-prefix=FLOAT32
# RUN: %expect-status 2 %ujit run %s apply square 3.0 --sig '(float64)' 2>&1 | FileCheck %s --check-prefix=SIG
from numba import njit


@njit
def square(x):
    return x * x


@njit
def halve(x):
    return x / 2


@njit
def apply(f, x):
    return f(x)


@njit
def fold(n, f, acc):
    for i in range(n):
        acc = f(acc + i)
    return acc


@njit
def convert(ty, x):
    return ty(x) + ty(1)


# SQUARE: {{^}}9.0{{$}}
# HALVE: {{^}}1.5{{$}}
# FOLD: {{^}}2.75{{$}}
# INT16: {{^}}-1{{$}}
# FLOAT32: {{^}}1.100000023841858{{$}}
# SIG: --sig cannot name the type of a function or number type argument
