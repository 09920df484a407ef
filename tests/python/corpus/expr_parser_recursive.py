"""A recursive-descent integer expression evaluator (+ - * / %, unary minus, parentheses)
over string tokens, with mutually recursive @njit functions returning (value, position)
tuples, and errors raised for division by zero and malformed input."""
import pytest
from numba import njit
from _same import check_same


@njit
def tokenize(s):
    toks = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == " ":
            i += 1
            continue
        if c.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            toks.append(s[i:j])
            i = j
        else:
            toks.append(c)
            i += 1
    return toks


@njit
def parse_expr(toks, pos):
    if pos >= len(toks):
        raise ValueError("unexpected end")
        return 0, pos
    v, pos = parse_term(toks, pos)
    while pos < len(toks) and (toks[pos] == "+" or toks[pos] == "-"):
        op = toks[pos]
        r, pos = parse_term(toks, pos + 1)
        v = v + r if op == "+" else v - r
    return v, pos


@njit
def parse_term(toks, pos):
    v, pos = parse_factor(toks, pos)
    while pos < len(toks) and (toks[pos] == "*" or toks[pos] == "/" or toks[pos] == "%"):
        op = toks[pos]
        r, pos = parse_factor(toks, pos + 1)
        if op == "*":
            v = v * r
        elif op == "/":
            if r == 0:
                raise ZeroDivisionError("division by zero in expression")
            v = v // r
        else:
            v = v % r
    return v, pos


@njit
def parse_factor(toks, pos):
    t = toks[pos]
    if t == "(":
        v, pos = parse_expr(toks, pos + 1)
        if pos >= len(toks) or toks[pos] != ")":
            raise ValueError("expected )")
        return v, pos + 1
    if t == "-":
        v, pos = parse_factor(toks, pos + 1)
        return -v, pos
    v = 0
    for ch in t:
        v = v * 10 + (ord(ch) - 48)
    return v, pos + 1


@njit
def evaluate(s):
    toks = tokenize(s)
    v, p = parse_expr(toks, 0)
    if p != len(toks):
        raise ValueError("trailing tokens")
    return v


def check():
    for e in ["1+2*3", "(1+2)*3", "100/7%4 - -3", "2*(3+(4-1))*-2", "((42))", "17 % 5 * 3 - 10 / 3"]:
        check_same(evaluate, e)
    for e, exc, msg in [("7/0", ZeroDivisionError, "division by zero in expression"),
                        ("(1+2", ValueError, "expected \\)"),
                        ("1 2", ValueError, "trailing tokens")]:
        with pytest.raises(exc, match=msg):
            evaluate(e)
        with pytest.raises(exc, match=msg):
            evaluate.py_func(e)
