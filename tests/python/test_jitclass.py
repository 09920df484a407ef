"""numba.experimental.jitclass through the Python package (Numba 0.68's semantics and errors):
instances made in compiled code and from Python are one kind of object, counted memory that
dies with its last reference (Python's box holds one). The oracles are the same class run as
plain Python (Numba's `cls.class_type.class_def`, the undecorated class) and NumPy; the
allocation counters must come back."""
import gc

import numpy as np
import pytest

from ujit import float64, int64, njit, typed, types
from ujit.experimental import jitclass
from ujit.runtime import rtsys


def live():
    gc.collect()
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@jitclass([("count", int64), ("lo", float64), ("hi", float64)])
class Extremes:
    def __init__(self):
        self.count = 0
        self.lo = np.inf
        self.hi = -np.inf

    def push(self, x):
        self.count += 1
        if x < self.lo:
            self.lo = x
        if x > self.hi:
            self.hi = x

    @property
    def span(self):
        return self.hi - self.lo if self.count else 0.0


@jitclass
class Buffer:
    """Annotations name the members (Numba 0.49+)."""
    data: float64[:]
    size: int64

    def __init__(self, capacity):
        self.data = np.zeros(capacity)
        self.size = 0

    def add(self, x):
        self.data[self.size] = x
        self.size += 1
        return self.size

    def total(self):
        return self.data[:self.size].sum()

    @property
    def full(self):
        return self.size == len(self.data)

    @staticmethod
    def scaled(x, k):
        return x * k


@jitclass({"x": float64, "y": float64})
class Point:
    def __init__(self, x, y=0.0):
        self.x = x
        self.y = y

    @property
    def norm2(self):
        return self.x * self.x + self.y * self.y

    @norm2.setter
    def norm2(self, value):
        k = (value / self.norm2) ** 0.5
        self.x *= k
        self.y *= k

    def moved(self, dx):
        return Point(self.x + dx, self.y)


@jitclass([("head", Point.class_type.instance_type), ("buf", Buffer.class_type.instance_type)])
class Pair:
    def __init__(self, p, n):
        self.head = p
        self.buf = Buffer(n)


@njit
def stats(a):
    r = Extremes()
    for v in a:
        r.push(v)
    return r.count, r.lo, r.span


@njit
def fill(b, a):
    for v in a:
        b.add(v)
    return b.total()


@njit
def shifted(p, dx):
    return p.moved(dx)


@njit
def make_pair(n):
    return Pair(Point(1.0, 2.0), n)


def oracle(a):
    r = Extremes.class_type.class_def()  # the class as Python runs it
    for v in a:
        r.push(v)
    return r.count, r.lo, r.span


def test_compiled_code_makes_and_uses_instances():
    a = np.random.RandomState(16).rand(100)
    assert stats(a) == (100, a.min(), np.ptp(a)) == oracle(a)


def test_python_constructs_and_runs_compiled_methods():
    r = Extremes()
    r.push(1.0)
    r.push(3.0)
    assert (r.count, r.lo, r.span) == (2, 1.0, 2.0)
    r.lo = 0  # converted to the member's type, as Numba's setattr
    assert r.lo == 0.0 and type(r.lo) is float and r.span == 3.0
    assert isinstance(r, Extremes) and not isinstance(r, Point)
    assert not isinstance(Extremes.class_type.class_def(), Extremes)


def test_instances_pass_between_python_and_compiled_functions():
    b = Buffer(5)
    assert fill(b, np.array([1.0, 2.0, 3.0])) == 6.0
    assert b.size == 3 and not b.full and b.total() == 6.0  # compiled code changed Python's instance
    np.testing.assert_array_equal(b.data, [1.0, 2.0, 3.0, 0.0, 0.0])
    assert Buffer.scaled(3.0, 2) == 6.0
    p = shifted(Point(3.0, 4.0), 1.0)
    assert isinstance(p, Point) and (p.x, p.y, p.norm2) == (4.0, 4.0, 32.0)
    p.norm2 = 8.0
    assert (p.x, p.y) == (2.0, 2.0)
    assert Point(5.0).y == 0.0 and Point(1.0, y=2.0).y == 2.0


def test_members_that_are_instances_and_arrays():
    pair = make_pair(4)
    assert (pair.head.x, pair.head.y) == (1.0, 2.0)
    assert pair.buf.add(7.0) == 1 and pair.buf.total() == 7.0
    inner = pair.buf
    del pair
    assert inner.total() == 7.0  # Python's box keeps the member alive after its owner


def test_instances_die_with_their_last_reference():
    stats(np.ones(3))
    make_pair(2)
    fill(Buffer(3), np.ones(2))
    before = live()
    for _ in range(3):
        stats(np.arange(10.0))
        pair = make_pair(8)
        pair.buf.add(1.0)
        b = Buffer(4)
        fill(b, np.ones(3))
        p = shifted(Point(1.0, 1.0), 2.0)
        del pair, b, p
    assert live() == before


