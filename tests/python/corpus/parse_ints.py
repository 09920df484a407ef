"""Parsing integers out of text by hand (Numba has no int(str)): signed numbers separated by
anything else, via ord() digit values, and a hexadecimal parser with str.find."""
from numba import njit
from _same import check_same


@njit
def parse_numbers(s):
    out = []
    val = 0
    sign = 1
    in_num = False
    for ch in s:
        if "0" <= ch <= "9":
            val = val * 10 + (ord(ch) - ord("0"))
            in_num = True
        else:
            if in_num:
                out.append(sign * val)
            val = 0
            in_num = False
            sign = -1 if ch == "-" else 1
    if in_num:
        out.append(sign * val)
    return out


@njit
def parse_hex(s):
    digits = "0123456789abcdef"
    v = 0
    for ch in s.lower():
        v = v * 16 + digits.find(ch)
    return v


def check():
    check_same(parse_numbers, "x=12, y=-7; z=300 and -0 then 45")
    check_same(parse_numbers, "")
    check_same(parse_hex, "FF")
    check_same(parse_hex, "deadBEEF")
