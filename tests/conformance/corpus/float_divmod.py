# Float // and % follow Python: the quotient is floored, the remainder takes the divisor's
# sign, and zeros keep the sign Python gives them. (math.fmod, C's remainder with the
# dividend's sign, is not in Numba's nopython math module, so not in the corpus.)
import math
from numba import njit


# cases: (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (6.0, 3.0), (-6.0, 3.0), (0.0, 5.0), (-0.0, 5.0), (0.0, -5.0)
@njit
def float_floordiv(a, b):
    return a // b


# cases: (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (6.0, 3.0), (-6.0, 3.0), (0.0, -5.0), (-0.0, 5.0), (5.0, math.inf), (-5.0, math.inf), (0.1, 0.01)
@njit
def float_mod(a, b):
    return a % b


# cases: (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (-6.0, 3.0), (5.0, math.inf)
@njit
def float_divmod(a, b):
    return divmod(a, b)


# A float and an int: the int is converted, the result is a float.
# cases: (7.5, 2), (-7.5, 2), (7, 2.5), (-7, 2.5)
@njit
def mixed_floordiv_mod(a, b):
    return a // b, a % b


# cases: (-1.0, 3.0), (1.0, -3.0), (-2.5, 0.5)
@njit
def float_floordiv_zero_sign(a, b):
    # The quotient's zero is signed: copysign exposes it.
    q = (a - a) // b
    return math.copysign(1.0, q)


# cases: (10.0, 3.0), (-10.0, 3.0), (2.0, 0.75)
@njit
def float_mod_augmented(a, b):
    a %= b
    a //= 0.25
    return a
