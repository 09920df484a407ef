"""The harness the language benchmarks share (bench_lists, bench_dicts, bench_recursion): the
same functions compiled by ujit and by Numba in one process, one thread, each result checked
against an oracle, median of 7 runs, printed as `row | impl | ms | ratio to Numba` lines
(the ratio is '-' where Numba is not installed)."""
import os
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


def implementations(functions, bench):
    """{impl name: functions(njit)} for ujit and, where it imports, Numba."""
    import ujit
    impls = {"ujit": functions(ujit.njit)}
    try:
        import numba
        impls["numba " + numba.__version__] = functions(numba.njit)
    except ImportError:
        print(f"{bench}: numba not installed; ujit alone", flush=True)
    return impls


def run_rows(impls, rows):
    """rows: [(label, key, call(fn) -> result, expected)]. Checks every implementation's
    result (which also compiles it), times each, and prints the lines."""
    numba_name = next((name for name in impls if name.startswith("numba")), None)
    for label, key, call, want in rows:
        ms = {}
        for name, fns in impls.items():
            got = call(fns[key])
            if got != want:
                raise SystemExit(f"{label}: {name} gave {got!r}, expected {want!r}")
            ms[name] = median_ms(lambda f=fns[key]: call(f))
        for name, t in ms.items():
            ratio = f"{t / ms[numba_name]:.2f}" if numba_name else "-"
            print(f"{label} | {name} | {t:.2f} | {ratio}", flush=True)
