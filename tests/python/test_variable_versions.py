"""Numba's variable versions: a name assigned in several places is several variables when the
assignments never reach one use together (Numba's SSA form names them x, x.1, ...), so each
keeps its own type. CPython is the oracle for the values, Numba 0.68 (checked on the lent
machine) for the types: `x = 1; y = x; x = 2.5` leaves y an int, where one unified variable
would make it 1.0."""
import numpy as np
import pytest

from ujit import cuda, njit, prange
from ujit.core.errors import TypingError


def rebind_number(n):
    x = n
    y = x
    x = 2.5
    return y, x


def reshape_in_loop(result, arr):  # numba-cuda's test_ssa.py test_issue3931
    for i in range(1):
        arr = arr.reshape(3 * 2)
        arr = arr.reshape(3, 2)
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            result[i, j] = arr[i, j]
    return result


def scalar_then_array(n):
    t = n * 2
    total = t
    t = np.arange(n) * 1.5
    return total + t.sum()


def array_then_other_ndim(a):
    v = a.sum()
    a = a.reshape(-1)
    return v + a[-1]


def joined_branches(c):
    if c:
        y = 1
    else:
        y = 2.5
    return y


def accumulate(n):
    s = 0
    for i in range(n):
        s = s + 0.5 * i
    return s


def loop_temporaries(a):
    out = 0.0
    for i in range(a.shape[0]):
        t = a[i]
        out += t
        t = (a[i], i)
        out += t[1]
    return out


def versions_in_generator(n):
    x = 0
    for i in range(n):
        yield x
    x = 0.25
    yield x


def array_then_its_sum(n):
    x = np.zeros(n) + 1.5
    x = x.sum()
    return x


def number_then_text(a):
    for i in range(3):
        v = a[i]
        a[i] = v * 2
    v = "done"
    return a, v


def total_then_tuple(n):
    acc = 0
    for k in range(n):
        acc += k
    acc = (acc, n)
    return acc


def reduction_then_mean(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    s = s / a.shape[0]
    return s


def meeting_types_still_refused(c):
    if c:
        y = 1
    else:
        y = np.ones(2)
    return y


def test_a_rebound_number_keeps_its_type_before_the_rebinding():
    got = njit(rebind_number)(3)
    assert got == rebind_number(3)
    assert type(got[0]) is int and type(got[1]) is float


def test_print_shows_each_version_as_python_does(capfd):
    @njit
    def show():
        x = 1
        print(x)
        x = 2.5
        print(x)

    show()
    assert capfd.readouterr().out.split() == ["1", "2.5"]


@pytest.mark.parametrize("fn, args", [
    (reshape_in_loop, lambda: (np.zeros((3, 2)), np.arange(6.0).reshape(3, 2))),
    (scalar_then_array, lambda: (5,)),
    (array_then_other_ndim, lambda: (np.arange(6.0).reshape(2, 3),)),
    (loop_temporaries, lambda: (np.arange(4.0),)),
    (array_then_its_sum, lambda: (4,)),
    (number_then_text, lambda: (np.arange(4.0),)),
    (total_then_tuple, lambda: (5,)),
])
def test_versions_of_other_types_compute_as_python(fn, args):
    expected, got = fn(*args()), njit(fn)(*args())
    for e, g in zip(expected, got) if isinstance(expected, tuple) else [(expected, got)]:
        np.testing.assert_array_equal(g, e)


def test_a_parallel_reduction_rebound_after_its_loop():
    a = np.arange(10.0)
    assert njit(parallel=True)(reduction_then_mean)(a) == reduction_then_mean(a)


def test_definitions_meeting_at_a_use_unify_as_in_numba():
    f = njit(joined_branches)
    assert f(True) == 1.0 and type(f(True)) is float  # Numba: int64 and float64 meet as float64
    assert f(False) == 2.5
    assert njit(accumulate)(5) == accumulate(5)


def test_generator_versions():
    assert list(njit(versions_in_generator)(3)) == list(versions_in_generator(3))


def test_types_that_meet_and_cannot_unify_are_still_an_error():
    with pytest.raises(TypingError, match=r"variable 'y' has type .* which cannot be unified"):
        njit(meeting_types_still_refused)(True)


def test_kernel_versions():
    @cuda.jit
    def k(a, out):
        v = a[0]
        out[0] = v
        v = (a[1], a[2])
        out[1] = v[0] + v[1]

    a = np.array([1.5, 2.0, 3.0])
    out = np.zeros(2)
    k[1, 1](a, out)
    np.testing.assert_array_equal(out, [1.5, 5.0])
