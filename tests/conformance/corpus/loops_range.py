# for loops over range with one, two and three arguments, negative and non-dividing
# steps, empty ranges, and nested loops.
from numba import njit


# cases: 0, 1, 10, -5
@njit
def sum_range1(n):
    s = 0
    for i in range(n):
        s += i
    return s


# cases: (3, 8), (-5, 5), (5, 3), (-10, -7)
@njit
def sum_range2(a, b):
    s = 0
    for i in range(a, b):
        s += i
    return s


# cases: (0, 10, 3), (10, 0, -3), (-1, -10, -2), (5, 5, 1), (0, 10, -1), (10, 0, 4), (7, -8, -5)
@njit
def sum_range3(a, b, step):
    s = 0
    for i in range(a, b, step):
        s += i
    return s


# cases: (0, 10, 3), (10, 0, -3), (-3, 4, 2), (4, -3, -2), (0, 0, 5)
@njit
def count_range3(a, b, step):
    n = 0
    for _ in range(a, b, step):
        n += 1
    return n


# The last value a range yields (the loop variable is only read inside the loop).
# cases: (0, 10, 3), (10, 0, -3), (10, -10, -7)
@njit
def last_of_range(a, b, step):
    last = a - 1000
    for i in range(a, b, step):
        last = i
    return last


# cases: 1, 4, 7
@njit
def nested_triangle(n):
    s = 0
    for i in range(n):
        for j in range(i):
            s += i * j
    return s


# cases: 3, 5
@njit
def nested_three(n):
    c = 0
    for i in range(n):
        for j in range(i, n):
            for k in range(j, n, 2):
                c += i - j + k
    return c


# Changing the loop variable inside the body does not change the iteration.
# cases: 5, 0
@njit
def reassign_loop_var(n):
    s = 0
    for i in range(n):
        s += i
        i = 100
        s += i
    return s


# Loop bounds are evaluated once, before the loop.
# cases: 4, 10
@njit
def bound_evaluated_once(n):
    c = 0
    for i in range(n):
        n -= 1
        c += 1
    return c


# A float accumulator over an int range.
# cases: 1, 10, 100
@njit
def harmonic(n):
    s = 0.0
    for k in range(1, n + 1):
        s += 1.0 / k
    return s


# cases: (2, 10), (-3, 5), (1, 0)
@njit
def geometric_sum(r, n):
    s = 0
    p = 1
    for _ in range(n):
        s += p
        p *= r
    return s


# cases: 10, 100, 1000
@njit
def count_primes(n):
    c = 0
    for k in range(2, n):
        prime = True
        for d in range(2, k):
            if d * d > k:
                break
            if k % d == 0:
                prime = False
                break
        if prime:
            c += 1
    return c
