"""Building strings from integers with str() and joining pieces by +."""
from numba import njit
from _same import check_same


@njit
def fizzbuzz(n):
    out = ""
    for i in range(1, n + 1):
        if i % 15 == 0:
            out += "FizzBuzz"
        elif i % 3 == 0:
            out += "Fizz"
        elif i % 5 == 0:
            out += "Buzz"
        else:
            out += str(i)
        out += ","
    return out


@njit
def describe(n):
    return "n=" + str(n) + " sign=" + ("neg" if n < 0 else "pos") + " " + str(-n)


def check():
    check_same(fizzbuzz, 20)
    check_same(describe, -42)
