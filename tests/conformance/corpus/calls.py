# Calls between functions of the module: helpers typed per call site (an int call and a
# float call of the same helper), several levels deep, with tuple results and early returns.
from numba import njit


@njit
def square(x):
    return x * x


@njit
def twice(x):
    return x + x


@njit
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


# cases: (3, 4), (-3, 0)
@njit
def sum_of_squares(a, b):
    return square(a) + square(b)


# The same helper called with an int and with a float.
# cases: (3, 1.5)
@njit
def twice_both(n, x):
    return twice(n), twice(x)


# cases: (-5, 0, 10), (5, 0, 10), (15, 0, 10)
@njit
def clamp_int(x, lo, hi):
    return clamp(x, lo, hi)


# cases: (-0.5, 0.0, 1.0), (1.5, 0.0, 1.0), (3.25, 0.0, 10.0)
@njit
def clamp_float(x, lo, hi):
    return clamp(x, lo, hi)


@njit
def poly(x):
    return square(twice(x)) - twice(square(x))


# Three levels deep.
# cases: 3, -2, 0
@njit
def poly_call(x):
    return poly(x) + poly(x + 1)


@njit
def is_even(n):
    return n % 2 == 0


# cases: 10, 25
@njit
def count_even(n):
    c = 0
    for i in range(n):
        if is_even(i):
            c += 1
    return c


@njit
def divmod_helper(a, b):
    return a // b, a % b


# cases: (17, 5), (-17, 5)
@njit
def use_tuple_helper(a, b):
    q, r = divmod_helper(a, b)
    return q * 1000 + r


@njit
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


# cases: (4, 6), (21, 6), (7, 13)
@njit
def lcm(a, b):
    return a // gcd(a, b) * b


# A helper called with its result as its own argument.
# cases: 2, 3
@njit
def nested_calls(x):
    return square(square(square(x)))


@njit
def mean3(a, b, c):
    return (a + b + c) / 3


# Int arguments, float result.
# cases: (1, 2, 3), (1, 2, 4)
@njit
def mean_call(a, b, c):
    return mean3(a, b, c)
