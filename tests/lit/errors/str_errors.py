# Typing errors of str (Numba's unicode_type), each at its operand.
# verify-sig: index_by_float unicode_type(unicode_type, float64)
# verify-sig: unknown_method unicode_type(unicode_type)
# verify-sig: find_int int64(unicode_type)
# verify-sig: add_int unicode_type(unicode_type)
# verify-sig: too_many unicode_type(unicode_type)
# verify-sig: ord_int int64(int64)
# verify-sig: join_int unicode_type(unicode_type)
# RUN: %ujit check --verify %s
from numba import njit


@njit
def index_by_float(s, x):
    # expected-error@+1:14 {{string indices must be integers, not float64}}
    return s[x]


@njit
def unknown_method(s):
    # expected-error@+1:14 {{Unknown attribute 'frobnicate' of type unicode_type}}
    return s.frobnicate()


@njit
def find_int(s):
    # expected-error@+1:19 {{str.find() argument 1 must be str, not int64}}
    return s.find(1)


@njit
def add_int(s):
    # expected-error@+1:12 {{unsupported operand types for +: unicode_type and int64}}
    return s + 1


@njit
def too_many(s):
    # expected-error@+1:12 {{str.upper() takes 0 arguments (1 given)}}
    return s.upper("x")


@njit
def ord_int(n):
    # expected-error@+1:16 {{ord() of int64 is not supported}}
    return ord(n)


@njit
def join_int(s):
    # expected-error@+1:19 {{str.join() argument 1 must be a list or tuple of str, or a str, not int64}}
    return s.join(3)
