"""Numba's @overload in compiled code (_overloads.py): the typing function gets the Numba
types of the call's arguments and returns the implementation, which compiles for the
caller's target; a target's own overload beats a generic one (numba-cuda's test_overload).
Kernels run on the host device where there is no GPU."""
import warnings

import numpy as np
import pytest

import ujit
from ujit import cuda, types
from ujit.extending import overload

warnings.simplefilter("ignore", ujit.errors.NumbaPerformanceWarning)  # one-block grids


def scale():
    pass


def where_am_i():
    pass


def outer():
    pass


def with_defaults():
    pass


def by_type():
    pass


def cuda_only():
    pass


def refuses_floats():
    pass


@overload(scale, target="generic")
def ol_scale(x):
    def impl(x):
        x[0] *= 2

    return impl


@overload(where_am_i, target="generic")
def ol_where_generic(x):
    return lambda x: 1


@overload(where_am_i, target="cuda")
def ol_where_cuda(x):
    return lambda x: 2


@overload(where_am_i, target="cpu")
def ol_where_cpu(x):
    return lambda x: 3


@overload(outer, target="generic")
def ol_outer(x):
    def impl(x):
        x[0] *= 5
        scale(x)
        x[1] = where_am_i(x)

    return impl


@overload(with_defaults)
def ol_with_defaults(out, x, y=5, z=6):
    def impl(out, x, y=5, z=6):
        out[0], out[1] = x + y, z

    return impl


@overload(by_type)
def ol_by_type(x):
    # The typing function sees Numba types: a different implementation per kind.
    if isinstance(x, types.Integer):
        return lambda x: x * 10
    if isinstance(x, types.Float):
        return lambda x: x / 2
    if isinstance(x, types.UniTuple):
        count = x.count

        def impl(x):
            return x[0] * count

        return impl
    return None


@overload(cuda_only, target="cuda")
def ol_cuda_only(x):
    return lambda x: x


@overload(refuses_floats)
def ol_refuses_floats(x):
    if isinstance(x, types.Float):
        return None
    return lambda x: x


@cuda.jit
def kernel_outer(x):
    outer(x)


@ujit.njit
def njit_outer(x):
    outer(x)


def test_generic_overload_calling_overloads_picks_the_callers_target():
    x = np.ones(2, dtype=np.int32)
    kernel_outer[1, 1](x)
    assert list(x) == [10, 2]  # the cuda overload of where_am_i beats the generic one
    x = np.ones(2, dtype=np.int32)
    njit_outer(x)
    assert list(x) == [10, 3]  # and the cpu one, in @njit code


def test_defaults_and_keywords():
    @cuda.jit
    def kernel(a, b, out):
        with_defaults(out, a, z=b)

    out = np.empty(2, dtype=np.int64)
    kernel[1, 1](1, 2, out)
    assert tuple(out) == (6, 2)


def test_the_typing_function_sees_numba_types():
    @ujit.njit
    def on_int(v):
        return by_type(v)

    @ujit.njit
    def on_float(v):
        return by_type(v)

    @ujit.njit
    def on_tuple(t):
        return by_type(t)

    assert on_int(3) == 30
    assert on_float(3.0) == 1.5
    assert on_tuple((4, 5, 6)) == 12


def test_each_specialization_chooses_its_own_implementation():
    # One dispatcher called with an int, then a float, then an int: each specialization gets
    # the implementation the typing function returns for its types, as Numba's (the first
    # call's choice served them all, silently: found by this stop's API probe).
    @ujit.njit
    def either(v):
        return by_type(v)

    assert either(3) == 30
    assert either(3.0) == 1.5
    assert either(4) == 40
    assert either((7, 2)) == 14
    assert either(5.0) == 2.5


def test_a_cuda_overload_is_not_for_cpu_code():
    @ujit.njit
    def calls(v):
        return cuda_only(v)

    with pytest.raises(ujit.CompileError, match="found for target 'cpu'") as e:
        calls(1)
    assert e.value.line == calls.py_func.__code__.co_firstlineno + 2


def test_no_implementation_for_the_types_is_numbas_typing_error():
    @ujit.njit
    def calls(v):
        return refuses_floats(v)

    assert calls(4) == 4
    with pytest.raises(ujit.CompileError, match=r"(?s)No implementation of function.*refuses_floats\(float64\)") as e:
        ujit.njit(calls.py_func)(4.5)
    assert e.value.line == calls.py_func.__code__.co_firstlineno + 2


