"""numba.typed's List and Dict made inside compiled code (numba/typed/typedlist.py and
typeddict.py as the oracle: List() decided by the first append, List.empty_list(t),
Dict.empty(k, v), Dict(), with types as values), returned to Python as ujit.typed.List/Dict and
passed back in; and Numba's deprecation warning for reflected list arguments."""
import importlib.util
import os
import warnings

import numpy as np
import pytest

import ujit
from ujit import njit, types
from ujit.runtime import rtsys
from ujit.typed import Dict, List

float_array = types.float64[:]
pair = types.UniTuple(types.int64, 2)


def test_list_made_in_compiled_code_is_a_typed_list():
    @njit
    def squares(n):
        l = List()
        for i in range(n):
            l.append(i * i)
        return l

    got = squares(5)
    assert isinstance(got, List) and got == [0, 1, 4, 9, 16]
    assert repr(got) == "ListType[int64]([0, 1, 4, 9, 16])"


def test_empty_list_takes_its_type_and_casts_what_is_appended():
    @njit
    def halves(n):
        l = List.empty_list(types.float64, allocated=n)
        for i in range(n):
            l.append(i)  # an int64 stored into a ListType[float64]: cast, as Numba's append casts
        return l

    got = halves(3)
    assert got == [0.0, 1.0, 2.0] and all(type(x) is float for x in got)
    assert repr(got) == "ListType[float64]([0.0, 1.0, 2.0])"


def test_empty_list_of_str_and_list_of_an_iterable():
    @njit
    def words():
        l = List.empty_list(types.unicode_type)
        l.append("a")
        l.append("bc")
        return l, List(range(3))

    w, r = words()
    assert w == ["a", "bc"] and r == [0, 1, 2]
    assert repr(w) == "ListType[unicode_type](['a', 'bc'])"
    assert str(w) == "[a, bc]" and str(r) == "[0, 1, 2]"  # Numba's str(): each item's str()


def test_dict_empty_with_a_global_array_type_and_a_tuple_key_type():
    @njit
    def build(n):
        d = Dict.empty(key_type=types.unicode_type, value_type=float_array)
        d["x"] = np.arange(float(n))
        e = Dict.empty(pair, types.float64)
        e[(1, 2)] = 0.5
        f = Dict.empty(types.UniTuple(types.int64, 2), types.int32[:])
        f[(3, 4)] = np.zeros(2, np.int32)
        return d, e, len(f)

    d, e, nf = build(3)
    assert isinstance(d, Dict) and list(d) == ["x"]
    np.testing.assert_array_equal(d["x"], np.arange(3.0))
    assert e == {(1, 2): 0.5} and nf == 1
    assert e._numba_type_ == "DictType[UniTuple(int64 x 2),float64]<iv=None>"


def test_list_and_dict_types_as_values_nest():
    inner = types.ListType(types.int64)

    @njit
    def nested(n):
        d = Dict.empty(types.unicode_type, inner)
        for i in range(n):
            l = List.empty_list(types.int64)
            l.append(i)
            d[str(i)] = l
        plain = {}
        plain[1] = [1.5, 2.5]
        return d, plain

    d, plain = nested(2)
    assert repr(d) == "DictType[unicode_type,ListType[int64]]<iv=None>({'0': ListType[int64]([0]), '1': ListType[int64]([1])})"
    assert dict(plain) == {1: [1.5, 2.5]}  # a list value comes back as the list (it was True)


def test_dict_made_empty_takes_its_types_from_stores():
    @njit
    def counts(xs):
        d = Dict()
        for x in xs:
            d[x] = d.get(x, 0) + 1
        return d

    got = counts(np.array([3, 1, 3, 3]))
    assert dict(got) == {3: 3, 1: 1} and got._numba_type_ == "DictType[int64,int64]<iv=None>"


def test_a_returned_typed_list_passed_back_in_is_changed_for_the_caller():
    @njit
    def make():
        return List.empty_list(types.int64)

    @njit
    def fill(l, n):
        for i in range(n):
            l.append(i)
        return len(l)

    l = make()
    assert fill(l, 3) == 3 and l == [0, 1, 2]
    assert fill(l, 2) == 5 and l == [0, 1, 2, 0, 1]


def test_a_typed_list_of_tuples_passes_back_in():
    @njit
    def pairs(n):
        l = List()
        for i in range(n):
            l.append((i, i * 0.5))
        return l

    @njit
    def size(l):
        return len(l)

    p = pairs(2)
    assert repr(p) == "ListType[Tuple(int64, float64)]([(0, 0.0), (1, 0.5)])"
    assert size(p) == 2  # more in test_list_tuple_args.py


