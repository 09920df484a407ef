"""A for loop keeps what it iterates alive, as Numba's getiter takes a reference: the body may
rebind the variable (`for x in L: L = ...`, `for s in s`) or replace the list item iterated,
and the loop used to go on reading the freed list, array or string (wrong sums when a new
allocation reused the block, double frees otherwise). A list is iterated to its current
length, as Numba's list iterator reads it before each item: popping inside the loop used to
read the popped (freed) items. CPython is the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def list_rebound(n):
    L = [np.arange(i + 1) for i in range(n)]
    s = 0
    for x in L:
        L = [np.zeros(3, dtype=np.int64)]
        junk = np.full(n + 1, 7)  # an allocation that reuses a freed block
        s += x.sum() + junk[0]
    return s


def array_rebound(n):
    a = np.arange(n) + 1
    s = 0
    for x in a:
        a = np.zeros(1, dtype=np.int64)
        junk = np.full(n, 7)
        s += x + junk[0]
    return s


def view_of_rebound_array(n):
    a = np.arange(n) + 1
    s = 0
    for x in a[1:]:
        a = np.zeros(1, dtype=np.int64)
        junk = np.full(n, 7)
        s += x + junk[0]
    return s


def str_rebound(n):
    s = "ab" * n
    out = 0
    for c in s:
        s = "z" + str(out)
        out += ord(c)
    return out


def str_is_its_own_target(n):
    s = "abc" * n
    out = ""
    for s in s:
        out += s + "."
    return out + s


def tuple_rebound(n):
    t = (np.arange(n) + 1, np.arange(n) + 2)
    s = 0
    for x in t:
        t = (np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64))
        junk = np.full(n, 7)
        s += x.sum() + junk[0]
    return s


def zip_rebound(n):
    L1 = [np.arange(i + 1) for i in range(n)]
    L2 = [np.arange(i + 2) for i in range(n)]
    s = 0
    for a, b in zip(L1, L2):
        L1 = [np.zeros(1, dtype=np.int64)]
        L2 = L1
        junk = np.full(n + 2, 7)
        s += a.sum() + b.sum() * 100 + junk[0]
    return s


def enumerate_rebound(n):
    L = [np.arange(i + 1) for i in range(n)]
    s = 0
    for i, a in enumerate(L):
        L = [np.zeros(1, dtype=np.int64)]
        junk = np.full(n + 2, 7)
        s += a.sum() * i + junk[0]
    return s


def dict_values_rebound(n):
    d = {}
    for i in range(n):
        d[i] = np.arange(i + 1)
    s = 0
    for v in d.values():
        d = {0: np.zeros(1, dtype=np.int64)}
        junk = np.full(n + 2, 7)
        s += v.sum() + junk[0]
    return s


def list_item_replaced(n):
    L = [np.arange(n) + 1]
    s = 0
    for x in L[0]:
        L[0] = np.zeros(1, dtype=np.int64)
        junk = np.full(n, 7)
        s += x + junk[0]
    return s


def nested_lists_rebound(n):
    L = [[np.arange(i + 1)] for i in range(n)]
    s = 0
    for inner in L:
        L = [[np.zeros(1, dtype=np.int64)]]
        for a in inner:
            inner = [np.zeros(1, dtype=np.int64)]
            junk = np.full(n + 2, 7)
            s += a.sum() + junk[0]
    return s


def pop_while_iterating(n):
    L = [np.arange(i + 1) for i in range(n)]
    s = 0
    for x in L:
        L.pop()  # Python stops at the shortened list's end
        junk = np.full(n + 1, 7)
        s += x.sum() + junk[0]
    return s


def append_while_iterating(n):
    L = [1, 2, 3]
    s = 0
    for x in L:
        if len(L) < n:
            L.append(x + 1)  # Python goes on over the appended items
        s += x
    return s * 1000 + len(L)


def reversed_rebound(n):
    # reversed(L) has the type of L's items: for a list of arrays or strings the loop was
    # lowered as one over an array or a string (an internal compiler error)
    L = [np.arange(i + 1) for i in range(n)]
    words = ["a" * (i + 1) for i in range(n)]
    s = 0
    for a in reversed(L):
        L = [np.zeros(1, dtype=np.int64)]
        s = s * 10 + a.sum()
    for w in reversed(words):
        words = ["zz"]
        s = s * 10 + len(w)
    return s


def item_in_try_raising(n):
    # inside a try the loop takes no count it does not need: a landing would keep it
    L = [np.arange(n) + 1, np.arange(2)]
    s = 0
    try:
        for x in L[0]:
            if x == 2:
                raise ValueError("two")
            s += x
    except Exception:
        s += 1000
    return s


def item_in_try_popped(n):
    # ... and one it needs where the body pops the item it iterates
    L = [np.arange(n) + 1, np.arange(2)]
    s = 0
    try:
        for x in L[0]:
            if x == 1:
                L.pop(0)
            s += x + np.full(n, 7)[0]
    except Exception:
        s += 1000
    return s


def break_and_return(n):
    L = [np.arange(i + 1) for i in range(n)]
    for x in L:
        L = [np.zeros(1, dtype=np.int64)]
        if x.size == 2:
            break
    for y in L:
        L = [np.ones(2, dtype=np.int64)]
        return y.sum() + x.sum() * 10
    return -1


CASES = [
    (list_rebound, (5,)),
    (array_rebound, (6,)),
    (view_of_rebound_array, (6,)),
    (str_rebound, (3,)),
    (str_is_its_own_target, (2,)),
    (tuple_rebound, (4,)),
    (zip_rebound, (4,)),
    (enumerate_rebound, (4,)),
    (dict_values_rebound, (4,)),
    (list_item_replaced, (6,)),
    (nested_lists_rebound, (4,)),
    (pop_while_iterating, (4,)),
    (append_while_iterating, (50,)),
    (reversed_rebound, (4,)),
    (item_in_try_raising, (4,)),
    (item_in_try_popped, (4,)),
    (break_and_return, (4,)),
]


@pytest.mark.parametrize("fn,args", CASES, ids=[c[0].__name__ for c in CASES])
def test_the_loop_keeps_its_iterable(fn, args):
    compiled = njit(fn)
    expected = fn(*args)
    assert compiled(*args) == expected  # compile first: the count covers calls only
    before = live()
    for _ in range(30):  # repeated: a freed block is reused by a later call's allocations
        assert compiled(*args) == expected
    assert live() == before
