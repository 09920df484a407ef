"""Words of a sentence: split() with and without a separator, join, reversed word order,
title(), longest word, and counting with str.count and `in`."""
from numba import njit
from _same import check_same


@njit
def reverse_words(s):
    words = s.split()
    words.reverse()
    return " ".join(words)


@njit
def stats(s):
    words = s.split()
    longest = ""
    for w in words:
        if len(w) > len(longest):
            longest = w
    return len(words), longest, s.title(), s.count("the"), "fox" in s


@njit
def csv_fields(line):
    fields = line.split(",")
    return [f.strip().upper() for f in fields], len(fields)


@njit
def acronym(s):
    out = ""
    for w in s.split(" "):
        if len(w) > 0:
            out += w[0].upper()
    return out


def check():
    s = "the quick brown fox jumps over the lazy dog"
    check_same(reverse_words, s)
    check_same(reverse_words, "  spaced   out  ")
    check_same(stats, s)
    check_same(csv_fields, "alpha, beta ,gamma,, delta")
    check_same(acronym, "portable network  graphics")
