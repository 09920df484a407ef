#!/usr/bin/env python3
"""Recursion in compiled code (issue 19 item 7): the recursive fib(30), ujit against Numba in
one process, one thread, median of 7 runs (tools/bench/numba_peer.py). Target: <= 1.0x Numba.
The recursive calls are direct calls of the function's internal symbol in both (no
wrapper, no dispatch: tests/lit/cli/run_recursion.py checks ujit's IR).

    PYTHONPATH=lang/python python3 tools/bench/bench_recursion.py [n]

Prints `row | impl | ms | ratio to Numba` lines.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numba_peer import implementations, run_rows  # noqa: E402


def fib_of(njit):
    @njit
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)

    return fib


def fib_py(n):
    return n if n < 2 else fib_py(n - 1) + fib_py(n - 2)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    impls = implementations(lambda njit: {"fib": fib_of(njit)}, "bench_recursion")
    run_rows(impls, [(f"recursive fib({n})", "fib", lambda f: f(n), fib_py(n))])  # CPython is the oracle


if __name__ == "__main__":
    main()
