"""Sets of numbers in compiled code: displays, set(), set(array), add, discard, remove, pop,
in, len, iteration, | & - ^ and their in-place forms, update, clear, copy. CPython runs the same
source as the oracle (results that do not depend on a set's iteration order); the allocation
counters are the oracle for leaks; errors are Numba's classes and messages."""
import pytest

from ujit import njit
from test_dicts import check, live, load

CASES = {
    "display_len_in": ("""
def f(x):
    s = {1, 2, 3, 2, 1}
    return (len(s), x in s, 7 not in s)
""", (2,)),
    "set_call_add_discard": ("""
def f(n):
    s = set()
    for i in range(n):
        s.add(i % 7)
    s.discard(3)
    s.discard(100)
    return (len(s), 3 in s, 4 in s)
""", (20,)),
    "from_array": ("""
def f(n):
    a = np.arange(n) % 5
    s = set(a)
    t = 0
    for x in s:
        t += x
    return (len(s), t)
""", (17,)),
    "operators": ("""
def f(n):
    a = set()
    b = set()
    for i in range(n):
        a.add(i)
        b.add(i * 2)
    u = a | b
    both = a & b
    d = a - b
    x = a ^ b
    su = 0
    for v in u:
        su += v
    sx = 0
    for v in x:
        sx += v
    return (len(u), len(both), len(d), len(x), su, sx)
""", (10,)),
    "in_place_and_update": ("""
def f(n):
    a = {1, 2, 3}
    b = {3, 4}
    a |= b
    c = a.copy()
    c -= {1}
    c &= {2, 3, 4, 9}
    c ^= {4, 5}
    a.update(np.arange(n))
    return (len(a), len(c), 5 in c, 4 in c, 2 in c)
""", (8,)),
    "float_items_and_remove": ("""
def f(x):
    s = {0.5, 1.5, x}
    s.remove(1.5)
    return (len(s), 1.5 in s, x in s, -0.0 in {0.0})
""", (2.5,)),
    "pop_and_clear": ("""
def f(n):
    s = {n}
    v = s.pop()
    t = {1, 2}
    t.clear()
    return (v, len(s), len(t))
""", (4,)),
    "equality": ("""
def f(n):
    a = set()
    b = set()
    for i in range(n):
        a.add(i)
    for j in range(n):
        b.add(n - 1 - j)
    return (a == b, a != b, a == {0})
""", (4,)),
    "tuple_items": ("""
def f(n):
    s = set()
    for i in range(n):
        s.add((i % 3, i % 2))
    return (len(s), (2, 1) in s)
""", (12,)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_against_cpython(name):
    src, args = CASES[name]
    check(src, *args)


def test_set_passed_to_a_compiled_callee():
    m = load("""
from ujit import njit

@njit
def total(s):
    t = 0
    for v in s:
        t += v
    return t

@njit
def f(n):
    s = set()
    for i in range(n):
        s.add(i % 5)
    return total(s) + len(s)
""")
    assert m.f(12) == sum(set(i % 5 for i in range(12))) + 5


def test_remove_and_pop_raise_keyerror():
    m = load("""
def f(k):
    s = {1, 2}
    s.remove(k)
    return len(s)

def g(k):
    s = {k}
    s.pop()
    return s.pop()
""")
    for name, msg in (("f", "set.remove(): key not in set"), ("g", "set.pop(): empty set")):
        fn = njit(getattr(m, name))
        before = live()
        with pytest.raises(KeyError) as e:
            fn(3)
        assert live() == before
        assert msg in str(e.value)
