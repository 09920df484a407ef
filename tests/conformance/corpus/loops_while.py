# while loops, break and continue (in for and while loops, nested), and early returns
# from inside loops.
from numba import njit


# cases: 1, 6, 27, 97
@njit
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


# cases: (48, 18), (17, 5), (0, 9), (-48, 18)
@njit
def gcd_loop(a, b):
    while b != 0:
        a, b = b, a % b
    return a


# cases: 10, 15, 1
@njit
def sum_skip_multiples_of_3(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        s += i
    return s


# cases: 10, 3, 100
@njit
def first_square_above(n):
    i = 0
    while True:
        if i * i > n:
            break
        i += 1
    return i


# break leaves only the innermost loop.
# cases: 4, 6
@njit
def break_inner_only(n):
    c = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            c += 1
    return c


# continue in a while loop still runs the condition again.
# cases: 10, 7
@njit
def while_continue(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        s += i
    return s


# An early return from a nested loop.
# cases: (15, 3), (20, 7), (7, 5)
@njit
def find_pair_product(n, m):
    for i in range(1, n):
        for j in range(1, n):
            if i * j == n and i + j == m + 5:
                return i * 100 + j
    return -1


# cases: 0, 1, 10, 1023
@njit
def bit_length(n):
    k = 0
    while n > 0:
        n >>= 1
        k += 1
    return k


# cases: 2.0, 10.0, 0.5
@njit
def newton_sqrt(x):
    y = x
    for _ in range(60):
        nxt = 0.5 * (y + x / y)
        if nxt == y:
            break
        y = nxt
    return y


# cases: (5, 3), (0, 4)
@njit
def while_countdown(n, k):
    total = 0
    while n > 0:
        m = k
        while m > 0:
            total += n * m
            m -= 1
        n -= 1
    return total


# cases: 100, 37
@njit
def digits_reversed(n):
    r = 0
    while n:
        r = r * 10 + n % 10
        n //= 10
    return r


# The loop condition is an int used as a truth value.
# cases: 5, 0
@njit
def while_int_truth(n):
    c = 0
    while n:
        n -= 1
        c += 2
    return c
