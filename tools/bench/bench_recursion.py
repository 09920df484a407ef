#!/usr/bin/env python3
"""Recursion in compiled code (issue 19 item 7): the recursive fib(30), ujit against Numba in
one process, one thread, median of 7 runs (bench_lists.py's timing). Target: <= 1.0x Numba.
The recursive calls are direct calls of the function's internal symbol in both (no
wrapper, no dispatch: tests/lit/cli/run_recursion.py checks ujit's IR).

    PYTHONPATH=lang/python python3 tools/bench/bench_recursion.py [n]

Prints `row | impl | ms | ratio to Numba` lines (the ratio column is 1.00 for ujit when
Numba is not installed).
"""
import os
import sys

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_lists import median_ms  # noqa: E402


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
    import ujit
    impls = {"ujit": fib_of(ujit.njit)}
    try:
        import numba
        impls["numba " + numba.__version__] = fib_of(numba.njit)
    except ImportError:
        print("bench_recursion: numba not installed; ujit alone", flush=True)
    want = fib_py(n)  # CPython is the oracle
    ms = {}
    for name, fib in impls.items():
        assert fib(n) == want, name  # compiles, and checks the result
        ms[name] = median_ms(lambda: fib(n))
    numba_name = next((name for name in impls if name.startswith("numba")), None)
    for name in impls:
        ratio = ms[name] / ms[numba_name] if numba_name else 1.0
        print(f"recursive fib({n}) | {name} | {ms[name]:.2f} | {ratio:.2f}", flush=True)


if __name__ == "__main__":
    main()
