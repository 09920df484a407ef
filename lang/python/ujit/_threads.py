"""Numba's thread functions: numba.set_num_threads, get_num_threads, get_thread_id.

The pool that parallel=True functions and 'parallel' ufuncs run on has NUMBA_NUM_THREADS
threads (else UJIT_NUM_THREADS, else one per core), read once at first use. The same three
names are builtins inside compiled code.
"""
import numbers

from ._native import ext


def set_num_threads(n):
    """How many of the pool's threads parallel work launched from this thread uses."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError("The number of threads specified must be an integer")
    ext.set_num_threads(int(n))


def get_num_threads():
    """The count set_num_threads gave this thread, else the pool's size."""
    return ext.get_num_threads()


def get_thread_id():
    """0 on the calling thread; a worker's index (1 .. pool size - 1) inside parallel code."""
    return ext.get_thread_id()
