"""Balanced brackets with a list as a stack over the characters of a string."""
from numba import njit
from _same import check_same


@njit
def balanced(s):
    stack = []
    for ch in s:
        if ch == "(" or ch == "[" or ch == "{":
            stack.append(ch)
        elif ch == ")" or ch == "]" or ch == "}":
            if len(stack) == 0:
                return False
            top = stack.pop()
            if (top == "(" and ch != ")") or (top == "[" and ch != "]") or (top == "{" and ch != "}"):
                return False
    return len(stack) == 0


def check():
    for s in ("([]{})", "([)]", "((", "", "a(b)c[d]"):
        check_same(balanced, s)
