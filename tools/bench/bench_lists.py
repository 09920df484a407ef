#!/usr/bin/env python3
"""Lists in compiled code (issue 19 item 7): ujit against Numba, in one process, one
thread, median of 7 runs. Each function builds its list inside the call and returns a
number from it, so the rows time list building, not boxing a result:

    1M appends to [] in a loop        target <= 1.0x Numba
    [i * 2 for i in range(1M)]        (the comprehension: the same appends)
    sum over a 1M-item list           (reads)

    PYTHONPATH=lang/python python3 tools/bench/bench_lists.py [n]

Prints `row | impl | ms | ratio to Numba` lines (the ratio column is 1.00 for the first
implementation when Numba is not installed).
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

    return {"appends": appends, "comprehension": comprehension, "sum": total}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    impls = {}
    import ujit
    impls["ujit"] = functions(ujit.njit)
    try:
        import numba
        impls["numba " + numba.__version__] = functions(numba.njit)
    except ImportError:
        print("bench_lists: numba not installed; ujit alone", flush=True)
    want = {"appends": n + n - 1, "comprehension": n + 2 * (n - 1), "sum": n * (n - 1) // 2}
    labels = {"appends": f"{n} appends to []", "comprehension": f"[i * 2 for i in range({n})]",
              "sum": f"list(range({n})) and a for loop summing it"}
    ms = {name: {} for name in impls}
    for name, f in impls.items():
        for key, fn in f.items():
            assert fn(n) == want[key], (name, key)  # compiles, and checks the result
            ms[name][key] = median_ms(lambda: fn(n))
    numba_name = next((name for name in impls if name.startswith("numba")), None)
    for name in impls:
        for key in want:
            ratio = ms[name][key] / ms[numba_name][key] if numba_name else 1.0
            print(f"{labels[key]} | {name} | {ms[name][key]:.2f} | {ratio:.2f}", flush=True)

if __name__ == "__main__":
    main()
