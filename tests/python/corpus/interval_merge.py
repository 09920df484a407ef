"""Merging overlapping intervals: sorted() of (start, end) tuples, a list of merged tuples
grown and its last item replaced, and the total covered length."""
from numba import njit
from _same import check_same


@njit
def merge(starts, ends):
    iv = sorted([(starts[i], ends[i]) for i in range(len(starts))])
    out = [iv[0]]
    for s, e in iv[1:]:
        ls, le = out[-1]
        if s <= le:
            out[-1] = (ls, max(le, e))
        else:
            out.append((s, e))
    covered = 0
    for s, e in out:
        covered += e - s
    return out, covered


def check():
    check_same(merge, [1, 8, 2, 15, 9, 20], [3, 10, 6, 18, 9, 22])
