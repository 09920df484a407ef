"""Shared JSON encoding of typed values for ujit's oracles (pure CPython).

Both tools/scripts/example_oracle.py and tools/scripts/conformance_oracle.py write expected
results with it, so the C++ tests need one reader. The encoding:

  scalar  {"type": "int64" | "int16" | ... | "bool", "value": <JSON int | true | false>}
          {"type": "float64" | "float32", "value": "<Python repr>"}   e.g. "5.0", "-0.0",
          "inf", "-inf", "nan", "1e-300"; repr round-trips, so strtod gives the exact value
          (for float32, the exact float32 value as a double)
  tuple   {"type": "tuple", "items": [<scalar or tuple>, ...]}
  array   {"type": "array", "dtype": "float32", "shape": [rows, cols], "values": [...]}
          values flat in C order, each the bare "value" of a scalar of that dtype
  error   {"error": "ZeroDivisionError"}   (the call must raise; on the CPU only)

Integers are written as JSON integers and must be parsed exactly as int64 (never through
a double).
"""
import math
import struct

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1

INT_RANGES = {
    "int8": (-(1 << 7), (1 << 7) - 1),
    "int16": (-(1 << 15), (1 << 15) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1),
    "int64": (INT64_MIN, INT64_MAX),
    "uint8": (0, (1 << 8) - 1),
    "uint16": (0, (1 << 16) - 1),
    "uint32": (0, (1 << 32) - 1),
    "uint64": (0, (1 << 64) - 1),
}
FLOAT_TYPES = ("float32", "float64")


def f32(x):
    """Rounds a Python float to the nearest float32 (what storing into float32 does)."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:  # only raised when the value rounds to infinity
        return math.copysign(math.inf, x)


def float_text(x):
    """repr() of a float, the text form that round-trips (inf, -inf, nan, -0.0 included)."""
    return repr(float(x))


def raw(dtype, x):
    """The bare JSON value of a scalar of dtype."""
    if dtype == "bool":
        if not isinstance(x, bool):
            raise TypeError(f"bool expected, got {x!r}")
        return x
    if dtype in INT_RANGES:
        lo, hi = INT_RANGES[dtype]
        if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
            raise ValueError(f"{x!r} is not a {dtype}")
        return x
    if dtype == "float32":
        if f32(x) != x and not math.isnan(x):
            raise ValueError(f"{x!r} is not exactly a float32")
        return float_text(x)
    if dtype == "float64":
        return float_text(x)
    raise ValueError(f"unknown dtype {dtype}")


def scalar(dtype, x):
    return {"type": dtype, "value": raw(dtype, x)}


def infer(x):
    """Encodes a CPython result the way Numba types it: bool, int → int64, float →
    float64, tuple → tuple. Raises ValueError when it is not representable (big ints)."""
    if isinstance(x, bool):
        return scalar("bool", x)
    if isinstance(x, int):
        return scalar("int64", x)
    if isinstance(x, float):
        return scalar("float64", x)
    if isinstance(x, tuple):
        return {"type": "tuple", "items": [infer(e) for e in x]}
    raise ValueError(f"cannot encode {type(x).__name__} {x!r}")


def array(dtype, shape, flat):
    count = 1
    for n in shape:
        count *= n
    if count != len(flat):
        raise ValueError(f"shape {shape} needs {count} values, got {len(flat)}")
    return {"type": "array", "dtype": dtype, "shape": list(shape),
            "values": [raw(dtype, v) for v in flat]}


def error(name):
    return {"error": name}
