"""NumPy's datetime64 and timedelta64 in compiled code (Numba's NPDatetime / NPTimedelta):
values from Python and back, arithmetic with Numba's unit promotion, NaT, comparisons,
np.isnat, min/max, arrays of them, constants, explicit signatures, and the errors Numba gives
for units that may not meet. NumPy computes every expected value (numba/tests/test_npdatetime.py
cases, and more)."""
import itertools

import numpy as np
import pytest

import ujit as numba
from ujit import njit, types
from ujit.core.errors import TypingError

DT, TD = np.datetime64, np.timedelta64


def same(got, expected):
    """Equal values of the same dtype (NaT equals NaT), as Numba's assertPreciseEqual."""
    if isinstance(expected, (np.ndarray, np.generic)):
        assert got.dtype == expected.dtype, (got, expected)
    if isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(got, expected)
    elif isinstance(expected, (np.datetime64, np.timedelta64)) and np.isnat(expected):
        assert np.isnat(got), got
    elif isinstance(expected, float) and np.isnan(expected):
        assert np.isnan(got)
    else:
        assert got == expected and type(got) is type(expected), (got, expected)


@njit
def add(x, y):
    return x + y


@njit
def sub(x, y):
    return x - y


@njit
def mul(x, y):
    return x * y


@njit
def div(x, y):
    return x / y


@njit
def floordiv(x, y):
    return x // y


UNITS = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns")
COMPARE = {op: njit(eval("lambda x, y: x %s y" % op)) for op in ("==", "!=", "<", "<=", ">", ">=")}


def test_values_cross_with_their_units():
    ident = njit(lambda x: x)
    for unit in UNITS:
        for v in (TD(7, unit), DT(12, unit), TD("NaT", unit), DT("NaT", unit)):
            same(ident(v), v)
    same(ident(TD(5)), TD(5))  # the generic unit


def test_timedelta_add_sub_promote_units():
    cases = [(TD(1), TD(2)), (TD(1, "s"), TD(2, "s")), (TD(1, "s"), TD(2, "us")), (TD(1, "W"), TD(2, "D")),
             (TD("NaT"), TD(1)), (TD("NaT", "s"), TD(1, "D")), (TD("NaT", "s"), TD(1, "ms")), (TD(5, "Y"), TD(3, "M")),
             (TD(-4, "h"), TD(7, "m"))]
    for a, b in cases:
        same(add(a, b), a + b)
        same(add(b, a), b + a)
        same(sub(a, b), a - b)
        same(sub(b, a), b - a)


def test_datetime_arithmetic_matches_numpy_for_every_unit_pair():
    dates = ["2014", "2016-02", "2000-12-31", "1969-07-20", "1900-03-01", "2400-02-29", "1600-01-01T05"]
    for text, du, tu in itertools.product(dates, UNITS, UNITS):
        d = DT(text, du) if np.datetime_data(DT(text).dtype)[0] in UNITS[:UNITS.index(du) + 1] else None
        if d is None:
            continue
        t = TD(37, tu)
        try:
            expected = d + t
        except TypeError:  # NumPy refuses a Y/M timedelta with a finer date: so does Numba
            with pytest.raises(TypingError):
                add(d, t)
            continue
        except OverflowError:  # NumPy 2 checks the conversion to the finer unit (1.24 wrapped): no oracle
            continue
        same(add(d, t), expected)
        same(add(t, d), t + d)
        same(sub(d, t), d - t)


def test_datetime_minus_datetime_and_comparisons_across_units():
    values = [DT("2014-03-01", "D"), DT("2014-02", "M"), DT("2014", "Y"), DT("2014-03-01T00:00:01", "s"),
              DT("1960-12-31T23", "h"), DT("NaT", "ms"), DT("2016-02-29", "W"), DT("1899-12", "M")]
    for a, b in itertools.product(values, values):
        same(sub(a, b), a - b)
        for op, f in COMPARE.items():
            assert f(a, b) == eval("a %s b" % op), (a, op, b)


