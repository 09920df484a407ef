# Division by zero raises ZeroDivisionError on the CPU, as in CPython and Numba: integer
# and float //, %, / and divmod, also from inside a helper and a loop. The call fails;
# the caller gets the error, and the next call works again.
from numba import njit


# raises: ZeroDivisionError
# cases: (7, 0), (-7, 0), (0, 0)
@njit
def int_floordiv(a, b):
    return a // b


# raises: ZeroDivisionError
# cases: (7, 0), (0, 0)
@njit
def int_mod(a, b):
    return a % b


# raises: ZeroDivisionError
# cases: (7, 0)
@njit
def int_truediv(a, b):
    return a / b


# raises: ZeroDivisionError
# cases: (7, 0)
@njit
def int_divmod(a, b):
    return divmod(a, b)


# raises: ZeroDivisionError
# cases: (1.0, 0.0), (1.0, -0.0), (0.0, 0.0), (-1.0, 0.0)
@njit
def float_div(a, b):
    return a / b


# raises: ZeroDivisionError
# cases: (7.5, 0.0), (-7.5, -0.0)
@njit
def float_floordiv(a, b):
    return a // b


# raises: ZeroDivisionError
# cases: (7.5, 0.0)
@njit
def float_mod(a, b):
    return a % b


@njit
def ratio(a, b):
    return a // b


# The error leaves a helper and a loop.
# raises: ZeroDivisionError
# cases: (10, 3), (10, 5)
@njit
def sum_of_ratios(n, k):
    s = 0
    for i in range(n):
        s += ratio(100, k - i)
    return s


# The same function without a zero divisor returns normally.
# cases: (10, 20), (3, -1)
@njit
def sum_of_ratios_ok(n, k):
    s = 0
    for i in range(n):
        s += ratio(100, k - i)
    return s
