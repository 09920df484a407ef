"""Shared by the gpu_check_nplib*.sh scripts, run on the GPU machine with the real Numba:
runs corpus programs (tests/python/corpus) with `numba` being Numba itself, so each program's
check() compares Numba with CPython/NumPy, and prints Numba's answers to semantic questions."""
import importlib
import sys
import traceback


def run_programs(names):
    """Runs each corpus program's check() under Numba; returns how many failed."""
    sys.path.insert(0, "tests/python/corpus")
    failed = 0
    for name in names:
        try:
            importlib.import_module(name).check()
            print("numba ok  ", name)
        except Exception:
            failed += 1
            print("numba FAIL", name)
            traceback.print_exc(limit=3)
    return failed


def ask(what, f):
    """Prints Numba's answer to one question: f()'s value, or the exception it raised."""
    try:
        print("%-48s %r" % (what, f()))
    except Exception as e:
        print("%-48s raised %s: %s" % (what, type(e).__name__, str(e).splitlines()[0][:150]))
