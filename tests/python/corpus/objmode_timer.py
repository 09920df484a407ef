"""numba.objmode: a block of object-mode Python inside a compiled loop (here a call into
plain Python that formats a label), with the result's type declared."""
from numba import njit, objmode

XFAIL = 'ujit has no numba.objmode (object-mode blocks inside compiled code)'


def py_label(i):
    return "item-%03d" % i


@njit
def labels(n):
    out = []
    for i in range(n):
        with objmode(s="unicode_type"):
            s = py_label(i)
        out.append(s)
    return out


def check():
    assert list(labels(3)) == ["item-000", "item-001", "item-002"]
