"""Numba's type names (float32, int16[:], void, ...) for signatures and cuda.shared.array.

`float32(float32, float32)` builds a signature, `float32[:, ::1]` an array type, and
`float32(1.5)` (a value, not a type) converts like Numba does: to NumPy's float32.
"""
import numpy as np


class Type:
    """A scalar type (or `void`); `name` is the spelling ujit's signature parser reads."""

    def __init__(self, name, dtype):
        self.name = name
        self.dtype = np.dtype(dtype) if dtype is not None else None

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name

    def __eq__(self, other):
        return isinstance(other, Type) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __call__(self, *args):
        if all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        if self.dtype is None or len(args) != 1:
            raise TypeError("%s(...) takes one value or argument types" % self.name)
        return self.dtype.type(args[0])

    def __getitem__(self, index):
        dims = index if isinstance(index, tuple) else (index,)
        layout = "A"
        for k, d in enumerate(dims):
            if not isinstance(d, slice) or d.start is not None or d.stop is not None or d.step not in (None, 1):
                raise TypeError("array types are written with ':' or '::1', as float32[:, ::1]")
            if d.step == 1:
                layout = "C" if k == len(dims) - 1 else "F" if k == 0 else "?"
        if layout == "?":
            raise TypeError("'::1' marks the first (F) or the last (C) dimension")
        return ArrayType(self, len(dims), layout)


class ArrayType(Type):
    def __init__(self, dtype, ndim, layout):
        self.base, self.ndim, self.layout = dtype, ndim, layout
        dims = [":"] * ndim
        if layout == "C":
            dims[-1] = "::1"
        elif layout == "F":
            dims[0] = "::1"
        super().__init__("%s[%s]" % (dtype.name, ", ".join(dims)), None)
        self.dtype = dtype.dtype


class Signature:
    def __init__(self, ret, args):
        self.return_type, self.args = ret, tuple(args)

    def __str__(self):
        return "%s(%s)" % (self.return_type or "", ", ".join(str(a) for a in self.args))

    __repr__ = __str__


_SCALARS = {
    "boolean": np.bool_, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
    "float32": np.float32, "float64": np.float64, "complex64": np.complex64, "complex128": np.complex128,
}
_ALIASES = {
    "b1": "boolean", "bool_": "boolean", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64", "f4": "float32", "f8": "float64",
    "c8": "complex64", "c16": "complex128", "intp": "int64", "uintp": "uint64", "intc": "int32",
    "uintc": "uint32", "double": "float64", "single": "float32", "byte": "int8", "short": "int16",
    "long_": "int64", "float_": "float64", "complex_": "complex128",
}

TYPES = {name: Type(name, dt) for name, dt in _SCALARS.items()}
for _alias, _name in _ALIASES.items():
    TYPES[_alias] = TYPES[_name]
TYPES["void"] = TYPES["none"] = Type("void", None)

# The ujit dtype codes of include/ujit/ujit.h, in ujit_dtype order.
DTYPES = [np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                                np.uint32, np.uint64, np.float32, np.float64, np.complex64, np.complex128)]
DTYPE_CODE = {dt: i for i, dt in enumerate(DTYPES)}
CODE_ARRAY = 1 << 16
CODE_NONE = 1 << 20
LAYOUTS = {"A": 0, "C": 1, "F": 2}


def scalar_type_of_dtype(dtype):
    """The Type of a NumPy dtype (by Numba's name)."""
    dtype = np.dtype(dtype)
    for name, dt in _SCALARS.items():
        if np.dtype(dt) == dtype:
            return TYPES[name]
    raise TypeError("ujit does not support dtype %s" % dtype)


def type_of_code(code):
    """The Type an argument type code (ujit/_native/values.c) stands for."""
    if code & CODE_NONE:
        raise TypeError("unsupported argument type")
    scalar = scalar_type_of_dtype(DTYPES[code & 0xFF])
    if not code & CODE_ARRAY:
        return scalar
    ndim, layout = (code >> 8) & 0xF, (code >> 12) & 0xF
    return ArrayType(scalar, ndim, {0: "A", 1: "C", 2: "F"}[layout] if ndim else "C")


def code_of_type(t):
    """The argument type code of a Type (the inverse of type_of_code)."""
    code = DTYPE_CODE[t.dtype]
    if isinstance(t, ArrayType):
        code |= CODE_ARRAY | (t.ndim << 8) | (LAYOUTS[t.layout] << 12)
    return code


def parse_type(text):
    """'float32', 'float32[:, ::1]' -> Type (for signature strings given by the user)."""
    text = text.strip()
    if "[" not in text:
        if text not in TYPES:
            raise TypeError("unknown type '%s'" % text)
        return TYPES[text]
    base, dims = text.split("[", 1)
    dims = [d.strip() for d in dims.rstrip("]").split(",")]
    t = parse_type(base)
    return t[tuple(slice(None, None, 1 if d == "::1" else None) for d in dims)]


def split_signature(text):
    """'float32(float32, int64[:])' -> (return Type or None, [arg Types])."""
    text = str(text).strip()
    open_paren = text.index("(")
    ret = text[:open_paren].strip()
    inner = text[open_paren + 1:text.rindex(")")]
    args, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
            continue
        depth += ch == "["
        depth -= ch == "]"
        cur += ch
    if cur.strip():
        args.append(cur)
    return (parse_type(ret) if ret else None), [parse_type(a) for a in args]
