"""Errors where Numba raises them, located in the user's file."""
import numpy as np
import pytest

import ujit
from ujit import njit, vectorize


def test_typing_error_points_at_the_users_line_and_column():
    @njit
    def bad(x):
        y = (1, 2)
        return y + 1.5

    with pytest.raises(ujit.CompileError) as info:
        bad(1.0)
    e = info.value
    assert e.file == __file__
    assert e.line == bad.py_func.__code__.co_firstlineno + 3
    assert e.col >= 16  # inside the nested (indented) function: file columns, not dedented ones
    assert str(e).startswith("%s:%d:%d: error:" % (__file__, e.line, e.col))


def test_an_argument_nopython_mode_cannot_type_is_a_typing_error_at_its_parameter():
    # Numba's "cannot determine Numba type of <class 'dict'>" (notebook 1), a TypingError,
    # not a TypeError; ujit has no object-mode fallback (nor has Numba's default since 0.59).
    @njit
    def lookup(table, key):
        return table[key]

    with pytest.raises(ujit.TypingError, match=r"argument 0 \('table'\): cannot determine Numba type of "
                                               r"<class 'dict'>") as info:
        lookup({"k": 1.0}, "k")
    e = info.value
    assert (e.file, e.line) == (__file__, lookup.py_func.__code__.co_firstlineno + 1)
    assert open(__file__).read().splitlines()[e.line - 1][e.col - 1:].startswith("table, key")


def test_undefined_name_is_a_compile_error():
    @njit
    def f(x):
        return x + not_defined_anywhere  # noqa: F821

    with pytest.raises(ujit.CompileError, match="not_defined_anywhere"):
        f(1)


def test_zero_division_raises_zero_division_error():
    @njit
    def div(a, b):
        return a // b

    assert div(7, 2) == 3
    with pytest.raises(ZeroDivisionError, match="division by zero") as info:
        div(1, 0)
    line = div.py_func.__code__.co_firstlineno + 2
    assert "%s:%d:16" % (__file__, line) in str(info.value)  # file columns of the nested def
    assert div(9, 3) == 3  # the dispatcher is usable after a raise


def test_float_division_by_zero_raises_like_numba_cpu():
    @njit
    def div(a, b):
        return a / b

    with pytest.raises(ZeroDivisionError):
        div(1.0, 0.0)


def _floordiv(a, b):
    return a // b


def _mod(a, b):
    return a % b


def _truediv(a, b):
    return a / b


def _divmod(a, b):
    return divmod(a, b)


def _power(a, b):
    return a ** b


@pytest.mark.parametrize("fn, a, b, message", [
    # Numba 0.68's messages (numba/cpython/numbers.py), not CPython's
    (_floordiv, 1, 0, "integer division by zero"),
    (_mod, 1, 0, "integer modulo by zero"),
    (_divmod, 1, 0, "integer divmod by zero"),
    (_truediv, 1, 0, "division by zero"),
    (_truediv, 1.0, 0.0, "division by zero"),
    (_floordiv, 1.0, 0.0, "division by zero"),
    (_mod, 1.0, 0.0, "modulo by zero"),
    (_divmod, 1.0, 0.0, "modulo by zero"),
    (_truediv, 1j, 0j, "complex division by zero"),
    (_power, 0, -1, "0 cannot be raised to a negative power"),
])
def test_zero_division_messages_are_numbas(fn, a, b, message):
    with pytest.raises(ZeroDivisionError) as info:
        njit(fn)(a, b)
    assert str(info.value).split(" (in ")[0] == message


def test_no_matching_definition_for_declared_signatures():
    @njit("float64(float64)")
    def f(x):
        return x * 2

    assert f(2) == 4.0  # int converts to the declared float64
    with pytest.raises(TypeError, match="No matching definition"):
        f(np.zeros(3))


def test_signature_error_at_decoration():
    with pytest.raises(ujit.CompileError):
        @njit("float64(notatype)")
        def f(x):
            return x


def test_unsupported_argument_type():
    @njit
    def f(x):
        return x

    with pytest.raises(ujit.TypingError, match="argument 0 \\('x'\\): cannot determine Numba type of <class 'bytes'>"):
        f(b"text")


def test_keyword_arguments_bind_like_python():
    @njit
    def f(a, b=10):
        return a - b

    assert f(1, b=2) == -1
    assert f(b=1, a=5) == 4
    assert f(20) == 10


def test_ufunc_integer_division_by_zero_follows_numpy():
    @vectorize(["int64(int64, int64)"])
    def idiv(a, b):
        return a // b

    with np.errstate(divide="raise"):
        with pytest.raises(FloatingPointError):
            idiv(np.array([1, 2]), np.array([1, 0]))


def test_kernel_without_cuda_runs_on_the_cpu():
    from ujit import cuda
    if cuda.is_available():
        pytest.skip("CUDA is available here")

    @cuda.jit
    def k(x):
        i = cuda.grid(1)
        if i < x.shape[0]:
            x[i] = i + 1

    x = np.zeros(5)
    k[2, 4](x)  # compiled for the CPU, with a note on stderr (issue 9)
    assert x.tolist() == [1.0, 2.0, 3.0, 4.0, 5.0]
    # Device arrays are the host device's: the kernel writes them in place.
    d = cuda.device_array(5)
    k[2, 4](d)
    assert d.copy_to_host().tolist() == [1.0, 2.0, 3.0, 4.0, 5.0]
