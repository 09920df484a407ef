# error_model= takes 'python' (the default: ZeroDivisionError) or 'numpy'.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:19 {{'error_model=' expects 'python' or 'numpy'}}
@njit(error_model="bogus")
def bad(a):
    return a
