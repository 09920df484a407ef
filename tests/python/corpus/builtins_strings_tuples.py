"""Builtins on strings, numbers and tuples: min/max/sorted/list/set/reversed/enumerate/zip
of strings, sum/min/max/abs of lists and scalars, min/max/sorted of tuples with a string
field, string sorting and comparison, divmod and pow."""
from numba import njit
from _same import check_same


@njit
def str_builtins(s, words):
    return (min(words), max(words), sorted(s), list(s), len(set(s)), sorted(set(s)),
            [c for c in reversed(s)], [(i, c) for i, c in enumerate(s) if c != "l"],
            [a + b for a, b in zip(s, s[1:])], "lo" in words, s in words)


@njit
def num_builtins(xs, fs):
    return (sum(xs), sum(fs), min(xs), max(fs), len([x for x in xs if x > 3]) > 0,
            sum([x * x for x in xs]), abs(min(xs)), min(3, 1, 2), max(1.5, 2))


@njit
def any_all_empty(n):
    xs = [i for i in range(n)]
    return len(xs) > 0, sum(xs)


@njit
def tuple_minmax(pairs):
    return min(pairs), max(pairs), sorted(pairs, reverse=True)


@njit
def str_sort_cmp(words):
    w = list(words)
    w.sort()
    r = sorted(words, reverse=True)
    return w, r, words[0] < words[1], "Z" < "a", "abc" < "abd", "ab" < "abc"


@njit
def divmod_abs(a, b):
    q, r = divmod(a, b)
    return q, r, abs(a - b), pow(a, 2), pow(2.0, b) if b > 0 else 0.0


def check():
    check_same(str_builtins, "hello", ["lo", "hi", "alpha", "zed"])
    check_same(num_builtins, [3, -7, 5], [0.5, 2.5, 1.0])
    for n in [0, 1, 4]:
        check_same(any_all_empty, n)
    check_same(tuple_minmax, [(2, "b"), (1, "z"), (2, "a")])
    check_same(str_sort_cmp, ["pear", "Apple", "banana", "apple"])
    check_same(divmod_abs, -17, 5)
