"""Records (NumPy structured dtypes, Numba's Record) in compiled code, NumPy as the oracle:
fields read and written through `r.a` and `r['a']`, records as references (`r = a[i]`),
nested arrays and records, a field of every record as a view (`a.b`, `a['b']`), records as
arguments, packed and aligned layouts; Numba's spelling of Record types; the errors."""
import numpy as np
import pytest

import ujit
from ujit import cuda, njit

SIMPLE = np.dtype([("a", "<i4"), ("b", "<f4")])
# numba-cuda's test_record_dtype record: aligned, a complex field and a nested uint8 array
ALIGNED = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", (np.uint8, 5))], align=True)
PACKED = np.dtype([("x", np.int8), ("y", np.float64), ("z", np.int16)])  # y at offset 1: misaligned
WITH_2D = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])
NESTED = np.dtype([("id", np.int64), ("pos", SIMPLE), ("w", np.float64)])


def sample(dtype, n=4):
    """An array of `n` records with every byte set from a position pattern (NumPy's view)."""
    a = np.zeros(n, dtype=dtype)
    a.view(np.uint8)[:] = (np.arange(a.nbytes) * 7 + 3) % 11
    for name in dtype.names:
        if dtype[name].kind in "iufc" and dtype[name].subdtype is None:
            a[name] = np.arange(n) * 1.5 + 2 if dtype[name].kind in "fc" else np.arange(n) + 2
    return a


def same(got, expect):
    """Every field of every record equal (NumPy copies records field by field: padding bytes
    are no part of a record's value)."""
    return all(np.array_equal(got[name], expect[name]) for name in got.dtype.names)


def test_from_dtype_spells_records_as_numba():
    assert str(ujit.from_dtype(SIMPLE)) == "Record(a[type=int32;offset=0],b[type=float32;offset=4];8;False)"
    assert str(ujit.from_dtype(ALIGNED)) == (
        "Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],"
        "d[type=nestedarray(uint8, (5,));offset=20];32;True)")
    rec = ujit.from_dtype(WITH_2D)
    assert rec.typeof("j").shape == (3, 2) and rec.offset("j") == 4 and rec.size == 28 and len(rec) == 2
    assert rec.dtype == WITH_2D
    from ujit.np import numpy_support

    assert numpy_support.from_dtype(NESTED) == ujit.from_dtype(NESTED)


def test_field_reads_by_attribute_and_by_name():
    @njit
    def f(a, i):
        return a[i].a * 10 + a[i]["b"]

    a = sample(SIMPLE)
    for i in range(4):
        assert f(a, i) == np.float64(a[i]["a"] * 10 + a[i]["b"])
    assert f(a, -1) == np.float64(a[-1]["a"] * 10 + a[-1]["b"])


def test_field_by_constant_position():
    @njit
    def f(r):
        r[1] = r[0] + 0.25  # Numba's literal integer index: the fields in offset order
        return r[0]

    a = sample(SIMPLE)
    assert f(a[3]) == a[3]["a"]
    assert a[3]["b"] == np.float32(a[3]["a"] + 0.25)


def test_field_writes_convert_and_touch_nothing_else():
    @njit
    def set_fields(a, i, v):
        a[i].a = v
        a[i]["c"] = v * 1j
        a[i].b += 3

    got = sample(ALIGNED)
    expect = got.copy()
    set_fields(got, 2, 7.75)
    expect[2]["a"] = 7.75
    expect[2]["c"] = 7.75j
    expect[2]["b"] += 3
    assert same(got, expect)


def test_a_record_is_a_reference_into_its_array():
    @njit
    def through_variable(a):
        r = a[1]
        r.a = 99
        s = 0.0
        for x in a:
            s += x.b
        return s

    a = sample(SIMPLE)
    expect_sum = float(np.sum(a["b"], dtype=np.float64))
    assert through_variable(a) == pytest.approx(expect_sum)
    assert a[1]["a"] == 99


def test_record_argument_is_passed_by_reference():
    @njit
    def bump(r, v):
        r.a = r.a + v
        r["b"] = 0.5

    a = sample(SIMPLE)
    expect = a.copy()
    bump(a[2], 5)
    expect[2]["a"] += 5
    expect[2]["b"] = 0.5
    assert same(a, expect)


