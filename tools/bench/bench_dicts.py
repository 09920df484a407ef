#!/usr/bin/env python3
"""Typed dicts in compiled code (issue 19 item 7): 1M int -> float inserts, then 1M lookups,
ujit against Numba in one process, one thread, median of 7 runs. Target: <= 1.0x Numba.

    PYTHONPATH=lang/python python3 tools/bench/bench_dicts.py [n]

Prints `row | impl | ms | ratio to Numba` lines (tools/bench/numba_peer.py).
Each timed call builds its own dict (inserts), then reads every key back (lookups), and
returns a checksum both implementations must agree on.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numba_peer import implementations, run_rows  # noqa: E402


def functions(njit):
    @njit
    def inserts(n):
        d = {}
        for i in range(n):
            d[i * 7919 % n] = i * 0.5
        return len(d)

    @njit
    def inserts_and_lookups(n):
        d = {}
        for i in range(n):
            d[i * 7919 % n] = i * 0.5
        s = 0.0
        for i in range(n):
            s += d[i]
        return s

    import importlib
    package = njit.__module__.split(".")[0]  # numba.typed / ujit.typed, as the njit is
    typed, types = importlib.import_module(package + ".typed"), importlib.import_module(package).types

    @njit
    def typed_inserts_and_lookups(n):
        d = typed.Dict.empty(types.int64, types.float64)
        for i in range(n):
            d[i * 7919 % n] = i * 0.5
        s = 0.0
        for i in range(n):
            s += d[i]
        return s

    return {"1M inserts": inserts, "1M inserts + 1M lookups": inserts_and_lookups,
            "typed": typed_inserts_and_lookups}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    # CPython is the oracle: the same dict built and read in Python
    d = {i * 7919 % n: i * 0.5 for i in range(n)}
    run_rows(implementations(functions, "bench_dicts"), [
        ("1M inserts", "1M inserts", lambda f: f(n), len(d)),
        ("1M inserts + 1M lookups", "1M inserts + 1M lookups", lambda f: f(n), sum(d[i] for i in range(n))),
        ("1M inserts + 1M lookups, Dict.empty(int64, float64)", "typed", lambda f: f(n), sum(d[i] for i in range(n))),
    ])


if __name__ == "__main__":
    main()