def test_a_type_passed_as_an_argument_types_the_list():
    @njit
    def empty_of(t):
        l = List.empty_list(t)
        l.append(1)
        return l

    assert repr(empty_of(types.float32)) == "ListType[float32]([1.0])"


@pytest.mark.parametrize("body, message", [
    ("l = List.empty_list(3)", r"List.empty_list\(\): 'item_type' must be a type, such as types.int64"),
    ("l = List.empty_list()", r"List.empty_list\(\) missing required argument 'item_type'"),
    ("l = Dict(1)", r"Dict\(\) takes no arguments in compiled code"),
    ("l = Dict.empty(types.int64)", r"Dict.empty\(\) missing required argument 'value_type'"),
    ("l = List.empty_list(types.int64, size=3)", r"List.empty_list\(\) got an unexpected keyword argument 'size'"),
    ("l = List.empty_list(types.int64)\n    l.append(2.5)",
     r"cannot safely cast float64 to int64. Please cast explicitly."),
    ("l = float_array(3)", r"'float_array' is the type array\(float64, 1d, A\), which cannot be called"),
    ("l = Dict.empty(float_array, types.int64)", r"unhashable"),
])
def test_misuse_is_a_located_error(body, message, tmp_path):
    path = tmp_path / "bad_typed.py"
    path.write_text("from ujit import njit, types\nfrom ujit.typed import List, Dict\n"
                    "float_array = types.float64[:]\n\n@njit\ndef f():\n    %s\n    return 0\n" % body)
    spec = importlib.util.spec_from_file_location("bad_typed", str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(ujit.CompileError, match=message) as info:
        module.f()
    assert "bad_typed.py:%d:" % (7 + body.count("\n")) in str(info.value)  # the body's last line


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def test_nothing_leaks():
    @njit
    def work(n):
        l = List.empty_list(float_array)
        d = Dict.empty(types.unicode_type, float_array)
        for i in range(n):
            a = np.ones(i + 1)
            l.append(a)
            d[str(i)] = a
        return len(l) + len(d)

    @njit
    def returned(n):
        l = List()
        for i in range(n):
            l.append(np.zeros(2))
        return l

    work(3)
    returned(2)
    before = live()
    for _ in range(5):
        assert work(4) == 8
        assert len(returned(3)) == 3
    assert live() == before


def test_typed_containers_are_refused_in_cuda_code():
    from ujit import cuda

    @cuda.jit
    def k(out):
        l = List()
        l.append(1)
        out[0] = len(l)

    with pytest.raises(ujit.CompileError, match=r"List\(\) is not supported in CUDA code"):
        k[1, 1](np.zeros(1, np.int64))


def test_a_reflected_list_argument_warns_as_numba_does():
    @njit
    def total(xs):
        return sum(xs)

    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert total([1, 2, 3]) == 6
        assert total(List([1, 2, 3])) == 6  # a typed List: no warning
    msgs = [str(x.message) for x in w if issubclass(x.category, ujit.errors.NumbaPendingDeprecationWarning)]
    assert len(msgs) == 1
    assert "type 'reflected list' found for argument 'xs' of function" in msgs[0]


def test_a_typed_list_casts_items_on_the_way_in_as_numba():
    # numba.typed.List casts what Python stores into its item type; a float into a list of
    # integers is Numba's TypingError ("cannot safely cast", typedobjectutils._sentry_safe_cast).
    # It was kept as a float and the next compiled call failed (this stop's API probe).
    import numpy as np

    from ujit import TypingError, typed, types

    ints = typed.List.empty_list(types.int64)
    ints.append(np.int32(4))
    ints.append(True)
    ints.insert(0, 7)
    ints.extend([1, 2])
    ints[1] = np.int8(5)
    assert list(ints) == [7, 5, 1, 1, 2] and all(type(x) is int for x in ints)
    for store in (lambda: ints.append(2.7), lambda: ints.__setitem__(0, 1.5), lambda: typed.List([1, 2.5])):
        with pytest.raises(TypingError, match="cannot safely cast float64 to int64. Please cast explicitly."):
            store()
    floats = typed.List.empty_list(types.float64)
    floats.append(3)
    assert floats[0] == 3.0 and type(floats[0]) is float
    first_typed = typed.List([1, 2])
    assert repr(first_typed) == "ListType[int64]([1, 2])"
