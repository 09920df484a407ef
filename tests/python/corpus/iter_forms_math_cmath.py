"""Loop forms (enumerate with a start, zip of three, reversed lists and ranges, for/else,
while/else), range objects' len/index/in, literal_unroll over a mixed tuple with isinstance,
global constants, the math and cmath modules, and short-circuit and/or."""
import cmath
import math

from numba import njit, literal_unroll
from _same import check_same


@njit
def iter_forms(a, b):
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        out.append(i * x + y)
    for i, x in enumerate(a, 10):
        out.append(i + x)
    for x in reversed(a):
        out.append(x)
    for i in range(10, 0, -3):
        out.append(i)
    for i in reversed(range(2, 8, 2)):
        out.append(i)
    for x, y, z in zip(a, b, range(100)):
        out.append(x * y * z)
    return out


@njit
def find_first(a, target):
    for i, v in enumerate(a):
        if v == target:
            break
    else:
        return -1
    return i


@njit
def while_else(n):
    i = 0
    s = 0
    while i < n:
        s += i
        if s > 50:
            break
        i += 1
    else:
        s = -s
    return s, i


@njit
def range_props(a, b, c):
    r = range(a, b, c)
    return len(r), r[0] if len(r) > 0 else -1, r[-1] if len(r) > 0 else -1, 5 in r


@njit
def unroll_types():
    tup = (1, 2.5, "abc", True, (1, 2))
    ints = 0
    floats = 0.0
    strs = ""
    other = 0
    for v in literal_unroll(tup):
        if isinstance(v, bool):
            other += 100
        elif isinstance(v, int):
            ints += v
        elif isinstance(v, float):
            floats += v
        elif isinstance(v, str):
            strs += v
        else:
            other += 1
    return ints, floats, strs, other


SCALE = 3.5
NAMES = ("alpha", "beta", "gamma")
LIMIT = 10


@njit
def use_globals(x):
    out = []
    for n in NAMES:
        if len(n) < LIMIT:
            out.append(n + str(int(x * SCALE)))
    return out


@njit
def math_fns(x, y):
    return (math.hypot(x, y), math.atan2(y, x), math.log2(x) if x > 0 else 0.0, math.copysign(x, -1.0),
            math.floor(-x), math.ceil(x), math.trunc(-x), math.log(x, 2) if x > 0 else 0.0,
            math.gcd(12, 18), math.nextafter(x, 10.0), math.exp2(x), math.frexp(x), math.ldexp(x, 3),
            math.erf(x), math.gamma(x + 1), math.lgamma(x + 1), math.expm1(1e-10), math.log1p(1e-10),
            math.degrees(math.pi), math.radians(180.0), math.pi, math.e, math.inf > 1e308, math.nan != math.nan)


@njit
def cmath_fns(z):
    return (cmath.sqrt(z), cmath.exp(z), cmath.log(z), cmath.phase(z), cmath.polar(z), cmath.rect(1.0, 0.5),
            cmath.isfinite(z), abs(z), z.conjugate(), z.real, z.imag)


@njit
def short_circuit(xs):
    cnt = [0]

    def f(v):  # an unused closure over a list
        cnt[0] += 1
        return v > 2

    r1 = (len(xs) > 0 and xs[0] > 1) or (len(xs) > 5 and xs[5] > 0)
    r2 = len(xs) == 0 or xs[-1] < 0
    r3 = xs[0] if xs[0] > 10 else (xs[1] if len(xs) > 1 else -1)
    return r1, r2, r3


def check():
    check_same(iter_forms, [1, 2, 3], [4, 5, 6, 7])
    check_same(find_first, [4, 5, 6], 5)
    check_same(find_first, [4, 5, 6], 9)
    check_same(while_else, 5)
    check_same(while_else, 20)
    for a in [(0, 10, 3), (10, 0, -2), (5, 5, 1), (-3, 8, 4)]:
        check_same(range_props, *a)
    check_same(unroll_types)
    check_same(use_globals, 2.0)
    check_same(math_fns, 2.5, 1.5)
    check_same(math_fns, 0.75, 0.0)
    check_same(cmath_fns, complex(1.5, -2.0))
    check_same(cmath_fns, complex(-1.0, 0.0))
    check_same(short_circuit, [3, 0, 1])
    check_same(short_circuit, [0])
