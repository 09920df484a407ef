"""isinstance(x, T) in compiled code as Numba 0.68 decides it (ol_isinstance in
numba/cpython/builtins.py): when typing, from x's type, so `if isinstance(...)` compiles only the
branch taken and the other may hold code that does not type for x. Where Numba and CPython
agree, CPython running the same function is the oracle; where they differ (int matches only
int64, bool is no int, np.intp is int) the expected value is Numba's, as its test_builtins.py
records it."""
import numpy as np
import pytest

import ujit
from ujit import cuda, typed, types

pytestmark = [
    pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning"),  # small grids
    # Numba's own warning for the reflected list and set arguments its test passes.
    pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPendingDeprecationWarning"),
]


def classify(a):  # Numba's isinstance_usecase
    if isinstance(a, (int, float)):
        if isinstance(a, int):
            return a + 1, "int"
        if isinstance(a, float):
            return a + 2.0, "float"
    elif isinstance(a, str):
        return a + ", world!", "str"
    elif isinstance(a, complex):
        return a.imag, "complex"
    elif isinstance(a, (tuple, list)):
        if isinstance(a, tuple):
            return "tuple"
        else:
            return "list"
    elif isinstance(a, set):
        return "set"
    elif isinstance(a, bytes):
        return "bytes"
    return "no match"


@pytest.mark.parametrize("x", [3, 5.0, "Hello", 1j, [1, 2, 3], (1, 3, 3, 3), {1, 2}, (1, 2.5, 2)])
def test_classify_matches_cpython(x):
    assert ujit.njit(classify)(x) == classify(x)


def pruned(x):  # Numba's test_branch_prune: the untaken arms would not type for x
    if isinstance(x, str):
        return x + "some_string"
    elif isinstance(x, complex):
        return np.imag(x)
    elif isinstance(x, tuple):
        return len(x)
    else:
        assert 0


@pytest.mark.parametrize("x", ["string", 1 + 2j, (3, 4.5, 4j)])
def test_untaken_branches_are_not_compiled(x):
    assert ujit.njit(pruned)(x) == pruned(x)


def conditional_expression(x):  # pruned as an `if` is
    return len(x) if isinstance(x, tuple) else x * 2


@pytest.mark.parametrize("x", [(1, 2.5, 3), 2.5])
def test_a_conditional_expression_prunes_too(x):
    assert ujit.njit(conditional_expression)(x) == conditional_expression(x)


def number_types(a):  # Numba's isinstance_usecase_numba_types
    if isinstance(a, typed.List):
        return "typed list"
    elif isinstance(a, (types.int32, types.int64)):
        if isinstance(a, types.int32):
            return "int32"
        else:
            return "int64"
    elif isinstance(a, (types.float32, types.float64)):
        if isinstance(a, types.float32):
            return "float32"
        elif isinstance(a, types.float64):
            return "float64"
    elif isinstance(a, typed.Dict):
        return "typed dict"
    else:
        return "no match"


@pytest.mark.parametrize(
    "x,want",
    [
        (np.int32(1), "int32"),
        (2, "int64"),
        (np.float32(3.0), "float32"),
        (4.0, "float64"),
        (np.complex64(5j), "no match"),
        (typed.List([1, 2]), "typed list"),
        (typed.Dict.empty(types.int64, types.int64), "typed dict"),
    ],
)
def test_number_types_and_typed_containers(x, want):
    assert ujit.njit(number_types)(x) == want


def test_numbas_answers_where_python_differs():
    @ujit.njit
    def answers(i32, b):
        return (isinstance(i32, int), isinstance(b, int), isinstance(np.intp(10), int), isinstance(1, np.intp),
                isinstance(i32, np.int32), isinstance(2.5, np.float32))

    assert answers(np.int32(1), True) == (False, False, True, True, True, False)


def test_tuples_and_none():
    @ujit.njit
    def f(a, n):
        return isinstance(a, tuple), isinstance(n, float), isinstance((1, 2.5), tuple), isinstance(None, int)

    assert f(np.ones(3), 2) == (False, False, True, False)


def spread_if_tuple(x):  # Numba's test_branch_prune_non_tuples_as_star_arg
    if isinstance(x, tuple):
        return add(*x)
    else:
        return x


@ujit.njit
def add(x, y):
    return x + y


@pytest.mark.parametrize("x", [(1, 2), 5])
def test_a_starred_call_in_an_untaken_branch(x):
    assert ujit.njit(spread_if_tuple)(x) == spread_if_tuple(x)


def type_class(x):
    return isinstance(x, types.Integer)


def not_a_class(x):
    return isinstance(x, ("foo",))


def assigned_on_two_branches(x):  # Numba's invalid_isinstance_usecase_phi_nopropagate
    if x > 4:
        z = 10
    else:
        z = 3.5
    return isinstance(z, int)


@pytest.mark.parametrize(
    "func,message",
    [
        (type_class, "Numba type classes (except numba.typed.* container types) are not supported."),
        (not_a_class, "Cannot infer Numba type of Python type"),
        (assigned_on_two_branches, 'isinstance() cannot determine the type of variable "z" due to a branch.'),
    ],
)
def test_numbas_errors(func, message):
    with pytest.raises(ujit.TypingError) as e:
        ujit.njit(func)(100)
    assert message in str(e.value)


def test_a_later_target_that_is_no_class_is_only_an_error_when_reached():
    @ujit.njit
    def f(x):
        return isinstance(x, (float, "not a type"))

    assert f(3.4) is True
    with pytest.raises(ujit.TypingError, match="Cannot infer Numba type of Python type"):
        f(100)


@cuda.jit(device=True)
def scale(x):
    if isinstance(x, int):
        return x * 2
    return x.real  # complex only: never compiled for an int


@cuda.jit
def kernel(out, i, z):
    out[0] = scale(i)
    out[1] = scale(z)
    out[2] = isinstance(z, complex)


def test_kernels_prune_too():
    out = np.zeros(3)
    kernel[1, 1](out, 21, 1.5 + 2j)
    assert list(out) == [42.0, 1.5, 1.0]


@ujit.njit
def dates(x):
    return isinstance(x, np.datetime64), isinstance(x, np.timedelta64), isinstance(x, int)


def test_datetimes_match_their_class_in_any_unit():
    # Numba's ol_isinstance: np.datetime64 matches an NPDatetime of any unit (CPython agrees).
    for x in (np.datetime64("2020-01-02", "D"), np.datetime64("2020-01-02T03:04", "m"), np.timedelta64(5, "s")):
        assert dates(x) == dates.py_func(x), x
