"""@njit calls with array arguments through the C fast path (issue 25, item 1): every kind
of array (C/F/A layouts, read-only, 0-d, non-contiguous, negative strides, mixed with
scalars, up to 8 and past 8 arguments), NumPy as the oracle, and a cache keyed on
everything that types an array: an entry made for one layout or for a writeable array must
never serve another."""
import numpy as np
import pytest

import ujit
from ujit import njit


@njit
def weighted(a, w, b):
    return a.sum() * w + b.sum()


@njit
def corner(a):
    return a[0, 1]


@njit
def tail(a):
    return a[1:]


@njit
def item(a):
    return a[()]


def arrays():
    m = np.arange(12.0).reshape(3, 4)
    return {
        "C": m,
        "F": np.asfortranarray(m),
        "A strided": m[:, ::2],
        "A negative": m[::-1, ::-1],
        "A transposed view": m.T[1:, :],
        "read-only": np.frombuffer(m.tobytes(), dtype=np.float64).reshape(3, 4),
    }


@pytest.mark.parametrize("kind", list(arrays()))
def test_every_layout_matches_numpy(kind):
    a = arrays()[kind]
    assert corner(a) == a[0, 1]
    assert weighted(a, 2, a) == a.sum() * 2 + a.sum()


def test_layouts_in_turn_through_one_function():
    """One function called with each kind, back and forth: a cache entry shared between two
    layouts would read the F or strided array as if it were C and give the wrong element."""

    @njit
    def at(a, i, j):
        return a[i, j]

    kinds = arrays()
    for _ in range(2):
        for a in kinds.values():
            for i in range(3):
                for j in range(a.shape[1]):
                    assert at(a, i, j) == a[i, j]
    codes = {ujit._native.ext.code_of(a) for a in kinds.values()}
    assert len(codes) >= 4  # C, F, A, read-only C all keyed apart


def test_read_only_after_writeable_keeps_types_apart():
    """A read-only argument types as readonly array: its view result is read-only, and a
    writeable argument of the same dtype, ndim and layout afterwards gets a writeable view
    (the C++ call cache once keyed both alike and returned the read-only type to both)."""

    @njit
    def view(a):
        return a[1:]

    ro = np.zeros(3)
    ro.flags.writeable = False
    assert not view(ro).flags.writeable
    rw = np.zeros(3)
    r = view(rw)
    assert r.flags.writeable
    r[0] = 7.0
    assert rw[1] == 7.0
    assert not view(ro).flags.writeable


def test_read_only_argument_refused_for_writes():
    @njit
    def store(a):
        a[0] = 1.0

    ro = np.zeros(2)
    ro.flags.writeable = False
    with pytest.raises(ujit.CompileError, match="readonly array"):
        store(ro)
    rw = np.zeros(2)
    store(rw)
    assert rw[0] == 1.0
    with pytest.raises(ujit.CompileError, match="readonly array"):
        store(ro)
    assert ro[0] == 0.0


def test_zero_d_and_empty_arrays():
    assert item(np.array(4.5)) == 4.5
    ro = np.array(2.5)
    ro.flags.writeable = False
    assert item(ro) == 2.5
    assert item(np.array(7)) == 7

    @njit
    def size(a):
        return a.size

    assert size(np.zeros((0, 5))) == 0
    assert size(np.zeros((5, 0), order="F")) == 0
    assert size(np.zeros(3)) == 3


def test_mixed_arrays_and_scalars_1_to_10():
    for n in range(1, 11):
        params = ", ".join("x%d" % i for i in range(n))
        body = " + ".join("x%d[-1]" % i if i % 2 == 0 else "x%d" % i for i in range(n))
        ns = {}
        exec("def f(%s):\n    return %s\n" % (params, body), ns)
        f = njit(ns["f"])
        for _ in range(2):  # the first call compiles, the second takes the cached entry
            args = [np.arange(1.0, 4.0 + i) if i % 2 == 0 else (i if i % 4 == 1 else 0.5 * i) for i in range(n)]
            expect = sum(a[-1] if isinstance(a, np.ndarray) else a for a in args)
            assert f(*args) == expect


def test_array_results_own_their_memory():
    @njit
    def fresh(n):
        return np.arange(n) * 2.0

    @njit
    def scaled(a, k):
        return a * k

    r = fresh(5)
    assert r.flags.owndata or r.base is not None
    np.testing.assert_array_equal(r, np.arange(5) * 2.0)
    a = np.arange(4.0)[::-1]
    np.testing.assert_array_equal(scaled(a, 3), a * 3)
    t = tail(a)
    del a
    np.testing.assert_array_equal(t, [2.0, 1.0, 0.0])


def test_wrong_dtype_and_unsupported_arrays_raise():
    @njit("float64(float64[:])")
    def declared(a):
        return a[0]

    assert declared(np.ones(2)) == 1.0
    with pytest.raises(TypeError):
        declared(np.ones(2, dtype=np.int8))  # no declared signature fits
    with pytest.raises(ujit.TypingError):
        corner(np.zeros((2, 2), dtype=object))
    swapped = np.arange(6.0).reshape(2, 3).astype(">f8")
    with pytest.raises(ujit.TypingError):
        corner(swapped)


def test_unaligned_and_subclass_arrays():
    raw = np.zeros(8 * 12 + 1, dtype=np.uint8)[1:].view(np.float64).reshape(3, 4)
    raw[...] = np.arange(12.0).reshape(3, 4)
    assert corner(raw) == 1.0

    class Sub(np.ndarray):
        pass

    s = np.arange(12.0).reshape(3, 4).view(Sub)
    assert corner(s) == 1.0


@pytest.mark.parametrize("dtype", [np.int8, np.float16, np.int32, np.float64, np.complex128])
def test_strides_of_every_item_size_and_sign(dtype):
    """Strides in items for each item size (1 to 16 bytes), negative ones too."""
    a = np.arange(24).astype(dtype).reshape(4, 6)
    for view in (a[::-1, ::2], a[:, ::-3], a.T[::-2], a[1::2, 5::-1]):
        assert corner(view) == view[0, 1]


def test_strides_that_are_not_whole_items_are_refused():
    raw = np.zeros(16, np.uint8)
    odd = np.ndarray(shape=(3,), dtype=np.int16, buffer=raw, strides=(3,))
    with pytest.raises(ValueError, match="multiples of the item size"):
        njit(lambda a: a[0])(odd)
