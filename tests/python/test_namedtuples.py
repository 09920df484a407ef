"""Named tuples in compiled code (issue 19), after numba/tests/test_tuples.py's TestNamedTuple:
Numba types an instance of a collections.namedtuple (or typing.NamedTuple) class as a
NamedUniTuple / NamedTuple of that class. Built inside (positional and keyword arguments,
defaults), read by field and by index, unpacked, iterated, compared, in lists, passed in and
returned as the user's class. CPython (the functions' .py_func) is the oracle."""
import collections
import typing

import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys

Rect = collections.namedtuple("Rect", ("width", "height"))
Point = collections.namedtuple("Point", ("x", "y", "z"))
Point2 = collections.namedtuple("Point2", ("x", "y", "z"))
Empty = collections.namedtuple("Empty", ())
Pixel = collections.namedtuple("Pixel", "row col value", defaults=(0, 1.0))


class Particle(typing.NamedTuple):
    mass: float
    charge: int = -1


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(f, *args):
    """The compiled result equals CPython's, of the same type (a namedtuple comes back as its class)."""
    got, want = njit(f)(*args), f(*args)
    assert type(got) is type(want), (got, want)
    assert got == want, (got, want)
    return got


def make_point(a, b, c):
    return Point(a, b, c)


def make_point_kws(a, b, c):
    return Point(z=c, y=b, x=a)


def test_construct_positional_and_keywords():
    for args in (4, 5, 6), (4, 5.5, 6j):
        same(make_point, *args)
        same(make_point_kws, *args)


def test_defaults_fill_omitted_fields():
    def pixels(r):
        return Pixel(r, 2), Pixel(r, col=3, value=0.5), Pixel(r)

    p = same(pixels, 7)
    assert p[2] == Pixel(7, 0, 1.0)


def test_typing_namedtuple_class_with_default():
    def make(m):
        return Particle(m), Particle(charge=2, mass=m)

    same(make, 1.5)


def test_fields_by_name_and_index_of_an_argument():
    def getattr_usecase(tup):
        return tup.z, tup.y, tup.x, tup[0], tup[-1]

    for args in (4, 5, 6), (4, 5.5, 6j):
        same(getattr_usecase, Point(*args))


def test_unpack_len_bool_iterate():
    def unpack(r):
        a, b = r
        return a - b, len(r), bool(r)

    def total(r):
        s = 0.0
        for v in r:
            s += v
        return s

    same(unpack, Rect(4, 5))
    same(unpack, Rect(4, 5.5))
    same(total, Rect(1.5, 2.5))

    def empty_len(e):
        return len(e)

    same(empty_len, Empty())


def test_run_time_index_of_a_uniform_one():
    def index(tup, i):
        return tup[i]

    p = Point(4, 5, 6)
    for i in range(3):
        same(index, p, i)


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
def test_compare(op):
    f = eval("lambda a, b: a %s b" % op)
    for a, b in [((4, 5), (4, 5)), ((4, 5), (4, 6)), ((4, 6), (4, 5)), ((4, 5), (5, 4))]:
        assert njit(f)(Rect(*a), Rect(*b)) is f(Rect(*a), Rect(*b))
    for a, b in [((4, 5), (4, 5, 6)), ((4, 5), (4, 4, 6)), ((4, 5), (4, 6, 7))]:
        assert njit(f)(Rect(*a), Point(*b)) is f(Rect(*a), Point(*b))


def test_identity_keeps_the_class_apart_from_plain_and_other_tuples():
    def identity(t):
        return t

    same(identity, (1, 2, 3))
    same(identity, Point(1, 2, 3))
    same(identity, Point2(1, 2, 3))
    same(identity, Rect(Point(1, 2, 3), 2.5))  # nested and heterogeneous


