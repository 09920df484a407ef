"""str.split, rsplit, splitlines and join of lists (issue 19, items 1 of the strings work),
with CPython as the oracle: the same lists of str, the same exceptions, nothing leaked."""
import pytest

import ujit
from ujit import njit
from ujit._native import ext

TEXTS = ["", " ", "a", "  hello   world  ", "a,b,,c,", ",", "héllo wörld\tnew\nline", "日本 語\u3000テキスト",
         "emoji 😀 and 𝔘", "a\u2028b\u2029c\x85d", "one\r\ntwo\rthree\nfour\x0bfive\x0csix\x1cseven", "x,y,,z",
         "\n\n", "trailing\n", "a--b----c--", "𝔘𝔘x𝔘"]
SEPS = [",", "--", "𝔘", " ", "no such", "a"]
MAXSPLITS = [-5, -1, 0, 1, 2, 10]


def same(fn, *args):
    expected = fn(*args)
    got = njit(fn)(*args)
    assert got == expected and type(got) is type(expected), (fn.__name__, args, got, expected)


def split_ws(s):
    return s.split()


def split_sep(s, sep):
    return s.split(sep)


def split_max(s, sep, n):
    return s.split(sep, n)


def split_ws_max(s, n):
    return s.split(None, n)


def rsplit_ws(s):
    return s.rsplit()


def rsplit_sep(s, sep):
    return s.rsplit(sep)


def rsplit_max(s, sep, n):
    return s.rsplit(sep, n)


def rsplit_ws_max(s, n):
    return s.rsplit(None, n)


def splitlines(s):
    return s.splitlines()


def splitlines_keep(s, keep):
    return s.splitlines(keep)


@pytest.mark.parametrize("text", TEXTS)
def test_split_whitespace(text):
    same(split_ws, text)
    same(rsplit_ws, text)
    for n in MAXSPLITS:
        same(split_ws_max, text, n)
        same(rsplit_ws_max, text, n)


@pytest.mark.parametrize("text", TEXTS)
def test_split_separator(text):
    for sep in SEPS:
        same(split_sep, text, sep)
        same(rsplit_sep, text, sep)
        for n in MAXSPLITS:
            same(split_max, text, sep, n)
            same(rsplit_max, text, sep, n)


@pytest.mark.parametrize("text", TEXTS)
def test_splitlines(text):
    same(splitlines, text)
    same(splitlines_keep, text, True)
    same(splitlines_keep, text, False)


def keywords(s):
    return s.split(sep=",", maxsplit=1), s.rsplit(",", maxsplit=1), s.split(maxsplit=1), s.splitlines(keepends=True)


def test_keywords():
    same(keywords, "a,b c,d\ne")


def empty_sep(s):
    return s.split("")


def empty_rsep(s):
    return s.rsplit("", 1)


@pytest.mark.parametrize("fn", [empty_sep, empty_rsep])
def test_empty_separator(fn):
    with pytest.raises(ValueError, match="empty separator"):
        fn("abc")
    with pytest.raises(ValueError, match="^empty separator$"):
        njit(fn)("abc")


def bad_sep(s):
    return s.split(1)


def bad_keyword(s):
    return s.split(separator=",")


def twice(s):
    return s.split(",", sep=",")


def test_typing_errors():
    with pytest.raises(ujit.TypingError, match="argument 'sep' must be str or None, not int64"):
        njit(bad_sep)("a")
    with pytest.raises(ujit.TypingError, match="unexpected keyword argument 'separator'"):
        njit(bad_keyword)("a")
    with pytest.raises(ujit.TypingError, match="multiple values for argument 'sep'"):
        njit(twice)("a")


def join_list(s, sep):
    return sep.join(s.split())


def join_literal(sep):
    return sep.join(["a", "β", "𝔘"]), sep.join(("x", "y")), sep.join(["only"])


def join_chars(s, sep):
    return sep.join(s)


def join_built(n):
    xs = []
    for i in range(n):
        xs.append(str(i))
    return "+".join(xs)


@pytest.mark.parametrize("text", TEXTS)
def test_join(text):
    for sep in ["", ",", " -- ", "😀"]:
        same(join_list, text, sep)
        same(join_chars, text, sep)
    same(join_literal, "/")
    same(join_built, 0)
    same(join_built, 12)


@njit
def parse_int(text):
    n = 0
    for c in text:
        n = n * 10 + ord(c) - ord("0")
    return n


def csv_line(line):
    fields = line.strip().split(",")
    total = 0
    names = []
    for f in fields:
        f = f.strip()
        if f.isdigit():
            total += parse_int(f)
        else:
            names.append(f.upper())
    return total, "|".join(names)


def test_csv_line():
    same(csv_line, " alpha, 12 ,beta,30, gamma \n")


def iterate_split(s):
    n = 0
    longest = ""
    for w in s.split():
        n += len(w)
        if len(w) > len(longest):
            longest = w
    return n, longest


def test_iterate_and_keep():
    same(iterate_split, "the quick brown fox jumps over the lazy dog")


def live():
    a, f, _, _ = ext.allocation_stats()
    return a - f


def test_nothing_leaks():
    ops = [(split_ws, ("a b  c",)), (split_max, ("a,b,c", ",", 1)), (rsplit_max, ("a,b,c", ",", 1)),
           (splitlines_keep, ("a\nb\r\n", True)), (join_list, ("x y z", "-")), (join_chars, ("héllo", ".")),
           (join_built, (20,)), (iterate_split, ("one two three",)), (csv_line, ("a,1,b,2",))]
    compiled = [(njit(fn), args) for fn, args in ops]
    for f, args in compiled:
        f(*args)
    before = live()
    for _ in range(100):
        for f, args in compiled:
            f(*args)
    assert live() == before
    f = njit(empty_sep)
    for _ in range(20):
        with pytest.raises(ValueError):
            f("abc")
    assert live() == before
