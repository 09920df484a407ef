#!/usr/bin/env python3
"""Lists in compiled code (issue 19 item 7): ujit against Numba, in one process, one
thread, median of 7 runs. Each function builds its list inside the call and returns a
number from it, so the rows time list building, not boxing a result:

    1M appends to [] in a loop        target <= 1.0x Numba
    [i * 2 for i in range(1M)]        (the comprehension: the same appends)
    sum over a 1M-item list           (reads)
    1M appends to numba.typed.List.empty_list(int64), made in the call

    PYTHONPATH=lang/python python3 tools/bench/bench_lists.py [n]

Prints `row | impl | ms | ratio to Numba` lines (tools/bench/numba_peer.py).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numba_peer import implementations, run_rows  # noqa: E402


def functions(njit):
    @njit
    def appends(n):
        l = []
        for i in range(n):
            l.append(i)
        return len(l) + l[n - 1]

    @njit
    def comprehension(n):
        l = [i * 2 for i in range(n)]
        return len(l) + l[n - 1]

    @njit
    def total(n):
        l = list(range(n))
        s = 0
        for x in l:
            s += x
        return s

    typed, types = _typed_of(njit)

    @njit
    def typed_appends(n):
        l = typed.List.empty_list(types.int64)
        for i in range(n):
            l.append(i)
        return len(l) + l[n - 1]

    return {"appends": appends, "comprehension": comprehension, "sum": total, "typed appends": typed_appends}


def _typed_of(njit):
    """numba.typed and numba.types of the implementation `njit` comes from (ujit's or Numba's)."""
    import importlib
    package = njit.__module__.split(".")[0]
    return importlib.import_module(package + ".typed"), importlib.import_module(package).types


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    run_rows(implementations(functions, "bench_lists"), [
        (f"{n} appends to []", "appends", lambda f: f(n), n + n - 1),
        (f"[i * 2 for i in range({n})]", "comprehension", lambda f: f(n), n + 2 * (n - 1)),
        (f"list(range({n})) and a for loop summing it", "sum", lambda f: f(n), n * (n - 1) // 2),
        (f"{n} appends to List.empty_list(int64)", "typed appends", lambda f: f(n), n + n - 1),
    ])


if __name__ == "__main__":
    main()