def test_in_a_list_and_as_list_items():
    def perimeter(xs, ys):
        pts = [Rect(xs[i], ys[i]) for i in range(len(xs))]
        total = 0.0
        for i in range(len(pts)):
            p, q = pts[i], pts[(i + 1) % len(pts)]
            total += ((p.width - q.width) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
        return total, pts[1]

    xs, ys = np.array([0.0, 3.0, 3.0, 0.0]), np.array([0.0, 0.0, 4.0, 4.0])
    same(perimeter, xs, ys)


def test_a_list_of_namedtuples_is_returned_as_their_class():
    def make(n):
        out = []
        for i in range(n):
            out.append(Rect(i, i * 0.5))
        return out

    same(make, 4)


def test_holding_arrays_and_lists_leaks_nothing():
    def make_point_nrt(n):
        r = Rect(list(range(n)), np.zeros(n + 1))
        return Point(r, len(r.width), len(r.height))

    compiled = njit(make_point_nrt)
    for n in (3, 0):
        got, want = compiled(n), make_point_nrt(n)
        assert type(got) is Point and got.y == want.y and got.z == want.z
        assert list(got.x.width) == want.x.width and list(got.x.height) == list(want.x.height)
    del got
    before = live()
    for n in range(5):
        compiled(n)
    assert live() == before


def test_variables_of_one_class_unify_their_fields():
    def pick(flag):
        p = Rect(1, 2)
        if flag:
            p = Rect(1.5, 2)
        return p

    assert njit(pick)(True) == Rect(1.5, 2) and type(njit(pick)(False).width) is float


def test_an_unknown_field_is_numbas_error():
    def bad(p):
        return p.w

    with pytest.raises(ujit.CompileError, match=r"Unknown attribute 'w' of type Rect\(int64 x 2\)"):
        njit(bad)(Rect(1, 2))


@pytest.mark.parametrize("attr", ["_fields", "_replace", "_asdict"])
def test_what_numba_refuses_is_refused(attr):
    f = eval("lambda p: p.%s" % attr)
    with pytest.raises(ujit.CompileError, match=r"Unknown attribute '%s' of type Rect" % attr):
        njit(f)(Rect(1, 2))


def test_constructor_argument_errors():
    def missing():
        return Rect(1)

    def unexpected():
        return Rect(1, 2, depth=3)

    def twice():
        return Rect(1, width=2)

    with pytest.raises(ujit.CompileError, match="In 'Rect': missing a required argument: 'height'"):
        njit(missing)()
    with pytest.raises(ujit.CompileError, match="In 'Rect': got an unexpected keyword argument 'depth'"):
        njit(unexpected)()
    with pytest.raises(ujit.CompileError, match="In 'Rect': multiple values for argument 'width'"):
        njit(twice)()


def test_a_named_tuple_does_not_become_a_plain_one():
    def mixed(flag):
        t = (1, 2)
        if flag:
            t = Rect(3, 4)
        return t

    with pytest.raises(ujit.CompileError, match="Rect"):
        njit(mixed)(True)


def test_machine_limits_kept_in_a_variable():
    def limits():
        i = np.iinfo(np.int32)
        f = np.finfo(np.float32)
        return i.min, i.max, i.bits, f.eps, f.max, f.tiny, f.bits, f.precision

    got, want = njit(limits)(), limits()
    assert got[:3] == (int(want[0]), int(want[1]), want[2])
    assert got[3:] == tuple(float(x) if isinstance(x, np.floating) else x for x in want[3:])


def test_machine_limits_returned_are_numbas_named_tuples():
    def info(x):
        return np.iinfo(np.int16), np.finfo(x)

    i, f = njit(info)(1.0)
    assert type(i).__name__ == "iinfo" and i._fields == ("min", "max", "bits")
    assert (i.min, i.max, i.bits) == (-32768, 32767, 16)
    assert type(f).__name__ == "finfo" and f.eps == np.finfo(np.float64).eps and f.nmant == 52


ORIGIN = Point(0.0, 0.0, 1.5)


def test_a_global_instance_is_frozen_as_a_constant():
    def shifted(d):
        return Point(ORIGIN.x + d, ORIGIN[1], ORIGIN.z), ORIGIN

    same(shifted, 2.0)


def test_scalar_conjugate_and_array_conj():
    def conj(x, n, z, a):
        return x.conjugate(), n.conjugate(), z.conjugate(), a.conj(), a.conjugate(), np.conj(a), np.conj(a.real)

    a = np.array([1 + 2j, -3 - 0.5j, 0j])
    got, want = njit(conj)(1.5, 7, 2 - 3j, a), conj(1.5, 7, 2 - 3j, a)
    assert got[:3] == want[:3] and all(type(g) is type(w) for g, w in zip(got[:3], want[:3]))
    for g, w in zip(got[3:], want[3:]):
        assert g.dtype == w.dtype and np.array_equal(g, w)


@pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPendingDeprecationWarning")  # Numba's, for a list
def test_a_reflected_list_of_namedtuples_keeps_their_class():
    def walk(pts):
        total = 0.0
        for p in pts:
            total += p.width * p[1]
        pts.append(Rect(total, 1.0))
        return total

    got, want = [Rect(1.0, 2.0), Rect(3.0, 0.5)], [Rect(1.0, 2.0), Rect(3.0, 0.5)]
    assert njit(walk)(got) == walk(want)
    assert got == want and all(type(p) is Rect for p in got)


def test_tuple_of_one_is_a_plain_tuple_and_dict_keys_work():
    def plain(p):
        return tuple(p), p == tuple(p)

    def counts(n):
        d = {}
        for i in range(n):
            p = Rect(i % 2, i % 3)
            d[p] = d.get(p, 0) + 1
        return d[Rect(0, 0)], len(d)

    same(plain, Rect(1.0, 2.0))
    same(counts, 12)


Listed = collections.namedtuple("Listed", "a b", defaults=([1],))


def test_a_default_ujit_cannot_freeze_is_a_located_error():
    def make(x):
        return Listed(x)

    with pytest.raises(ujit.CompileError, match=r"test_namedtuples.py:\d+:\d+: error: global 'Listed' is the "
                                                r"namedtuple class Listed, whose default of field 'b' is a list"):
        njit(make)(1)
