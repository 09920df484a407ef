# The decorator's fastmath=True (or a set/dict of flag names) puts LLVM's `fast` flags on
# that function's float operations; an undecorated function keeps strict IEEE arithmetic.
# RUN: %ujit llvm %s fast_sum --sig 'float64(float64[:])' | FileCheck %s --check-prefix=FAST
# RUN: %ujit llvm %s flag_set --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=FAST
# RUN: %ujit llvm %s flag_dict --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=FAST
# RUN: %ujit llvm %s fast_ufunc --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=FAST
# RUN: %ujit llvm %s fast_gufunc --sig 'void(float64[:], float64[:])' | FileCheck %s --check-prefix=FAST
# RUN: %ujit llvm %s strict_sum --sig 'float64(float64[:])' | FileCheck %s --check-prefix=STRICT --implicit-check-not=' fast '
# RUN: %ujit llvm %s flag_dict_off --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=OFF --implicit-check-not=' fast '
import numba
from numba import guvectorize, jit, njit, vectorize


@njit(fastmath=True)
def fast_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@jit(nopython=True, fastmath={'nnan', 'ninf'})
def flag_set(x, y):
    return x / y + x


@numba.njit(fastmath={'reassoc': True, 'nsz': False})
def flag_dict(x, y):
    return x / y + x


@vectorize(['float64(float64, float64)'], fastmath=True)
def fast_ufunc(x, y):
    return x / y + x


@guvectorize(['void(float64[:], float64[:])'], '(n)->(n)', fastmath=True)
def fast_gufunc(x, out):
    for i in range(x.shape[0]):
        out[i] = x[i] / 3.0 + 1.0


@njit
def strict_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit(fastmath={'nnan': False})
def flag_dict_off(x, y):
    return x / y + x


# FAST: {{fadd|fdiv|fmul}} fast
# STRICT: define {{.*}}strict_sum
# STRICT: fadd double
# OFF: define {{.*}}flag_dict_off
# OFF: fdiv double
