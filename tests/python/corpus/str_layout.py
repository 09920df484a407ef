"""Laying out text: zfill, ljust/rjust/center with a fill character, partition and rpartition,
rsplit with maxsplit, splitlines, and a fixed-width table built from them."""
from numba import njit
from _same import check_same


@njit
def pieces(s):
    head, sep, tail = s.partition("=")
    a, b, c = s.rpartition("/")
    return head, sep, tail, a, c, s.rsplit("/", 1), "42".zfill(5), "-7".zfill(4)


@njit
def table(names, values):
    lines = []
    for i in range(len(names)):
        lines.append(names[i].ljust(8, ".") + str(values[i]).rjust(6) + "|" + names[i][:3].center(7, "*"))
    return "\n".join(lines), len("\n".join(lines).splitlines())


def check():
    check_same(pieces, "path/to/key=value/x")
    check_same(table, ["alpha", "be", "gamma"], [1, 250, -3])