def test_numba_errors_for_what_it_refuses():
    with pytest.raises(TypeError, match="spec values should be Numba type instances, got 3"):
        jitclass([("x", 3)])(type("Bad", (), {}))
    with pytest.raises(TypeError, match="spec keys should be strings, got 1"):
        jitclass({1: float64})(type("Bad", (), {}))
    with pytest.raises(TypeError, match="class members are not yet supported: k"):
        jitclass([("x", float64)])(type("Bad", (), {"k": 1}))
    with pytest.raises(NameError, match="name shadowing: x"):
        jitclass([("x", float64)])(type("Bad", (), {"x": lambda self: 1}))


@njit
def unknown_attribute(p):
    return p.z


@njit
def wrong_store(p):
    p.x = np.zeros(2)


def test_typing_errors_are_located():
    with pytest.raises(Exception, match=r"test_jitclass.py:\d+:\d+: error: Unknown attribute 'z' of type "
                                        r"instance.jitclass.Point#<x:float64,y:float64>"):
        unknown_attribute(Point(1.0))
    with pytest.raises(Exception, match=r"Cannot resolve setattr: \(instance.jitclass.Point#<x:float64,y:float64>\)"
                                        r"\.x = array\(float64, 1d, C\)"):
        wrong_store(Point(1.0))


@jitclass([("items", types.ListType(types.float64)), ("k", int64)])
class Bag:
    def __init__(self, k):
        self.items = typed.List.empty_list(types.float64)
        self.k = k

    def add(self, v):
        if v < 0:
            raise ValueError("negative")
        self.items.append(v * self.k)
        return len(self.items)


@njit
def xs_of_list(n):
    points = [Point(float(i), 0.0) for i in range(n)]
    return sum([p.x for p in points])


@njit
def last_of_typed_list(n):
    points = typed.List()
    for i in range(n):
        points.append(Point(1.0, float(i)))
    return points[n - 1].y


@njit
def bag_of(n):
    b = Bag(2)
    for i in range(n):
        b.add(float(i))
    return b.items[n - 1], len(b.items)


@njit
def bag_raising():
    b = Bag(2)
    b.add(1.0)
    return b.add(-1.0)


def test_instances_in_lists_and_typed_list_members():
    assert xs_of_list(4) == sum(float(i) for i in range(4))
    assert last_of_typed_list(3) == 2.0
    assert bag_of(5) == (8.0, 5)
    b = Bag(3)
    assert b.add(2.0) == 1 and list(b.items) == [6.0]


def test_a_raise_in_a_method_reaches_the_caller_and_leaks_nothing():
    with pytest.raises(ValueError, match="negative"):
        bag_raising()
    with pytest.raises(ValueError, match="negative"):
        Bag(1).add(-2.0)
    before = live()
    for _ in range(3):
        xs_of_list(10)
        last_of_typed_list(10)
        bag_of(10)
        with pytest.raises(ValueError):
            bag_raising()
    assert live() == before


@jitclass({"x": float64, "y": float64})
class Scaled:
    def __init__(self, x, y=0.5):
        self.x = x
        self.y = y

    def scaled(self, k=2.0, shift=0.0):
        return self.x * k + shift + self.y


@njit
def keywords_and_defaults(a):
    p = Scaled(a)
    q = Scaled(a, y=3.0)
    return p.y, q.y, p.scaled(), p.scaled(shift=1.0), q.scaled(3.0)


def test_compiled_calls_bind_keywords_and_defaults_as_python():
    cls = Scaled.class_type.class_def
    p, q = cls(1.0), cls(1.0, y=3.0)
    assert keywords_and_defaults(1.0) == (p.y, q.y, p.scaled(), p.scaled(shift=1.0), q.scaled(3.0))
    assert Scaled(2.0).scaled(shift=1.0) == cls(2.0).scaled(shift=1.0)


def test_a_class_defined_in_a_function():
    """Numba compiles a jitclass wherever it is defined; ujit reads a nested class's text
    dedented, so its methods see the enclosing function's names and errors keep the file's
    columns."""
    @njit
    def twice(x):
        return 2 * x

    step = 5

    @jitclass([("v", float64)])
    class Acc:
        def __init__(self, v):
            self.v = v

        def bump(self):
            self.v = twice(self.v) + step
            return self.v

        def broken(self):
            return self.v + "x"

    a = Acc(1.5)
    assert a.bump() == 8.0 and a.v == 8.0

    @njit
    def made_inside():
        b = Acc(0.5)
        b.bump()
        return b.bump()

    assert made_inside() == 17.0

    @njit
    def uses_broken():
        return Acc(1.0).broken()

    line = Acc.class_type.class_def.broken.__code__.co_firstlineno + 1
    with pytest.raises(Exception, match=r"test_jitclass\.py:%d:20: error: unsupported operand types for \+: "
                                        r"float64 and unicode_type" % line):
        uses_broken()