def test_record_copy_between_elements():
    @njit
    def copy(a, i, j):
        a[i] = a[j]

    got = sample(ALIGNED)
    expect = got.copy()
    copy(got, 0, 3)
    expect[0] = expect[3]
    assert same(got, expect)


def test_packed_record_with_misaligned_fields():
    @njit
    def f(a):
        s = 0.0
        for i in range(a.shape[0]):
            a[i].y = a[i].y * 2 + a[i].x
            s += a[i].y + a[i].z
        return s

    got = sample(PACKED, 5)
    expect = got.copy()
    expect["y"] = expect["y"] * 2 + expect["x"]
    assert f(got) == pytest.approx(float(np.sum(expect["y"]) + np.sum(expect["z"])))
    assert same(got, expect)


def test_nested_array_fields_are_views():
    @njit
    def f(r):
        r.i = 3
        r.j[0, 1] = 6.0
        r.j[2, 0] = r.j[0, 1] + 3
        return r.j[1, 1] + r.j.sum()

    a = sample(WITH_2D, 2)
    expect = a.copy()
    expect[1]["i"] = 3
    expect[1]["j"][0, 1] = 6.0
    expect[1]["j"][2, 0] = 9.0
    assert f(a[1]) == pytest.approx(float(expect[1]["j"][1, 1] + expect[1]["j"].sum()))
    assert same(a, expect)


def test_nested_array_field_assigned_whole():
    @njit
    def fill(r, src):
        r.j[:, :] = np.ones((3, 2))
        r["j"][1] = src[0]

    @njit
    def assign(dest, src):
        dest["j"] = src

    a = sample(WITH_2D, 2)
    src = np.arange(6, dtype=np.float32).reshape(3, 2) + 0.5
    fill(a[0], src)
    expect = np.ones((3, 2), np.float32)
    expect[1] = src[0]
    np.testing.assert_array_equal(a[0]["j"], expect)
    assign(a[1], src)
    np.testing.assert_array_equal(a[1]["j"], src)


def test_field_of_every_record_is_a_view():
    @njit
    def f(a):
        a.b[1:] = 2.5  # writes the records
        return a["a"].sum() + a.b[0] * 1000

    a = sample(SIMPLE, 5)
    expect = a.copy()
    expect["b"][1:] = 2.5
    assert f(a) == pytest.approx(float(expect["a"].sum() + expect["b"][0] * 1000))
    assert same(a, expect)

    @njit
    def nested(a):
        return a.d[2, 4] + a.d[:, 0].sum()

    b = sample(ALIGNED)
    assert nested(b) == int(b["d"][2, 4]) + int(b["d"][:, 0].sum())


def test_nested_records():
    @njit
    def f(a, i):
        a[i].pos.a = a[i].id + 1
        p = a[i]["pos"]
        return p.b + a[i].w

    a = sample(NESTED, 3)
    expect = a.copy()
    expect[1]["pos"]["a"] = expect[1]["id"] + 1
    assert f(a, 1) == pytest.approx(float(expect[1]["pos"]["b"] + expect[1]["w"]))
    assert same(a, expect)


def test_two_dimensional_record_array_and_recarray():
    @njit
    def f(a):
        s = 0
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                s += a[i, j].a * (i + 1) - a[i][j].a * j
        return s

    a = sample(SIMPLE, 6).reshape(2, 3)
    assert f(a) == sum(int(a[i, j]["a"]) * (i + 1 - j) for i in range(2) for j in range(3))
    assert f(a.view(np.recarray)) == f(a)
    assert f(np.asfortranarray(a)) == f(a)


def test_declared_signature_with_from_dtype():
    rec = ujit.from_dtype(SIMPLE)

    @njit(ujit.void(rec[:], ujit.int64, ujit.float32))
    def set_b(a, i, v):
        a[i].b = v

    a = sample(SIMPLE)
    set_b(a, 1, 4.5)
    assert a[1]["b"] == np.float32(4.5)
    assert set_b.signatures[0] == "none(array(%s, 1d, A), int64, float32)" % rec or "Record" in set_b.signatures[0]


