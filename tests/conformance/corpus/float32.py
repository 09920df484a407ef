# float32 arithmetic: operations between float32 values stay float32 (rounded to float32
# after every step), float32 with float64 widens to float64, np.float32() rounds a float64,
# and math.sqrt of a float32 is a float32. The oracle evaluates these with NumPy's float32
# scalars, which round the same way.
import math
import numpy as np
from numba import njit


# cases: (f32(0.1), f32(0.2)), (f32(1e38), f32(1e38)), (f32(-0.0), f32(0.0)), (f32(16777216.0), f32(1.0))
@njit
def add32(a, b):
    return a + b


# cases: (f32(0.1), f32(3.0)), (f32(1e-30), f32(1e-30)), (f32(-2.5), f32(4.0))
@njit
def mul32(a, b):
    return a * b


# cases: (f32(1.0), f32(3.0)), (f32(2.0), f32(7.0)), (f32(-1.0), f32(1e-30))
@njit
def div32(a, b):
    return a / b


# cases: (f32(1.0), f32(1e-8)), (f32(3.0), f32(0.1))
@njit
def sub32(a, b):
    return a - b


# float32 and float64 together compute in float64.
# cases: (f32(0.1), f64(0.2)), (f32(1.0), f64(1e-10))
@njit
def add_32_64(a, b):
    return a + b


# cases: 0.1, 1.0 / 3.0, 1e39, -1e-46, 3.4028235677973366e38, 16777217.0
@njit
def to_float32(x):
    return np.float32(x)


# float() of a float32 stays float32 in Numba (CPython gives a float: `# returns`).
# returns: float32
# cases: f32(0.1), f32(-2.5), f32(1e-45)
@njit
def float_of_float32(x):
    return float(x)


# np.float64() widens exactly.
# cases: f32(0.1), f32(-2.5), f32(1e-45)
@njit
def widen(x):
    return np.float64(x)


# sqrt is correctly rounded, so float32 sqrt equals rounding the float64 sqrt.
# cases: f32(2.0), f32(0.1), f32(1e-40), f32(0.0)
@njit
def sqrt32(x):
    return np.float32(math.sqrt(x))


# cases: (f32(2.5), f32(-1.5)), (f32(0.1), f32(0.1))
@njit
def min_max32(a, b):
    return min(a, b), max(a, b), abs(b)


# Ten float32 additions of 0.1 do not make exactly 1.
# cases: (f32(0.1), 10), (f32(0.01), 100), (f32(1.0), 16777300)
@njit
def accumulate32(x, n):
    acc = np.float32(0.0)
    for _ in range(n):
        acc += x
    return acc


# cases: (f32(0.1), 0.1), (f32(0.5), 0.5), (f32(1.0), 1.0)
@njit
def compare_32_64(a, b):
    return a == b, a < b


# cases: f32(2.7), f32(-2.7), f32(16777216.0)
@njit
def int_of_float32(x):
    return int(x)


# cases: (f32(3.0), f32(4.0)), (f32(1e-20), f32(1e-20)), (f32(1e20), f32(1e20))
@njit
def hypot32_naive(x, y):
    return np.float32(math.sqrt(x * x + y * y))


# An int64 operand widens float32 to float64.
# cases: (f32(0.1), 3)
@njit
def float32_times_int(x, n):
    return x * n


# cases: (f32(1.5), f32(2.5), f32(-0.5))
@njit
def fma_like32(a, b, c):
    return a * b + c


# cases: (f32(1.0), f32(0.0)), (f32(-3.0), f32(2.0))
@njit
def ternary32(a, b):
    return a if a > b else b
