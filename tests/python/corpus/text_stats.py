"""Text statistics over lines: word lengths into a dict of counts, the longest line, the most
frequent word with ties broken alphabetically, and lines reversed word by word."""
from numba import njit
from _same import check_same


@njit
def stats(text):
    lengths = {}
    counts = {}
    longest = ""
    rev = []
    for line in text.split("\n"):
        if len(line) > len(longest):
            longest = line
        words = line.split()
        rev.append(" ".join(words[::-1]))
        for w in words:
            w = w.strip(".,;").lower()
            if len(w) == 0:
                continue
            lengths[len(w)] = lengths.get(len(w), 0) + 1
            counts[w] = counts.get(w, 0) + 1
    best = ""
    n = 0
    for w, c in counts.items():
        if c > n or (c == n and w < best):
            best, n = w, c
    return lengths, longest, best, n, rev


def check():
    text = "The sun rose.\nThe birds sang, and the sun shone;\nA day began.\n\nthe end"
    check_same(stats, text)
