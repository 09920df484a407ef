# Conversions between numeric types: np.intN/np.uintN wrap to their width (C casts, as
# Numba's), floats truncate toward zero, narrow integers widen to int64 in arithmetic.
import numpy as np
from numba import njit


# cases: i64(300), i64(-129), i64(127), i64(-128), i64(255)
@njit
def to_int8(x):
    return np.int8(x)


# cases: i64(-1), i64(256), i64(511)
@njit
def to_uint8(x):
    return np.uint8(x)


# cases: i64(2147483648), i64(-2147483649), i64(4294967296 + 5)
@njit
def to_int32(x):
    return np.int32(x)


# cases: i64(65536 + 7), i64(-1)
@njit
def to_uint16(x):
    return np.uint16(x)


# cases: f64(-2.7), f64(2.7), f64(-0.5), f64(2147483647.9)
@njit
def float_to_int32(x):
    return np.int32(x)


# cases: f64(-2.7), f64(1e10)
@njit
def float_to_int64(x):
    return np.int64(x)


# cases: i64(9007199254740993), i64(-3)
@njit
def int_to_float64(x):
    return np.float64(x)


# cases: i64(16777217), i64(3)
@njit
def int_to_float32(x):
    return np.float32(x)


# Narrow integers widen to int64 in arithmetic (Numba's integer typing), so their sum
# does not wrap at 32 bits. The oracle adds with Python ints for the same reason.
# returns: int64
# cases: (i32(2000000000), i32(2000000000)), (i32(-5), i32(3))
@njit
def add_int32(a, b):
    return int(a) + int(b)


# The same without int(): Numba widens the int32 operands to int64 before adding. The
# oracle passes the arguments as Python ints (`# pyargs`) to compute the widened sum.
# pyargs
# returns: int64
# cases: (i32(2000000000), i32(2000000000)), (i32(-2147483648), i32(-1))
@njit
def add_int32_widen(a, b):
    return a + b


# A narrow argument keeps its type when returned unchanged.
# cases: i16(-7), i16(32767)
@njit
def identity_int16(x):
    return x


# cases: u8(200), u8(0)
@njit
def identity_uint8(x):
    return x


# cases: i32(-7)
@njit
def int32_to_float(x):
    return float(x)


# A comparison between an int32 and an int64 compares the values.
# cases: (i32(-1), 4294967295), (i32(5), 5)
@njit
def compare_int32_int64(a, b):
    return a == b, a < b


# cases: b1(True), b1(False)
@njit
def bool_to_int(p):
    return int(p)