def test_timedelta_comparisons_and_nat():
    pairs = [(TD(1), TD(2)), (TD(1), TD(1)), (TD(2000, "ms"), TD(2, "s")), (TD(1, "Y"), TD(12, "M")),
             (TD(1, "m"), TD(61, "s")), (TD(1, "m"), TD(60, "s")), (TD("NaT"), TD("NaT")),
             (TD("NaT", "ms"), TD("NaT", "s")), (TD("NaT"), TD(-(2 ** 63) + 1))]
    for a, b in pairs:
        for op, f in COMPARE.items():
            assert f(a, b) == eval("a %s b" % op), (a, op, b)
            assert f(b, a) == eval("b %s a" % op), (b, op, a)


def test_timedelta_times_and_over_numbers():
    for a, n in [(TD(3), np.uint32(2)), (TD(3), 2), (TD(3, "ps"), 2), (TD("NaT", "ps"), 2), (TD(7), 1.5),
                 (TD(-7), 1.5), (TD(7, "ps"), -1.5), (TD("NaT", "ps"), -1.5), (TD(7, "ps"), float("nan"))]:
        same(mul(a, n), a * n)
        same(mul(n, a), n * a)
    # Numba divides by a number truncating (sdiv) for / and // alike; a zero or NaN divisor is NaT
    for a, n, expected in [(TD(-3, "ps"), np.uint32(2), TD(-1, "ps")), (TD(3), 2, TD(1)), (TD(-3, "ps"), 2, TD(-1, "ps")),
                           (TD("NaT", "ps"), 2, TD("NaT", "ps")), (TD(3, "ps"), 0, TD("NaT", "ps")),
                           (TD(7), 0.5, TD(14)), (TD(-7, "ps"), 1.5, TD(-4, "ps")), (TD(3, "ps"), 0.0, TD("NaT", "ps")),
                           (TD(3, "ps"), float("nan"), TD("NaT", "ps"))]:
        same(div(a, n), expected)
        same(floordiv(a, n), expected)


def test_timedelta_over_timedelta():
    for a, b in [(TD(7), TD(3)), (TD(7, "us"), TD(3, "ms")), (TD(7, "ms"), TD(3, "us")), (TD(7), TD(0)),
                 (TD(-7), TD(0)), (TD(0), TD(0)), (TD("nat"), TD(3)), (TD(3), TD("nat"))]:
        with np.errstate(all="ignore"):
            same(div(a, b), float(a / b))
    # // of two timedeltas: NumPy's floor division, an int64 (0 for NaT or a zero divisor)
    for a, b in [(TD(7), TD(2)), (TD(-7, "s"), TD(2, "s")), (TD(7, "ms"), TD(-2, "s")), (TD(1, "W"), TD(3, "D"))]:
        assert floordiv(a, b) == a // b
    assert floordiv(TD("NaT"), TD(3)) == 0 and floordiv(TD(3), TD(0)) == 0


def test_unary_abs_isnat_min_max_int():
    isnat = njit(lambda x: np.isnat(x))  # (a lambda inside an assert is rewritten by pytest)
    for a in (TD(3), TD(-4), TD(3, "ms"), TD(-4, "ms"), TD("NaT"), TD("NaT", "ms")):
        same(njit(lambda x: -x)(a), -a)
        same(njit(lambda x: +x)(a), +a)
        same(njit(lambda x: abs(x))(a), abs(a))
        assert isnat(a) == np.isnat(a)
    assert isnat(DT("NaT", "D")) and not isnat(DT(1, "D"))
    lo = njit(lambda x, y: min(x, y))
    hi = njit(lambda x, y: max(x, y))
    for cases in ((TD(0), TD(1), TD(2), TD("NaT")), (TD(0, "s"), TD(1, "s"), TD("NaT", "s")),
                  (DT(5, "D"), DT(-3, "D"), DT("NaT", "D"))):
        for a, b in itertools.product(cases, cases):
            same(lo(a, b), min(a, b))
            same(hi(a, b), max(a, b))
    as_int = njit(lambda x: int(x))
    assert as_int(TD(-40000000, "ns")) == -40000000
    assert as_int(DT("2000-01-01T01:02:03.002", "ns")) == int(DT("2000-01-01T01:02:03.002", "ns").astype(np.int64))
    with pytest.raises(TypingError, match=r"Only datetime64\[ns\] can be converted, but got datetime64\[Y\]"):
        as_int(DT("2014"))


