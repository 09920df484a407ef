#!/usr/bin/env python3
"""Numba (the GPU machine's 0.68) as the oracle for what the containers branch added: typed
List and Dict made in compiled code and returned, passed back in and changed there, and the
reflected-list warning. The same functions are compiled by Numba and by ujit; each result
(its type's spelling included) must agree. Prints one line per case and a count.

    PYTHONPATH=lang/python python3 tools/scripts/containers_oracle.py
"""
import sys
import warnings

import numpy as np


def cases(njit, List, Dict, types):
    float_array = types.float64[:]

    @njit
    def squares(n):
        l = List()
        for i in range(n):
            l.append(i * i)
        return l

    @njit
    def halves(n):
        l = List.empty_list(types.float64, allocated=n)
        for i in range(n):
            l.append(i)
        return l

    @njit
    def words():
        l = List.empty_list(types.unicode_type)
        l.append("a")
        l.append("bc")
        return l

    @njit
    def arrays(n):
        d = Dict.empty(key_type=types.unicode_type, value_type=float_array)
        d["x"] = np.arange(float(n))
        return d

    @njit
    def pairs():
        e = Dict.empty(types.UniTuple(types.int64, 2), types.float64)
        e[(1, 2)] = 0.5
        return e

    @njit
    def counts(xs):
        d = Dict()
        for x in xs:
            d[x] = d.get(x, 0) + 1
        return d

    @njit
    def fill(l, n):
        for i in range(n):
            l.append(i)
        return len(l)

    @njit
    def total(xs):
        return sum(xs)

    def passed_back():
        l = List.empty_list(types.int64)
        fill(l, 3)
        fill(l, 2)
        return l

    @njit
    def bump(d, k):
        d[k] = d.get(k, 0.0) + 1.5
        return len(d)

    @njit
    def grow(s, n):
        for i in range(n):
            s.add(i * i)
        s.discard(0)
        return len(s)

    def dict_argument():
        d = Dict.empty(types.int64, types.float64)
        return [bump(d, 3), bump(d, 1), bump(d, 3), d]

    def set_argument():
        s = {7, 4}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return [grow(s, 4), sorted(s)]

    def warned():
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            total([1, 2, 3])
        return [type(x.message).__name__ + ": " + str(x.message).split("\n")[1][:80] for x in w]

    return [("List() appended", lambda: squares(5)), ("List.empty_list(float64) casts", lambda: halves(3)),
            ("List.empty_list(unicode_type)", words), ("Dict.empty(unicode_type, float64[:])", lambda: arrays(3)),
            ("Dict.empty(UniTuple(int64, 2), float64)", pairs), ("Dict() from stores", lambda: counts(np.array([3, 1, 3]))),
            ("a typed List passed back in", passed_back), ("reflected list warning", warned),
            ("a typed Dict argument changed in place", dict_argument), ("a reflected set argument", set_argument)]


def shown(v):
    if isinstance(v, dict) or hasattr(v, "items") and not isinstance(v, (list, np.ndarray)):
        return "%s %s" % (type(v).__name__, {k: (x.tolist() if isinstance(x, np.ndarray) else x) for k, x in v.items()})
    if type(v) is list:
        return "[%s]" % ", ".join(shown(x) for x in v)
    if type(v).__name__ == "List":  # numba.typed.List (a MutableSequence) or ujit's (a list)
        return "List %r" % list(v)
    return repr(v)


def main():
    import numba
    from numba import typed as ntyped
    import ujit
    from ujit import typed as utyped
    want = cases(numba.njit, ntyped.List, ntyped.Dict, numba.types)
    got = cases(ujit.njit, utyped.List, utyped.Dict, ujit.types)
    bad = 0
    for (label, w), (_, g) in zip(want, got):
        try:
            a = shown(w())
        except Exception as e:  # noqa: BLE001 (the oracle's own exception is an expected result)
            a = "error %s" % type(e).__name__
        try:
            b = shown(g())
        except Exception as e:  # noqa: BLE001
            b = "error %s: %s" % (type(e).__name__, e)
        ok = a == b
        bad += not ok
        print("%-40s %s" % (label, "same" if ok else "DIFFERS\n  numba: %s\n  ujit:  %s" % (a, b)))
    print("%d cases, %d differ" % (len(want), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
