"""A kernel with declared signatures runs one of them, as Numba's does (numba-cuda's
test_dispatcher.test_explicit_signatures_*): the one needing the fewest unsafe, then safe, then
promoting conversions (numba/_typeconv's select_overload), a tie at the best Numba's
"Ambiguous overloading" TypeError; arguments that fit none are Numba's TypeError, never a new
specialization. @njit with declared signatures chooses the same way."""

import numpy as np
import pytest

from ujit import cuda, float32, float64, int64, void

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


def add_kernel(r, x, y):
    r[0] = x + y


@pytest.mark.parametrize("sigs", [
    ["(int64[::1], int64, int64)", "(float64[::1], float64, float64)"],
    [(int64[::1], int64, int64), (float64[::1], float64, float64)],
    [void(int64[::1], int64, int64), void(float64[::1], float64, float64)],
])
def test_no_signature_fits_is_a_type_error(sigs):
    f = cuda.jit(sigs)(add_kernel)
    r = np.zeros(1, dtype=np.int64)
    f[1, 1](r, 1, 2)
    assert r[0] == 3
    r = np.zeros(1)
    f[1, 1](r, 1.5, 2.5)
    assert r[0] == 4.0
    with pytest.raises(TypeError, match="No matching definition for argument type"):
        f[1, 1](np.zeros(1, dtype=np.complex128), 1j, 1j)
    assert len(f.signatures) == 2 and len(f.overloads) == 2


def test_the_exact_match_is_preferred():
    # float64 arguments fit the float32 signature too, but run the float64 one.
    f = cuda.jit([void(float64[::1], float32, float32), void(float64[::1], float64, float64)])(add_kernel)
    r = np.zeros(1)
    f[1, 1](r, 1.0, 1e-8)
    assert r[0] == 1.0 + 1e-8


def test_the_signature_needing_the_fewest_unsafe_conversions_runs():
    # numba-cuda's test_explicit_signatures_same_type_class: float32 arguments run the float32
    # signature (1 + 2**-25 rounds to 1 there); a Python int and float the float64 one (int64 ->
    # float64 is safe, both to float32 unsafe), though the float32 signature is declared first.
    f = cuda.jit(["(float64[::1], float32, float32)", "(float64[::1], float64, float64)"])(add_kernel)
    r = np.zeros(1)
    f[1, 1](r, np.float32(1), np.float32(2**-25))
    assert r[0] == 1.0
    f[1, 1](r, 1, 2**-25)
    assert r[0] == 1.0000000298023224


def test_a_tie_at_the_best_is_numbas_ambiguity_error():
    # numba-cuda's test_explicit_signatures_ambiguous_resolution, its message's form.
    f = cuda.jit(["(float64[::1], float32, float64)", "(float64[::1], float64, float32)",
                  "(float64[::1], int64, int64)"])(add_kernel)
    with pytest.raises(TypeError) as e:
        f[1, 1](np.zeros(1), 1.0, 2.0)
    assert str(e.value).startswith("Ambiguous overloading for <function add_kernel ")
    assert str(e.value).endswith(
        "(Array(float64, 1, 'C', False, aligned=True), float64, float64):\n"
        "(Array(float64, 1, 'C', False, aligned=True), float32, float64) -> none\n"
        "(Array(float64, 1, 'C', False, aligned=True), float64, float32) -> none")


@pytest.mark.parametrize("arg, expected", [(1, 1.0000000298023224), (np.int32(1), 1.0000000298023224),
                                           (np.float32(1.0), 1.0), (1.0, 1.0000000298023224)])
def test_njit_chooses_as_numba_does(arg, expected):
    from ujit import njit

    @njit(["float32(float32)", "float64(float64)"])
    def plus_tiny(x):
        return x + 2**-25

    # int64 and int32 -> float64 are safe, -> float32 unsafe; float32 runs float32.
    assert plus_tiny(arg) == expected
    with pytest.raises(TypeError, match="Ambiguous overloading"):
        plus_tiny(np.int8(1))  # int8 -> float32 and -> float64 are both safe: Numba's tie


def test_specialize_makes_one_kernel_per_tuple_of_types():
    @cuda.jit
    def copy(x, y):
        x[0] = y[0]

    assert len(copy.specializations) == 0
    any_layout = copy.specialize(float32[:], float32[:])
    c_layout = copy.specialize(float32[::1], float32[::1])
    assert c_layout is copy.specialize(np.zeros(1, np.float32), np.zeros(1, np.float32))  # values: their types
    assert any_layout is not c_layout and len(copy.specializations) == 2
    assert c_layout.signatures == ["void(float32[::1], float32[::1])"]
    x = np.zeros(1, np.float32)
    c_layout[1, 1](x, np.ones(1, np.float32))
    assert x[0] == 1
    with pytest.raises(TypeError, match="No matching definition"):
        c_layout[1, 1](np.zeros(1), np.ones(1))  # it compiles no other signature
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        c_layout.specialize(float32[::1], float32[::1])
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        cuda.jit("void(float32[::1], float32[::1])")(copy.py_func).specialize(float32[::1], float32[::1])


def decrement_2d(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] -= 1


@pytest.mark.parametrize("to_device", [False, True])
def test_one_signature_alone_reads_the_other_signedness_in_place(to_device):
    # numba-cuda's test_atomic_sub3 / test_vote_sync_const_mode_val: a kernel given one
    # signature alone launches with arrays of another dtype unchecked; ujit allows the case
    # whose bits mean the same, an integer of the same size and the other signedness.
    f = cuda.jit("void(int32[:, :])")(decrement_2d)
    host = np.array([[0, 1, 7], [2**32 - 1, 2**31, 5]], dtype=np.uint32)
    want = host - np.uint32(1)  # wraps as uint32: 0 - 1 == 2**32 - 1
    a = cuda.to_device(host) if to_device else host.copy()
    f[1, (2, 3)](a)
    got = a.copy_to_host() if to_device else a
    assert got.dtype == np.uint32
    np.testing.assert_array_equal(got, want)
    f[1, (2, 3)](a)  # a second launch takes the same path
    got = a.copy_to_host() if to_device else a
    np.testing.assert_array_equal(got, want - np.uint32(1))


def test_other_dtype_mismatches_stay_type_errors():
    lone = cuda.jit("void(int32[:, :])")(decrement_2d)
    for wrong in (np.zeros((2, 3), np.float32), np.zeros((2, 3), np.uint64), np.zeros(6, np.uint32)):
        with pytest.raises(TypeError, match="No matching definition"):
            lone[1, (2, 3)](wrong)
    listed = cuda.jit(["void(int32[:, :])"])(decrement_2d)  # a list: Numba checks the types
    with pytest.raises(TypeError, match="No matching definition"):
        listed[1, (2, 3)](np.zeros((2, 3), np.uint32))


def copy_b_to_a(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].a = a[i].b


def test_one_signature_alone_of_a_record_array_launches():
    # numba-cuda's test_record_alignment: the lone signature's arrays are checked for the
    # signedness rule above; a record array is left to the launch (it raised AttributeError).
    from ujit import from_dtype

    rec_dtype = np.dtype([("a", "int32"), ("b", "float64")], align=True)
    f = cuda.jit((from_dtype(rec_dtype)[:],))(copy_b_to_a)
    a = np.recarray(3, dtype=rec_dtype)
    a.a, a.b = 0, np.arange(1, 4) * 123
    f[1, 3](a)
    np.testing.assert_array_equal(a.a, a.b)
