"""Strings as dict keys and values and as set items (issue 19, strings and dicts), with CPython
as the oracle: the same contents in the same (insertion) order, hashes equal to CPython's, and
nothing leaked: a dict or set owns a reference to each string it keeps."""
import pytest

import ujit
from ujit import njit
from ujit._native import ext

TEXT = "the quick brown fox jumps over the lazy dog the end héllo 日本 héllo 😀 the"


def plain(d):
    """A typed Dict result as a plain dict (its order kept), for comparing with CPython's."""
    return dict(d.items()) if not isinstance(d, (dict, set, frozenset)) else d


def same(fn, *args):
    expected = fn(*args)
    got = njit(fn)(*args)
    if isinstance(expected, dict):
        assert list(plain(got).items()) == list(expected.items()), (fn.__name__, got, expected)
    else:
        assert got == expected, (fn.__name__, args, got, expected)
    return got


def word_count(s):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    return d


def literal_keys():
    d = {"a": 1, "b": 2}
    d["c"] = 3
    d["a"] = 10
    return d


def lookups(s, key):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    return key in d, d.get(key, -1), d.get("nope", 0), len(d), "the" in d


def str_values(n):
    d = {}
    for i in range(n):
        d[i] = str(i) + "x"
    out = ""
    for k, v in d.items():
        out += v
    return d, out


def items_order(s):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    keys = ""
    total = 0
    for k, v in d.items():
        keys += k + ";"
        total += v
    for k in d:
        keys += k[0]
    for v in d.values():
        total += v
    return keys, total


def pops(s):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    a = d.pop("the")
    k, v = d.popitem()
    del d["fox"]
    return a, k, v, len(d), d


def string_set(s, probe):
    seen = set()
    for w in s.split():
        seen.add(w)
    seen.discard("dog")
    return probe in seen, len(seen), "fox" in seen, "dog" in seen


def set_literal(x):
    s = {"a", "b", x}
    return x in s, "c" in s, len(s)


def set_pop(s):
    items = set(s.split())
    out = ""
    while len(items) > 0:
        out += items.pop()
    return len(out)


def tuple_keys(s):
    d = {}
    words = s.split()
    for i in range(len(words) - 1):
        d[(words[i], words[i + 1])] = i
    return d[("the", "lazy")], len(d)


def hash_like_python(s):
    d = {}
    d[s] = 1
    return hash(s)


def test_word_count():
    got = same(word_count, TEXT)
    assert repr(got).startswith("DictType[unicode_type,int64]<iv=None>(")


def test_literal_keys():
    same(literal_keys)


@pytest.mark.parametrize("key", ["the", "héllo", "😀", "missing", ""])
def test_lookups(key):
    same(lookups, TEXT, key)


def test_str_values():
    same(str_values, 7)


def test_iteration_order():
    same(items_order, TEXT)


def test_pops():
    same(pops, TEXT)


@pytest.mark.parametrize("probe", ["fox", "dog", "héllo", "cat"])
def test_sets(probe):
    same(string_set, TEXT, probe)
    same(set_literal, probe)


def test_set_pop_and_tuple_keys():
    same(set_pop, TEXT)
    same(tuple_keys, TEXT)


def test_hash():
    for s in ["", "a", "héllo", "日本", "😀"]:
        same(hash_like_python, s)


def dict_eq(s):
    a = {}
    b = {}
    c = {}
    for w in s.split():
        a[w] = len(w)
        b[w] = len(w)
        c[w] = len(w)
    c["more"] = 4
    b["the"] = 3
    return a == b, a == c


def test_equality():
    same(dict_eq, TEXT)


def missing_key(s):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    return d["absent"]


def test_missing_key():
    with pytest.raises(KeyError):
        njit(missing_key)(TEXT)


def live():
    a, f, _, _ = ext.allocation_stats()
    return a - f


def test_nothing_leaks():
    ops = [(word_count, (TEXT,)), (literal_keys, ()), (lookups, (TEXT, "the")), (str_values, (5,)),
           (items_order, (TEXT,)), (pops, (TEXT,)), (string_set, (TEXT, "fox")), (set_pop, (TEXT,)),
           (tuple_keys, (TEXT,)), (dict_eq, (TEXT,))]
    compiled = [(njit(fn), args) for fn, args in ops]
    for f, args in compiled:
        f(*args)
    before = live()
    for _ in range(50):
        for f, args in compiled:
            f(*args)
    assert live() == before
    f = njit(missing_key)
    for _ in range(20):
        with pytest.raises(KeyError):
            f(TEXT)
    assert live() == before