def test_units_that_may_not_meet_are_typing_errors():
    with pytest.raises(TypingError, match=r"timedelta64\[M\] and timedelta64\[D\]"):
        add(TD(1, "M"), TD(1, "D"))
    with pytest.raises(TypingError):
        sub(TD(1, "M"), TD(1, "D"))
    with pytest.raises(TypingError):
        div(TD(1, "M"), TD(1, "D"))
    for op in ("==", "<", ">="):
        with pytest.raises(TypingError):
            COMPARE[op](TD(1, "Y"), TD(365, "D"))
    with pytest.raises(TypingError):
        add(DT(1, "D"), DT(1, "D"))
    with pytest.raises(TypingError):
        njit(lambda x, y: x < y)(DT(1, "D"), TD(1, "D"))


DAY = TD(4, "D")
NOT_A_DATE = DT("NaT", "D")
NEW_YEAR_2001 = DT("2001-01-01")


def test_constants_and_values_made_in_code():
    same(njit(lambda x: x + DAY)(TD(1, "D")), TD(5, "D"))
    same(njit(lambda x: x + NOT_A_DATE)(TD(1, "D")), DT("NaT", "D"))
    same(njit(lambda x: x + NEW_YEAR_2001)(TD(4, "D")), DT("2001-01-05"))
    same(njit(lambda n: np.timedelta64(n, "h") + np.timedelta64(30, "m"))(2), TD(150, "m"))
    same(njit(lambda: np.datetime64("NaT", "ns"))(), DT("NaT", "ns"))
    nat_made_in_code = njit(lambda: np.isnat(np.timedelta64("NaT")))
    assert nat_made_in_code()


def test_explicit_signatures():
    for sig in (types.NPDatetime("us")(types.NPDatetime("ms"), types.NPTimedelta("us")),
                "NPDatetime('us')(NPDatetime('ms'), NPTimedelta('us'))", "datetime64[us](datetime64[ms], timedelta64[us])"):
        f = numba.jit(sig, nopython=True)(lambda x, y: x + y)
        same(f(DT(1, "ms"), TD(2, "us")), DT(1, "ms") + TD(2, "us"))
    assert str(numba.from_dtype(np.dtype("M8[ns]"))) == "datetime64[ns]"
    assert numba.from_dtype(np.dtype("m8")) == types.NPTimedelta("")


def test_arrays_in_and_out():
    @njit
    def deltas(start, end):
        out = np.empty(start.size, dtype="m8[D]")
        for i in range(start.size):
            out[i] = end[i] - start[i]
        return out

    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + np.random.default_rng(0).integers(0, 10000, arr1.size)
    arr2[3] = np.datetime64("NaT")
    same(deltas(arr1, arr2), arr2 - arr1)

    @njit
    def shift(dates, by):
        for i in range(dates.size):
            dates[i] = dates[i] + by

    d = arr1.copy()
    shift(d, TD(36, "h").astype("m8[D]"))
    same(d, arr1 + TD(1, "D"))

    @njit
    def count_nat(a):
        n = 0
        for x in a:
            n += np.isnat(x)
        return n

    assert count_nat(arr2) == 1
    third = njit(lambda a: a[2])
    assert third(arr2) == arr2[2]


def test_library_over_datetime_arrays_is_refused_not_computed_on_counts():
    a = np.array(["2005-02-01", "NaT"], dtype="M8[D]")
    sort = njit(lambda x: np.sort(x))
    with pytest.raises(TypingError, match=r"not supported by ujit yet"):
        sort(a)
    total = njit(lambda x: x.sum())
    with pytest.raises(TypingError, match=r"timedelta64\[D\] array is not supported by ujit yet"):
        total(a - a)
