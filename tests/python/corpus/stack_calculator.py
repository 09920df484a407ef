"""A reverse-Polish calculator over a string of tokens with a list as the stack, raising
ValueError for a bad token or an underflow, caught by a wrapper that returns nan."""
import math

from numba import njit
from _same import check_same


@njit
def to_number(tok):
    v = 0.0
    sign = 1.0
    start = 0
    if tok[0] == "-" and len(tok) > 1:
        sign = -1.0
        start = 1
    for ch in tok[start:]:
        if not ch.isdigit():
            raise ValueError("bad token")
        v = v * 10 + (ord(ch) - 48)
    return sign * v


@njit
def rpn(expr):
    stack = []
    for tok in expr.split():
        if tok in ("+", "-", "*", "/"):
            if len(stack) < 2:
                raise ValueError("stack underflow")
            b = stack.pop()
            a = stack.pop()
            if tok == "+":
                stack.append(a + b)
            elif tok == "-":
                stack.append(a - b)
            elif tok == "*":
                stack.append(a * b)
            else:
                stack.append(a / b)
        else:
            stack.append(to_number(tok))
    return stack[-1]


@njit
def safe_rpn(expr):
    try:
        return rpn(expr)
    except Exception:
        return math.nan


def check():
    for e in ("3 4 + 2 *", "5 1 2 + 4 * + 3 -", "2 -3 *", "1 +", "2 x *", "10 4 /"):
        check_same(safe_rpn, e)
