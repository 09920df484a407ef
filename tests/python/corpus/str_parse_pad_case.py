"""String methods in small text jobs: key=value parsing, center/zfill padding, count/find,
replace (including the empty pattern), case tests, strip/split forms, slicing, f-strings and
string comparisons."""
from numba import njit
from _same import check_same


@njit
def parse_kv(s):
    out = []
    for part in s.split(";"):
        p = part.strip()
        if not p:
            continue
        i = p.find("=")
        if i < 0:
            continue
        out.append((p[:i].strip().lower(), p[i + 1:].strip()))
    return out


@njit
def pad_table(words, width):
    lines = []
    for w in words:
        lines.append("|" + w.center(width) + "|" + w.zfill(width) + "|")
    return "\n".join(lines)


@njit
def count_sub(s, sub):
    return s.count(sub), s.find(sub), s.rfind(sub), s.startswith(sub), s.endswith(sub)


@njit
def repl(s):
    return s.replace("ab", "X").replace("", "-") if len(s) < 5 else s.replace("ab", "X")


@njit
def case_ops(s):
    return s.upper(), s.lower(), s.isdigit(), s.isalpha(), s.isspace(), s.title(), s.swapcase(), s.capitalize()


@njit
def strip_forms(s):
    return s.strip(), s.lstrip(), s.rstrip(), s.strip("x."), s.lstrip("x"), s.rstrip(".")


@njit
def split_forms(s):
    a = s.split()
    b = s.split(",")
    c = s.split(",", 1)
    return len(a), len(b), len(c), c[0]


@njit
def negidx(s):
    return s[-1], s[-3:], s[::-1], s[1:-1:2], s[::2], s[5:1:-1]


@njit
def ords(s):
    t = 0
    for ch in s:
        t = (t * 31 + ord(ch)) % 1000003
    return t % 1000003, chr(65 + t % 26)


@njit
def str_of_ints(n):
    parts = []
    for i in range(-n, n):
        parts.append(str(i * 37))
    return ",".join(parts)


@njit
def fstr(a, b, name):
    return f"{name}: {a} + {b} = {a + b}"


@njit
def cmp(a, b):
    return a < b, a <= b, a == b, a != b, a > b, a >= b, a in b, b in a


def check():
    check_same(parse_kv, "A = 1; b=2 ;;c= three; bad; D=")
    check_same(pad_table, ["a", "bb", "ccc", "-12"], 7)
    check_same(pad_table, ["hello", "+5"], 4)
    for sub in ["ab", "x", "", "abab"]:
        check_same(count_sub, "abcabdabab", sub)
    check_same(repl, "abcab")
    check_same(repl, "abc")
    for s in ["Hello wORLD 42", "12345", "   ", ""]:
        check_same(case_ops, s)
    check_same(strip_forms, "  x.hello.x  ")
    check_same(strip_forms, "xx.hi..")
    check_same(split_forms, " a, b ,c  d ")
    check_same(split_forms, "one")
    check_same(negidx, "abcdefghij")
    check_same(ords, "the quick brown fox")
    check_same(str_of_ints, 4)
    check_same(fstr, 3, -4, "sum")
    for a, b in [("abc", "abd"), ("ab", "abc"), ("", "a"), ("b", "abc"), ("same", "same")]:
        check_same(cmp, a, b)