def test_the_implementation_may_be_the_overloaded_function_itself():
    def overload_this(a):
        return 42

    @cuda.jit
    def kernel(result, a):
        if a:
            s = 5
            s = overload_this(s)
        else:
            s = 99
        result[0] = s

    @overload(overload_this)
    def ol(a):
        return overload_this

    r = np.zeros(1, dtype=np.int64)
    kernel[1, 1](r, True)
    assert r[0] == 42


def test_is_between_numbers_is_numbas():
    # Numba's generic_is: `==` for values of one immutable type, False for two types.
    @ujit.njit
    def f(a, b, i, x):
        return (a is True, a is b, b is not False, i is x, i is 3)

    assert f(True, False, 3, 3.0) == (True, False, False, False, True)


def test_a_function_value_argument():
    # numba-cuda's test_basic_apply_like_case: the typing function gets the function's type.
    def apply(arg, func):
        return func(arg)

    @overload(apply)
    def ov_apply(arg, func):
        return lambda arg, func: func(arg)

    def mul10(x):
        return x * 10

    @cuda.jit
    def kernel(out, a):
        def mul10(x):
            return x * 10

        out[0] = apply(a, mul10)

    out = np.zeros(1, dtype=np.int64)
    kernel[1, 1](out, 10)
    assert out[0] == apply(10, mul10)


def left_out():
    pass


@overload(left_out)
def ol_left_out(a, b=None, c=None):
    # Numba calls the typing function with the arguments the call gives: a left-out one is
    # the typing function's own default (None itself), a given None is types.none.
    if b is None:
        return lambda a, b=None, c=None: 1
    if isinstance(b, types.NoneType):
        return lambda a, b=None, c=None: 2
    if c is None:
        return lambda a, b=None, c=None: 3
    return lambda a, b=None, c=None: 4


def test_left_out_arguments_are_the_typing_functions_defaults():
    @ujit.njit
    def f1(x):
        return left_out(x)

    @ujit.njit
    def f2(x):
        return left_out(x, None)

    @ujit.njit
    def f3(x):
        return left_out(x, x)

    @ujit.njit
    def f4(x):
        return left_out(x, c=x)

    assert (f1(1), f2(1), f3(1), f4(1)) == (1, 2, 3, 1)


def kind_of():
    pass


@overload(kind_of)
def _kind_of_typing(a):
    # What Numba's typing functions read: an array's dtype is a Numba type (not a NumPy
    # dtype), a bool is types.boolean, tuples hold those.
    if isinstance(a, types.Array) and isinstance(a.dtype, types.Float) and a.dtype == types.float64:
        return lambda a: 1
    if isinstance(a, types.Array) and isinstance(a.dtype, types.Boolean):
        return lambda a: 2
    if isinstance(a, types.Boolean):
        return lambda a: 3
    if isinstance(a, types.UniTuple) and isinstance(a.dtype, types.Array) and isinstance(a.dtype.dtype, types.Integer):
        return lambda a: 4
    if isinstance(a, types.Array):
        return lambda a: 5
    return None


def test_array_dtypes_and_bools_are_numba_types_in_typing_functions():
    @ujit.njit
    def kind(v):
        return kind_of(v)

    ints = np.arange(3)
    assert kind(np.ones(3)) == 1
    assert kind(np.ones(3) > 0) == 2
    assert kind(True) == 3
    assert kind((ints, ints)) == 4
    assert kind(np.ones(2, np.float32)) == 5


def halves_or_tens():
    pass


@overload(halves_or_tens)
def _halves_or_tens_typing(x):
    if isinstance(x, types.Integer):
        return lambda x: x * 10
    if isinstance(x, types.Float):
        return lambda x: x / 2
    if isinstance(x, types.Array):
        return lambda x: x.sum()
    return None


def test_each_call_chooses_its_implementation_in_one_function():
    # Numba types each call by itself; ujit ran the first call's implementation for all the
    # calls of one function, silently: (30, 30.0) here (this stop's find).
    @ujit.njit
    def int_then_float(i, f):
        return halves_or_tens(i), halves_or_tens(f)

    @ujit.njit
    def float_then_int_then_array(f, i, a):
        return halves_or_tens(f), halves_or_tens(i), halves_or_tens(a), halves_or_tens(f + 1.0)

    assert int_then_float(3, 3.0) == (30, 1.5)
    assert float_then_int_then_array(3.0, 3, np.arange(4.0)) == (1.5, 30, 6.0, 2.0)
    assert int_then_float(4, 5.0) == (40, 2.5)  # the compiled specialization again


def test_each_call_chooses_its_implementation_in_a_kernel():
    @cuda.jit
    def kernel(out, i, f):
        out[0] = halves_or_tens(i)
        out[1] = halves_or_tens(f)

    out = np.zeros(2)
    kernel[1, 1](out, 7, 9.0)
    assert list(out) == [70.0, 4.5]
