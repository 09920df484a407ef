"""What a call stores in a jitclass instance made before it (a member, or a typed List or Dict
member) survives the call raising: the raise frees what the call allocated, but not what an
instance that outlives it holds (nrt.h, ujit_nrt_escape_into). It freed the new member under
the instance: a wrong sum, garbage text, then a crash (found by a red team). Numba keeps the
stored member. A reference the raise skipped stays counted: the member leaks rather than
being freed while in use, so the counters are not checked here."""
import numpy as np

from ujit import njit, typed, types
from ujit.experimental import jitclass


@jitclass([("arr", types.float64[:]), ("name", types.unicode_type), ("items", types.ListType(types.float64[:])),
           ("table", types.DictType(types.unicode_type, types.float64[:]))])
class Box:
    def __init__(self):
        self.arr = np.zeros(1)
        self.name = "x"
        self.items = typed.List.empty_list(types.float64[:])
        self.table = typed.Dict.empty(types.unicode_type, types.float64[:])

    def grow(self, n):
        self.arr = np.full(n, 7.0)
        raise ValueError("boom")


@njit
def rename(b, n):
    b.name = "abc" * n
    raise ValueError("boom")


@njit
def append_then_raise(b, n):
    b.items.append(np.full(n, 7.0))
    raise ValueError("boom")


@njit
def insert_then_raise(b, n):
    b.table["k" * n] = np.full(n, 7.0)
    raise ValueError("boom")


def raises(f, *args):
    try:
        f(*args)
    except ValueError:
        return True
    return False


def test_a_member_stored_before_a_raise_stays_valid():
    b = Box()
    for n in (10, 50000):
        assert raises(b.grow, n)
        junk = np.full(n, 1.0)  # reuses freed memory, were the member freed
        assert b.arr.sum() == 7.0 * n and junk.sum() == n
        assert raises(rename, b, n)
        junk = "zzz" * n
        assert b.name == "abc" * n


def test_typed_members_keep_what_a_raising_call_stored():
    b = Box()
    for n in (3, 50000):
        assert raises(append_then_raise, b, n)
        assert raises(insert_then_raise, b, n)
        junk = np.full(n, 1.0)
        assert b.items[-1].sum() == 7.0 * n and junk.sum() == n
        assert b.table["k" * n].sum() == 7.0 * n
    assert len(b.items) == 2 and len(b.table) == 2
