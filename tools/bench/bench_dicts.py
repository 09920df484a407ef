#!/usr/bin/env python3
"""Typed dicts in compiled code (issue 19 item 7): 1M int -> float inserts, then 1M lookups,
ujit against Numba in one process, one thread, median of 7 runs. Target: <= 1.0x Numba.

    PYTHONPATH=lang/python python3 tools/bench/bench_dicts.py [n]

Prints `row | impl | ms | ratio to Numba` lines (ratio '-' where Numba is not installed).
Each timed call builds its own dict (inserts), then reads every key back (lookups), and
returns a checksum both implementations must agree on.
"""
import os
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

REPS = 7


def median_ms(run):
    t = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        run()
        t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return t[len(t) // 2]


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

    return {"1M inserts": inserts, "1M inserts + 1M lookups": inserts_and_lookups}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    import ujit

    impls = {"ujit": functions(ujit.njit)}
    try:
        import numba

        impls["Numba"] = functions(numba.njit)
    except ImportError:
        pass
    for row in impls["ujit"]:
        results = {name: fns[row](n) for name, fns in impls.items()}  # compiles, and checks agreement
        if len(set(results.values())) != 1:
            raise SystemExit(f"{row}: results differ: {results}")
        times = {name: median_ms(lambda f=fns[row]: f(n)) for name, fns in impls.items()}
        for name, ms in times.items():
            ratio = f"{ms / times['Numba']:.2f}" if "Numba" in times else "-"
            print(f"{row} | {name} | {ms:.2f} | {ratio}")


if __name__ == "__main__":
    main()
