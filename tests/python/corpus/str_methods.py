"""Common string methods: upper, lower, strip, find, replace, startswith, isdigit, count."""
from numba import njit
from _same import check_same


@njit
def str_ops(s):
    t = s.strip()
    return (t.upper(), t.lower(), t.find("lo"), t.replace("l", "L"), t.startswith("He"),
            t.endswith("!"), bool(t.isdigit()), t.count("l"), len(t), t[1:4], t + "?", t * 2,
            "lo" in t, t.rfind("l"), t.title(), t.capitalize(), t.lstrip("H"), t.zfill(15))


@njit
def numbers_in(s):
    total = 0
    cur = 0
    inside = False
    for ch in s:
        if ch.isdigit():
            cur = cur * 10 + (ord(ch) - ord("0"))
            inside = True
        elif inside:
            total += cur
            cur = 0
            inside = False
    return total + cur


def check():
    check_same(str_ops, "  Hello world!  ")
    check_same(numbers_in, "a12b3c45")
    check_same(numbers_in, "")
