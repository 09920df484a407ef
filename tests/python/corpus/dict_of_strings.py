"""Dicts with string keys and values: an inverted index of words to the line numbers they
occur on (dict of lists), a character frequency table, and dict.get with a default."""
from numba import njit
from _same import check_same


@njit
def inverted_index(lines):
    index = {}
    for n in range(len(lines)):
        for w in lines[n].lower().split():
            if w not in index:
                index[w] = [n]
            elif index[w][-1] != n:
                index[w].append(n)
    return index


@njit
def char_freq(s):
    freq = {}
    for ch in s:
        if ch.isalpha():
            freq[ch] = freq.get(ch, 0) + 1
    best = ""
    count = 0
    for ch, c in freq.items():
        if c > count or (c == count and ch < best):
            best, count = ch, c
    return best, count, len(freq)


@njit
def translate(words):
    table = {"one": "uno", "two": "dos"}
    return [table.get(w, w) for w in words]


def check():
    lines = ["The cat sat", "the dog sat down", "a cat and a dog", "Down"]
    got = inverted_index(lines)
    want = inverted_index.py_func(lines)
    assert {k: list(v) for k, v in got.items()} == want
    check_same(char_freq, "Mississippi river banks")
    check_same(translate, ["one", "three", "two"])
