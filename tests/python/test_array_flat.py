"""a.flat in compiled code (Numba's NumpyFlatType): iterated (for, enumerate, zip), indexed and
assigned by one integer, and len()'d, each in C order whatever the array's layout. NumPy's
a.flat is the oracle for values; Numba 0.68 for what it types (it also stores a.flat in a
variable, which ujit refuses: docs/differences.md). Where Numba reads outside the array
(a.flat[-1], a.flat[a.size]) ujit does what NumPy does: a negative index counts from the end,
one outside is IndexError."""
import numpy as np
import pytest

import ujit
from ujit import njit

MATRIX = np.arange(12.0).reshape(3, 4)
LAYOUTS = [MATRIX, np.asfortranarray(MATRIX), MATRIX[::2, ::-1], MATRIX.T, MATRIX[:, 1:3],
           np.arange(24).reshape(2, 3, 4)[:, ::2], np.array(5.0), np.zeros((0, 3)), np.arange(7, dtype=np.int32)]


@njit
def items(a):
    out = []
    for v in a.flat:
        out.append(v)
    return out


@njit
def weighted(a):
    s = 0.0
    for i, v in enumerate(a.flat):
        s += i * v
    return s


@njit
def paired(a, b):
    s = 0.0
    for x, y in zip(a.flat, b.flat):
        s += x * y
    return s


@njit
def item_at(a, i):
    return a.flat[i]


@njit
def store_at(a, i, v):
    a.flat[i] = v


@njit
def add_at(a, i, v):
    a.flat[i] += v


@njit
def flat_len(a):
    return len(a.flat)


@pytest.mark.parametrize("a", LAYOUTS, ids=lambda a: "%s-%s" % (a.shape, a.strides))
def test_iteration_in_c_order(a):
    assert items(a) == list(a.flat)
    assert weighted(a) == sum(i * v for i, v in enumerate(a.flat))
    assert paired(a, a) == sum(x * x for x in a.flat)
    assert flat_len(a) == len(a.flat) == a.size


@pytest.mark.parametrize("a", LAYOUTS[:6], ids=lambda a: "%s-%s" % (a.shape, a.strides))
def test_indexing_in_c_order(a):
    for i in list(range(a.size)) + [-1, -a.size]:
        assert item_at(a, i) == a.flat[i], i


@pytest.mark.parametrize("make", [lambda: MATRIX.copy(), lambda: np.asfortranarray(MATRIX),
                                  lambda: MATRIX.copy()[::2, ::-1]])
def test_assignment_writes_the_array(make):
    got, want = make(), make()
    for i, v in [(0, -1.0), (5, 100.0), (-1, 7.5)]:
        if i < want.size:
            store_at(got, i, v)
            want.flat[i] = v
    add_at(got, 1, 10)
    want.flat[1] += 10
    np.testing.assert_array_equal(got, want)


def test_index_outside_is_index_error():
    with pytest.raises(IndexError, match="^index 12 is out of bounds for axis 0 with size 12 "):
        item_at(MATRIX, 12)
    with pytest.raises(IndexError, match="^index -13 is out of bounds for axis 0 with size 12 "):
        item_at(MATRIX, -13)
    a = MATRIX.copy()
    with pytest.raises(IndexError):
        store_at(a, 12, 1.0)
    np.testing.assert_array_equal(a, MATRIX)
    assert item_at(MATRIX, 11) == 11.0  # the process goes on


def test_item_converts_to_the_arrays_dtype():
    a = np.zeros(4, dtype=np.int16)
    store_at(a, 2, 3.9)  # as NumPy's a.flat[2] = 3.9 (truncates)
    assert a[2] == 3 and a.dtype == np.int16


def test_readonly_array_is_refused():
    a = np.arange(4.0)
    a.setflags(write=False)
    assert items(a) == [0.0, 1.0, 2.0, 3.0]
    with pytest.raises(ujit.CompileError, match="Cannot modify readonly array"):
        store_at(a, 0, 1.0)


def compile_error(src):
    scope = {"np": np, "njit": njit}
    exec(src, scope)
    with pytest.raises(ujit.CompileError) as info:
        scope["f"](MATRIX.copy())
    return str(info.value)


@pytest.mark.parametrize("body, message", [
    ("return a.flat[1:3]", "is indexed by one integer in ujit, not sliced"),
    ("return a.flat[1.5]", "is indexed by an integer, not float64"),
    ("x = a.flat\n    return 0", "cannot assign array.flat(array(float64, 2d, C)) to variable 'x'"),
    ("return a.flat", "cannot return array.flat(array(float64, 2d, C))"),
])
def test_what_ujit_refuses_is_a_located_error(body, message):
    text = compile_error("@njit\ndef f(a):\n    %s\n" % body)
    assert message in text
