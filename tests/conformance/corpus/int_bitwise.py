# Bitwise operators and shifts on int64, including negative operands (two's complement)
# and arithmetic right shifts that keep the sign. Shift counts stay in 0..63.
from numba import njit


# cases: (12, 10), (-12, 10), (-1, 255), (0, -1), (-9223372036854775808, -1)
@njit
def bit_and(a, b):
    return a & b


# cases: (12, 10), (-12, 10), (0, 0), (-9223372036854775808, 1)
@njit
def bit_or(a, b):
    return a | b


# cases: (12, 10), (-12, 10), (-1, -1), (5, -1)
@njit
def bit_xor(a, b):
    return a ^ b


# cases: 0, 5, -1, -6, 9223372036854775807, -9223372036854775808
@njit
def bit_not(a):
    return ~a


# cases: (1, 0), (1, 10), (3, 61), (-1, 5), (-5, 3)
@njit
def shl(a, b):
    return a << b


# Right shift of a negative number is arithmetic: the sign bit is copied in.
# cases: (1024, 3), (-1024, 3), (-1, 63), (-7, 1), (7, 1), (9223372036854775807, 62), (-9223372036854775808, 63)
@njit
def shr(a, b):
    return a >> b


# cases: 0, 1, 255, 256, 9223372036854775807, -1
@njit
def popcount(x):
    # Counts the bits of the 64-bit pattern: shift out of a non-negative copy.
    n = 0
    if x < 0:
        x = x & 9223372036854775807
        n = 1
    while x != 0:
        n += x & 1
        x >>= 1
    return n


# cases: 1, 2, 6, 40, 96, 1024
@njit
def lowest_set_bit(x):
    return x & -x


# cases: (0, 0), (1, 1), (0b1011, 2), (-1, 63)
@njit
def test_bit(x, k):
    return (x >> k) & 1 == 1


# Bitwise operators on booleans stay boolean.
# cases: (True, False), (True, True), (False, False)
@njit
def bool_bit_ops(a, b):
    return a & b, a | b, a ^ b


# cases: (5, 3), (-5, 3), (-20, 2)
@njit
def shift_mix(a, b):
    return ((a << b) >> 1) ^ (a >> b)


# cases: (0xF0F0, 0x0FF0), (-256, 0xFF)
@njit
def augmented_bitwise(a, b):
    a &= 0xFFFF
    a |= b
    a ^= 0x1234
    a <<= 2
    a >>= 1
    return a
