"""Inner functions (`def` inside a compiled function) and closures over its locals that do
not escape, as Numba compiles them (it inlines them where called, so a captured variable's
value is the one at the call). CPython running the same source is the oracle."""
import numpy as np
import pytest

import ujit
from twin_modules import twins

SOURCE = '''
from ujit import njit


@njit
def scaled_sum(x, k):
    def scale(v):
        return v * k
    s = 0.0
    for i in range(x.shape[0]):
        s += scale(x[i])
    return s


@njit
def sees_value_at_call(n):
    total = 0
    def add(v):
        return v + total
    out = 0
    for i in range(n):
        total += i
        out += add(1)
    return out


@njit
def nested(a):
    def outer(b):
        def inner(c):
            return a * 100 + b * 10 + c
        return inner(b + 1)
    return outer(2)


@njit
def recursive_inner(n):
    def fact(m):
        if m <= 1:
            return 1
        return m * fact(m - 1)
    return fact(n)


@njit
def passed_on(x):
    def twice(v):
        return 2 * v
    return apply(twice, x)


@njit
def apply(f, v):
    return f(v)


@njit
def no_captures(x):
    def sq(v):
        return v * v
    g = sq
    return g(x) + sq(x + 1)
'''


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    return twins(tmp_path_factory.mktemp("inner"), SOURCE)


def test_closure_over_arguments(mods):
    jit, py = mods
    x = np.array([1.0, 2.5, -3.0])
    assert jit.scaled_sum(x, 3.0) == py.scaled_sum(x, 3.0)


def test_captured_value_is_read_at_each_call(mods):
    jit, py = mods
    assert jit.sees_value_at_call(6) == py.sees_value_at_call(6)


def test_nested_inner_functions(mods):
    jit, py = mods
    assert jit.nested(7) == py.nested(7)


def test_recursive_inner_function(mods):
    jit, py = mods
    assert jit.recursive_inner(10) == py.recursive_inner(10)


def test_inner_function_without_captures_as_a_value(mods):
    jit, py = mods
    assert jit.passed_on(21) == py.passed_on(21)
    assert jit.no_captures(4) == py.no_captures(4)


def test_closure_called_away_from_its_variables(tmp_path):
    jit, _ = twins(tmp_path, '''
from ujit import njit


@njit
def apply(f, v):
    return f(v)


@njit
def escapes(x, k):
    def scale(v):
        return v * k
    return apply(scale, x)
''')
    with pytest.raises(ujit.CompileError, match="inner function 'scale' reads 'k' of 'escapes'"):
        jit.escapes(1.0, 2.0)


def test_inner_function_in_a_kernel(tmp_path):
    # On the host device without a GPU (kernels compiled for the CPU).
    jit, _ = twins(tmp_path, '''
from ujit import cuda


@cuda.jit
def kernel(x, out, k):
    def scale(v):
        return v * k + 1
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = scale(x[i])
''')
    x = np.arange(12, dtype=np.float64)
    out = np.zeros_like(x)
    jit.kernel[2, 8](x, out, 3.0)
    np.testing.assert_array_equal(out, x * 3.0 + 1)


def test_constant_captures_are_frozen_so_the_closure_may_escape(tmp_path):
    # Numba freezes a closure's captured constants (a local assigned once, to a literal), so
    # the closure may be passed to another compiled function and called there
    # (numba-cuda's test_make_function_to_jit_function); CPython is the oracle.
    jit, py = twins(tmp_path, '''
from ujit import njit


@njit
def apply(f, v):
    return f(v)


@njit
def frozen(x):
    k = 3
    s = -1.5
    name = 'ab'
    on = True

    def scale(v):
        return v * k + s if on else v

    return apply(scale, x), apply(lambda v: v + k, x), apply(lambda v: len(name) + v, x)


@njit
def shadowed(x):
    k = 3

    def f(v):
        k = 10  # its own k, not the constant
        return v + k

    return apply(f, x) + apply(lambda k: k * 2, x)


@njit
def nested(x):
    k = 4

    def outer(v):
        def inner(w):
            return w - k
        return inner(v) * 2

    return apply(outer, x)
''')
    assert jit.frozen(2.0) == py.frozen(2.0)
    assert jit.shadowed(1) == py.shadowed(1)
    assert jit.nested(7) == py.nested(7)


def test_escaping_with_a_capture_that_is_no_constant_is_numbas_error(tmp_path):
    jit, _ = twins(tmp_path, '''
from ujit import njit


@njit
def apply(f, v):
    return f(v)


@njit
def twice_defined(c, x):
    if c:
        k = 3
    else:
        k = 6

    def f(v):
        return v + k

    return apply(f, x)


@njit
def not_constant(x, k):
    return apply(lambda v: v * k, x)
''')
    with pytest.raises(ujit.CompileError, match="Cannot capture a constant value for variable 'k' as there are "
                                                "multiple definitions present"):
        jit.twice_defined(True, 1)
    with pytest.raises(ujit.CompileError, match="Cannot capture the non-constant value associated with variable "
                                                "'k' in a function that may escape"):
        jit.not_constant(1.0, 2.0)


# Module globals that ujit cannot freeze (a list, an object) named like a lambda's or an
# inner def's parameter, or a comprehension's target: those scopes bind the name, so the
# function never reads the global (ujit refused it as "global 'p' is a list").
p = [1, 2]
q = object()


@ujit.njit
def lambda_parameter_shadows_a_global(xs):
    return sorted(xs, key=lambda p: -p)


@ujit.njit
def inner_def_names_shadow_globals(xs):
    def twice(p):
        q = p * 2
        return q
    return [twice(v) for v in xs]


@ujit.njit
def comprehension_target_shadows_a_global(xs):
    return [p * 2 for p in xs] + [q + 1 for q in xs if q > 1]


@pytest.mark.parametrize("fn", [lambda_parameter_shadows_a_global, inner_def_names_shadow_globals,
                                comprehension_target_shadows_a_global])
def test_names_bound_in_inner_scopes_are_not_globals(fn):
    xs = [3, 1, 2]
    assert list(fn(xs)) == fn.py_func(xs)


def test_a_global_read_beside_an_inner_scope_binding_it_is_still_checked():
    @ujit.njit
    def reads_both(xs):
        return [p for p in xs], p

    with pytest.raises(ujit.CompileError, match="global 'p' is a list"):
        reads_both([1])


@ujit.njit
def inner_calls_a_capturing_sibling(x):  # Numba's test_closure outer10
    z = x + 1

    def inner(y):
        return y + z

    def inner2(y):
        return inner(y)

    return inner2(x)


@ujit.njit
def chain_of_capturing_siblings(x):
    z = x + 1
    w = 2

    def a(y):
        return y * w

    def b(y):
        return a(y) + z

    def c(y):
        return b(y) - 1

    return c(x), b(x), [c(v) for v in range(3)]


@pytest.mark.parametrize("fn", [inner_calls_a_capturing_sibling, chain_of_capturing_siblings])
def test_an_inner_function_calling_a_sibling_passes_its_captures_on(fn):
    for x in (3, -2):
        assert fn(x) == fn.py_func(x)
