# Conditional expressions, if/elif/else chains, chained comparisons (the middle operand is
# evaluated once), and short-circuit `and`/`or`/`not`.
from numba import njit


# cases: 5, -5, 0
@njit
def ternary_abs(x):
    return x if x >= 0 else -x


# cases: 5, -5, 0
@njit
def sign(x):
    return 1 if x > 0 else (-1 if x < 0 else 0)


# cases: 95, 85, 75, 65, 10
@njit
def grade(score):
    if score >= 90:
        return 4
    elif score >= 80:
        return 3
    elif score >= 70:
        return 2
    elif score >= 60:
        return 1
    else:
        return 0


# cases: (1, 2, 3), (1, 3, 2), (3, 2, 1), (2, 2, 2)
@njit
def chain_lt(a, b, c):
    return a < b < c


# cases: (1, 5, 2), (1, 0, 2), (3, 5, 7)
@njit
def chain_mixed(a, b, c):
    return a < b > c


# cases: -1, 0, 9, 10
@njit
def in_range(x):
    return 0 <= x < 10


# cases: (1, 2, 3, 4), (1, 2, 2, 4), (4, 3, 2, 1)
@njit
def chain_four(a, b, c, d):
    return a < b <= c < d


# cases: (1.0, 2.5, 3.0), (1.0, 2.5, 2.0)
@njit
def chain_float(a, b, c):
    return a < b < c


# The division is only evaluated when b != 0: short-circuit keeps it from raising.
# cases: (10, 0), (10, 3), (10, 20)
@njit
def safe_ratio_above_two(a, b):
    return b != 0 and a // b > 2


# cases: (0, 7), (7, 0), (14, 7)
@njit
def zero_or_divides(a, b):
    return a == 0 or (b != 0 and a % b == 0)


# `and`/`or` on ints give one of the operands, not a bool.
# cases: (0, 5), (3, 5), (3, 0)
@njit
def and_value(a, b):
    return a and b


# cases: (0, 5), (3, 5), (0, 0)
@njit
def or_value(a, b):
    return a or b


# cases: 0, 1, -2
@njit
def not_int(x):
    return not x


# cases: 0.0, -0.0, 0.5, -1e-300
@njit
def not_float(x):
    return not x


# cases: (True, False), (False, False), (True, True)
@njit
def bool_logic(p, q):
    return (p and not q) or (q and not p)


# if with an int and a float condition.
# cases: (0, 0.0), (2, 0.0), (0, 0.1)
@njit
def truthiness(n, x):
    r = 0
    if n:
        r += 1
    if x:
        r += 10
    return r


# A variable assigned in both branches.
# cases: 3, 8
@njit
def branch_assign(x):
    if x > 5:
        y = x * 2
    else:
        y = x - 1
    return y


# Conditional expressions nest and evaluate only the chosen branch.
# cases: (0, 5), (10, 5), (10, 0)
@njit
def ternary_guard(a, b):
    return a // b if b != 0 else -1


# cases: (1, 2), (2, 1), (1, 1)
@njit
def bool_compare_sum(a, b):
    c = 0
    c += 1 if a < b else 0
    c += 10 if a == b else 0
    c += 100 if a > b else 0
    return c