def test_kernels_take_record_arrays_and_records():
    @cuda.jit
    def kernel(a, r, out):
        i = cuda.grid(1)
        if i < a.shape[0]:
            a[i].a = a[i].a + r.a
            out[i] = a[i]["b"] * 2
        if i == 0:
            r.b = 1.25

    a = sample(SIMPLE, 8)
    one = sample(SIMPLE, 1)
    out = np.zeros(8, np.float32)
    expect = a.copy()
    expect["a"] += one[0]["a"]
    kernel[2, 4](a, one[0], out)
    assert same(a, expect)
    np.testing.assert_array_equal(out, expect["b"] * 2)
    assert one[0]["b"] == np.float32(1.25)


def test_unknown_field_is_a_located_error():
    @njit
    def f(a):
        return a[0].nope

    with pytest.raises(ujit.TypingError, match=r"Unknown attribute 'nope' of type Record\(.*\(its fields: 'a', 'b'\)"):
        f(sample(SIMPLE))

    @njit
    def g(a):
        return a[0]["nope"]

    with pytest.raises(ujit.TypingError, match=r"Field 'nope' was not found in record with fields \('a', 'b'\)"):
        g(sample(SIMPLE))


def test_returning_a_record_is_refused():
    @njit
    def f(a):
        return a[0]

    with pytest.raises(ujit.TypingError, match="does not return records"):
        f(sample(SIMPLE))


def test_string_fields_are_refused_when_compiling():
    @njit
    def f(a):
        return a[0].n

    with pytest.raises(ujit.TypingError, match=r"fixed-width string fields \('\[char x 3\]'\)"):
        f(np.zeros(2, dtype=[("n", np.int32), ("s", "S3")]))


def test_field_store_of_wrong_type_is_refused():
    @njit
    def f(a):
        a[0].a = 1j

    with pytest.raises(ujit.TypingError, match="cannot store complex128 into the field 'a' of type int32"):
        f(sample(SIMPLE))


def test_misaligned_field_is_refused_in_kernels_as_numba_cuda():
    rec = ujit.from_dtype(np.dtype([("a", "int32"), ("b", "float64")]))  # b at offset 4, packed

    with pytest.raises(ujit.TypingError, match="b of type float64 is not aligned"):
        @cuda.jit((rec[:],))
        def foo(a):
            i = cuda.grid(1)
            a[i].a = a[i].b


def test_numeric_operations_on_record_arrays_are_located_errors():
    @njit
    def total(a):
        return a.max()

    with pytest.raises(ujit.TypingError, match=r"max\(\) of array\(Record\(.*is not supported by ujit: it works on numbers"):
        total(sample(SIMPLE))

    @njit
    def summed(a):
        return np.sum(a)

    with pytest.raises(ujit.TypingError, match=r"np.sum\(\) of array\(Record\(.*use a field of every record"):
        summed(sample(SIMPLE))

    @njit
    def plus(a):
        return a + 1

    with pytest.raises(ujit.TypingError, match=r"ufunc 'add' is not supported for array\(Record\("):
        plus(sample(SIMPLE))

    @njit
    def fields(a):
        return len(a) + a.b.max() + np.sum(a["a"])  # len() and a field of every record are fine

    a = sample(SIMPLE)
    assert fields(a) == pytest.approx(len(a) + a["b"].max() + a["a"].sum())


def test_make_c_struct_lays_fields_out_as_c():
    from ujit import types

    rec = types.Record.make_c_struct([("a", types.int8), ("b", types.float64), ("c", types.complex64)])
    assert str(rec) == ("Record(a[type=int8;offset=0;alignment=1],b[type=float64;offset=8;alignment=8],"
                        "c[type=complex64;offset=16;alignment=4];24;True)")  # Numba's spelling
    assert rec.dtype == np.dtype([("a", np.int8), ("b", np.float64), ("c", np.complex64)], align=True)
    assert isinstance(ujit.from_dtype(SIMPLE), types.Record)
    assert isinstance(ujit.from_dtype(WITH_2D).typeof("j"), types.NestedArray)

    # An array of rec.dtype types as from_dtype's Record (no alignments): another type, as in Numba
    assert ujit.typeof(np.zeros(2, rec.dtype)).dtype == rec.dtype
    assert str(ujit.typeof(np.zeros(2, rec.dtype))) != str(rec[::1])


def test_field_store_into_a_read_only_array_is_refused():
    @njit
    def f(a):
        a[0].a = 1

    a = sample(SIMPLE)
    a.flags.writeable = False
    with pytest.raises(ujit.TypingError, match="Cannot modify readonly array of type: readonly array"):
        f(a)
