"""Numba's type names (float32, int16[:], void, ...) for signatures and cuda.shared.array.

`float32(float32, float32)` builds a signature, `float32[:, ::1]` an array type, and
`float32(1.5)` (a value, not a type) converts like Numba does: to NumPy's float32.
"""
import sys

# ujit_dtype order (include/ujit/ujit.h): an argument type code's low byte indexes this.
CODE_NAMES = ["boolean", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float32", "float64", "complex64", "complex128", "float16"]  # ujit_dtype order
_KINDS = {"boolean": "b", "int": "i", "uint": "u", "float": "f", "complex": "c"}


def _np():
    import numpy  # only when a value or a dtype is needed: `import ujit` stays NumPy-free

    return numpy


class Type:
    """numba.types.Type, the base of every type: `name` is the spelling ujit's signature
    parser reads. The scalar types are instances of Boolean, Integer, Float and Complex
    (Numba's classes, with `bitwidth`, `signed`, `underlying_float`), `void` of NoneType."""

    def __init__(self, name, dtype_name=None):
        self.name = name
        self.dtype_name = dtype_name  # "float32", or None for void
        self.kind = _KINDS.get(dtype_name.rstrip("0123456789"), "?") if dtype_name else None

    @property
    def dtype(self):
        if self.dtype_name is None:
            return None
        return _np().dtype("bool" if self.dtype_name == "boolean" else self.dtype_name)

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
        return self.dtype.type(args[0])  # float32(1.5): NumPy's float32, as in Numba

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


class NoneType(Type):
    pass


class UnicodeType(Type):
    """numba.types.unicode_type (also types.string): a str."""


class Boolean(Type):
    bitwidth = 8


class Number(Type):
    @property
    def bitwidth(self):
        return int(self.dtype_name.lstrip("abcdefghijklmnopqrstuvwxyz"))


class Integer(Number):
    @property
    def signed(self):
        return self.kind == "i"

    @property
    def minval(self):
        return -(1 << (self.bitwidth - 1)) if self.signed else 0

    @property
    def maxval(self):
        return (1 << (self.bitwidth - (1 if self.signed else 0))) - 1


class Float(Number):
    pass


class Complex(Number):
    @property
    def underlying_float(self):
        return TYPES["float%d" % (self.bitwidth // 2)]


# ---- bf16: numba-cuda's bfloat16 (types.bfloat16, numba.cuda.bf16.bfloat16) and fp8 types
# (numba.cuda._internal.cuda_fp8): scalar types of CUDA kernels that NumPy has no dtype for.
class Bfloat16(Number):
    """numba-cuda's Bfloat16: 8 exponent bits and 7 significand bits, spelled __nv_bfloat16.
    In a kernel `bfloat16(x)` converts; on the host it is ml_dtypes.bfloat16 when installed."""

    bitwidth = 16

    def __call__(self, *args):
        if all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        try:
            import ml_dtypes
        except ImportError:
            raise TypeError("bfloat16 values exist on the host only through ml_dtypes, which is not installed")
        return ml_dtypes.bfloat16(*args)


class Fp8(Number):
    """numba-cuda's fp8_e4m3, fp8_e5m2 and fp8_e8m0: one byte, converted to and from numbers
    in kernels (no arithmetic)."""

    bitwidth = 8

    @property
    def __name__(self):  # numba-cuda's fp8 types are classes: tests name them by __name__
        return self.name

    def __call__(self, *args):
        if all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        raise TypeError("%s values exist only in CUDA kernels" % self.name)
# ---- end bf16


# NumPy's datetime units by code (NPY_DATETIMEUNIT; 3 is unused, "" is generic): ujit_dtype's low bits.
TIME_UNITS = ["Y", "M", "W", None, "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", ""]
CODE_DATETIME64, CODE_TIMEDELTA64 = 16, 32  # + the unit's code (include/ujit/ujit.h)


class NPDatetimeBase(Type):
    """Numba's NPDatetime / NPTimedelta: np.datetime64 / np.timedelta64 of one unit
    ("datetime64[ns]"; the generic unit is "", "timedelta64[]")."""

    def __init__(self, unit):
        if unit not in TIME_UNITS or unit is None:
            raise ValueError("unknown datetime unit %r" % (unit,))
        Type.__init__(self, "%s[%s]" % (self.type_name, unit), None)
        self.unit, self.unit_code = unit, TIME_UNITS.index(unit)

    @property
    def dtype(self):
        return _np().dtype("%s[%s]" % (self.type_name, self.unit) if self.unit else self.type_name)

    def __call__(self, *args):
        if args and all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        cls = getattr(_np(), self.type_name)  # Numba's cast_python_value
        return cls(*args, self.unit) if self.unit else cls(*args)

    def __lt__(self, other):  # a coarser unit is "smaller", as in Numba
        return type(self) is type(other) and self.unit_code < other.unit_code


class NPDatetime(NPDatetimeBase):
    type_name = "datetime64"


class NPTimedelta(NPDatetimeBase):
    type_name = "timedelta64"


def _time_type_of_dtype(dtype):
    unit, count = _np().datetime_data(dtype)
    if count != 1:
        raise TypeError("ujit does not support dtype %s (multiples of a unit)" % dtype)
    return (NPDatetime if dtype.kind == "M" else NPTimedelta)("" if unit == "generic" else unit)


class ArrayType(Type):
    def __init__(self, dtype, ndim, layout, readonly=False):
        if not isinstance(dtype, Type):  # a NumPy dtype: what ujit's ArrayType.dtype gives back
            dtype = from_dtype(dtype)
        self.base, self.ndim, self.layout, self.readonly = dtype, ndim, layout, readonly
        dims = [":"] * ndim
        if layout == "C" and ndim:
            dims[-1] = "::1"
        elif layout == "F" and ndim:
            dims[0] = "::1"
        # A read-only array (flags.writeable false) has only Numba's long spelling; a 0-d
        # array has no slice spelling: Numba's array(float64, 0d, C).
        if readonly:
            name = "readonly array(%s, %dd, %s)" % (dtype.name, ndim, layout)
        elif ndim:
            name = "%s[%s]" % (dtype.name, ", ".join(dims))
        else:
            name = "array(%s, 0d, C)" % dtype.name
        super().__init__(name, None)
        self.dtype_name, self.kind = dtype.dtype_name, dtype.kind

    @property
    def dtype(self):
        return self.base.dtype


class Record(Type):
    """numba.types.Record: a NumPy structured dtype as Numba types it. `fields` maps each name
    to its (type, offset); str() is Numba's spelling, Record(a[type=int32;offset=0];4;False),
    which ujit's signatures read. `rec[:]` is an array of records."""

    def __init__(self, fields, size, aligned, dtype=None):
        items = sorted(((n, dict(info)) for n, info in fields), key=lambda f: (f[1]["offset"], f[0]))
        self.fields = {n: _Field(info["type"], info["offset"], info.get("title"), info.get("alignment"))
                       for n, info in items}
        self.size, self.aligned, self._dtype = size, bool(aligned), dtype
        desc = ",".join("%s[type=%s;offset=%d%s]" % (n, f.type, f.offset, f.extra()) for n, f in self.fields.items())
        super().__init__("Record(%s;%d;%s)" % (desc, size, self.aligned), None)
        self.bitwidth = size * 8

    @property
    def dtype(self):
        if self._dtype is None:
            np = _np()
            self._dtype = np.dtype({"names": list(self.fields), "offsets": [f.offset for f in self.fields.values()],
                                    "formats": [_field_dtype(f.type) for f in self.fields.values()],
                                    "itemsize": self.size}, align=self.aligned)
        return self._dtype

    @classmethod
    def make_c_struct(cls, name_types):
        """Numba's Record.make_c_struct: fields of numbers (or nested arrays) laid out as a C
        struct, each at a multiple of its alignment, the size rounded up to the largest."""
        offset, fields, biggest = 0, [], 1
        for name, t in name_types:
            if not isinstance(t, (Number, Boolean, NestedArray)):
                raise TypeError("Only Number and NestedArray types are supported, found: %s. " % t)
            scalar = t.base if isinstance(t, NestedArray) else t
            size = scalar.dtype.itemsize * (int(_np().prod(t.shape)) if isinstance(t, NestedArray) else 1)
            align = scalar.dtype.itemsize // (2 if isinstance(scalar, Complex) else 1)
            offset += -offset % align
            fields.append((name, {"type": t, "offset": offset, "alignment": align}))
            offset, biggest = offset + size, max(biggest, align)
        return cls(fields, offset + -offset % biggest, True)

    @property
    def members(self):
        return [(n, f.type) for n, f in self.fields.items()]

    def offset(self, key):
        return self.fields[key].offset

    def typeof(self, key):
        return self.fields[key].type

    def __len__(self):
        return len(self.fields)


class _Field:
    def __init__(self, type, offset, title=None, alignment=None):
        self.type, self.offset, self.title, self.alignment = type, offset, title, alignment

    def extra(self):  # Numba's: the alignment make_c_struct gave, else NumPy's title
        if self.alignment is not None:
            return ";alignment=%d" % self.alignment
        return "" if self.title is None else ";title=%s" % self.title

    def __eq__(self, other):
        return isinstance(other, _Field) and (self.type, self.offset, self.title) == (other.type, other.offset,
                                                                                      other.title)


class NestedArray(Type):
    """numba.types.NestedArray: an array field of a record, `nestedarray(float32, (3, 2))`."""

    def __init__(self, dtype, shape):
        self.base, self.shape, self.ndim, self.layout = dtype, tuple(shape), len(shape), "C"
        super().__init__("nestedarray(%s, %s)" % (dtype, self.shape), None)

    @property
    def dtype(self):
        return self.base


class CharSeq(Type):
    """numba.types.CharSeq(n): a record's 'S<n>' field (ujit refuses it when compiling)."""

    def __init__(self, count):
        super().__init__("[char x %d]" % count, None)
        self.count = count


class UnicodeCharSeq(Type):
    """numba.types.UnicodeCharSeq(n): a record's 'U<n>' field (ujit refuses it when compiling)."""

    def __init__(self, count):
        super().__init__("[unichr x %d]" % count, None)
        self.count = count


def _field_dtype(t):
    if isinstance(t, NestedArray):
        return (t.base.dtype, t.shape)
    if isinstance(t, CharSeq):
        return "S%d" % t.count
    if isinstance(t, UnicodeCharSeq):
        return "U%d" % t.count
    return t.dtype


def from_dtype(dtype):
    """numba.from_dtype: the Type of a NumPy dtype, records (structured dtypes) included."""
    np = _np()
    dtype = np.dtype(dtype)
    if dtype.fields is not None:
        if dtype.hasobject:
            raise TypeError("ujit does not support dtype %s: dtypes that contain object are not supported" % dtype)
        fields = [(n, {"type": from_dtype(info[0]), "offset": info[1], "title": info[2] if len(info) > 2 else None})
                  for n, info in dtype.fields.items() if len(info) < 3 or info[2] != n]  # a title names a field twice
        return Record(fields, dtype.itemsize, dtype.isalignedstruct, dtype)
    if dtype.subdtype is not None:
        return NestedArray(from_dtype(dtype.subdtype[0]), dtype.subdtype[1])
    if dtype.char == "S":
        return CharSeq(dtype.itemsize)
    if dtype.char == "U":
        return UnicodeCharSeq(dtype.itemsize // 4)
    return scalar_type_of_dtype(dtype)


def record_spelling(dtype):
    """The spelling of a structured dtype's Record (the extension's record registry asks)."""
    t = from_dtype(dtype)
    _RECORDS.setdefault(str(t), t)
    return str(t)


class CPointer(Type):
    """numba.types.CPointer(int32): a C pointer to values of `dtype`, spelled "int32*" as in
    Numba. ujit's compiled code has no pointer type: a signature naming one is refused, with
    its location, where it is compiled."""

    def __init__(self, dtype, addrspace=None):
        super().__init__("%s*" % dtype.name, None)
        self.pointee, self.addrspace = dtype, addrspace

    @property
    def dtype(self):  # Numba's CPointer.dtype is the type pointed to
        return self.pointee


class UniTuple(Type):
    """numba.types.UniTuple(float64, 2): a tuple of `count` items of one type."""

    def __init__(self, dtype, count):
        super().__init__("UniTuple(%s x %d)" % (dtype.name, count), None)
        self.item, self.count, self.types = dtype, count, (dtype,) * count

    @property
    def dtype(self):
        return self.item

    def __len__(self):
        return self.count

    def __iter__(self):  # Numba's tuple types iterate and index as their item types
        return iter(self.types)

    def __getitem__(self, i):
        return self.types[i]


class Tuple(Type):
    """numba.types.Tuple([int64, float32]); of items of one type it is a UniTuple, as in Numba."""

    def __new__(cls, types):
        types = tuple(types)
        if types and all(t == types[0] for t in types):
            return UniTuple(types[0], len(types))
        return super().__new__(cls)

    def __init__(self, types):
        self.types = tuple(types)
        super().__init__("Tuple(%s)" % ", ".join(t.name for t in self.types), None)

    def __len__(self):
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __getitem__(self, i):
        return self.types[i]


class NamedTuple(Tuple):
    """Numba's NamedUniTuple / NamedTuple: the items' types and the namedtuple class, spelled
    "Point(float64 x 2)" or "Point(int64, float64)" (what a reflected list of them holds,
    _container_args.py)."""

    def __new__(cls, types, klass):
        return Type.__new__(cls)

    def __init__(self, types, klass):
        self.types, self.klass = tuple(types), klass
        plain = Tuple(self.types).name if self.types else "Tuple()"
        Type.__init__(self, klass.__name__ + plain[plain.index("("):], None)



class TypedListType(Type):
    """numba.types.ListType(item_type): the type of a numba.typed.List, ListType[int64]."""

    def __init__(self, item_type):
        super().__init__("ListType[%s]" % item_type.name, None)
        self.item_type = item_type

    dtype = property(lambda self: self.item_type)


class DictType(Type):
    """numba.types.DictType(key_type, value_type): a numba.typed.Dict's type."""

    def __init__(self, key_type, value_type):
        super().__init__("DictType[%s,%s]<iv=None>" % (key_type.name, value_type.name), None)
        self.key_type, self.value_type = key_type, value_type

    dtype = property(lambda self: None)


class Signature:
    def __init__(self, ret, args):
        self.return_type, self.args = ret, tuple(args)

    def __str__(self):
        return "%s(%s)" % (self.return_type or "", ", ".join(str(a) for a in self.args))

    __repr__ = __str__


# Numba's other spellings (numba/core/types/__init__.py): its C names follow the C types of
# this platform (LP64), `byte` is uint8 and `float_` float32, as in Numba (not NumPy).
_ALIASES = {
    "b1": "boolean", "bool_": "boolean", "i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
    "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64", "f2": "float16", "f4": "float32",
    "f8": "float64", "c8": "complex64", "c16": "complex128", "intp": "int64", "uintp": "uint64",
    "intc": "int32", "uintc": "uint32", "ssize_t": "int64", "size_t": "uint64", "double": "float64",
    "single": "float32", "float_": "float32", "char": "int8", "uchar": "uint8", "byte": "uint8",
    "short": "int16", "ushort": "uint16", "int_": "int64", "uint": "uint64", "long_": "int64",
    "ulong": "uint64", "longlong": "int64", "ulonglong": "uint64",
}
_CLASSES = {"b": Boolean, "i": Integer, "u": Integer, "f": Float, "c": Complex}

TYPES = {name: _CLASSES[_KINDS[name.rstrip("0123456789")]](name, name) for name in CODE_NAMES}
for _alias, _name in _ALIASES.items():
    TYPES[_alias] = TYPES[_name]
TYPES["void"] = TYPES["none"] = NoneType("void", None)
TYPES["unicode_type"] = TYPES["string"] = UnicodeType("unicode_type", None)
TYPES["bfloat16"] = Bfloat16("__nv_bfloat16", None)  # bf16: numba-cuda's types.bfloat16
CODE_ARRAY = 1 << 16
CODE_READONLY = 1 << 17
CODE_STR = 1 << 18
CODE_NONE = 1 << 20
CODE_LIST = 1 << 21  # a Python list: Numba's reflected list of its first item's type
CODE_TYPED_LIST = 1 << 22  # with CODE_LIST: a numba.typed.List (ListType[T])
CODE_RECORD = 1 << 23  # a record array (with CODE_ARRAY) or one record: values.c's registry names its type
LAYOUTS = {"A": 0, "C": 1, "F": 2}


def __getattr__(name):
    # DTYPES (NumPy dtypes in ujit_dtype order) and DTYPE_CODE, made on first use.
    if name in ("DTYPES", "DTYPE_CODE"):
        np = _np()
        dtypes = [np.dtype("bool" if n == "boolean" else n) for n in CODE_NAMES]
        mod = sys.modules[__name__]
        mod.DTYPES, mod.DTYPE_CODE = dtypes, {dt: i for i, dt in enumerate(dtypes)}
        return getattr(mod, name)
    raise AttributeError(name)


def code_of_dtype(dtype):
    """A NumPy dtype's ujit_dtype code (datetime64[unit]: 16 + unit), or None where ujit has none."""
    dtype = _np().dtype(dtype)
    if dtype.kind in "mM" and dtype.isnative:
        unit, count = _np().datetime_data(dtype)
        unit = "" if unit == "generic" else unit
        if count != 1 or unit not in TIME_UNITS:
            return None
        return (CODE_DATETIME64 if dtype.kind == "M" else CODE_TIMEDELTA64) + TIME_UNITS.index(unit)
    return sys.modules[__name__].DTYPE_CODE.get(dtype)  # made on first use (__getattr__ below)


def dtype_of_code(code):
    """The NumPy dtype of an argument code's element (datetime64[unit] and timedelta64[unit] too)."""
    code &= 0xFF
    if code & 0xF0 in (CODE_DATETIME64, CODE_TIMEDELTA64):
        return _scalar_of_code(code).dtype
    return sys.modules[__name__].DTYPES[code]


def scalar_type_of_dtype(dtype):
    """The Type of a NumPy dtype (by Numba's name)."""
    dtype = _np().dtype(dtype)
    if dtype.kind in "mM":
        return _time_type_of_dtype(dtype)
    for name in CODE_NAMES:
        if TYPES[name].dtype == dtype:
            return TYPES[name]
    raise TypeError("ujit does not support dtype %s" % dtype)


class ListType:
    """Numba's list types: reflected list(T) (a Python list argument), ListType[T] (typed.List)."""

    def __init__(self, item, reflected=False, typed=False):
        self.item, self.reflected, self.typed = item, reflected, typed

    def __str__(self):
        if self.typed:
            return "ListType[%s]" % self.item
        return "%slist(%s)<iv=None>" % ("reflected " if self.reflected else "", self.item)

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, ListType) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


def type_of_code(code):
    """The Type an argument type code (ujit/_native/values.c) stands for."""
    if code & CODE_NONE:
        raise TypeError("unsupported argument type")
    if code & CODE_LIST:
        typed = bool(code & CODE_TYPED_LIST)
        return ListType(type_of_code(code & ~(CODE_LIST | CODE_TYPED_LIST)), reflected=not typed, typed=typed)
    if code & CODE_STR:
        return TYPES["unicode_type"]
    if code & CODE_RECORD:
        from ._native import ext

        scalar = _record_of_spelling(ext.record_type(code))
    else:
        scalar = _scalar_of_code(code & 0xFF)
    if not code & CODE_ARRAY:
        return scalar
    ndim, layout = (code >> 8) & 0xF, (code >> 12) & 0xF
    return ArrayType(scalar, ndim, {0: "A", 1: "C", 2: "F"}[layout] if ndim else "C", bool(code & CODE_READONLY))


def _scalar_of_code(code):
    if code & 0xF0 in (CODE_DATETIME64, CODE_TIMEDELTA64):
        return (NPDatetime if code & 0xF0 == CODE_DATETIME64 else NPTimedelta)(TIME_UNITS[code & 15])
    return TYPES[CODE_NAMES[code]]


_RECORDS = {}  # spelling -> Record, for the records arguments have had


def _record_of_spelling(spelling):
    return _RECORDS.get(spelling) or _RecordSpelling(spelling)


class _RecordSpelling(Record):
    """A Record known by its spelling only (an argument's, before from_dtype saw its dtype)."""

    def __init__(self, spelling):
        Type.__init__(self, spelling, None)
        self.fields, self._dtype = {}, None


def code_of_type(t):
    """The argument type code of a Type (the inverse of type_of_code)."""
    if isinstance(t, UnicodeType):
        return CODE_STR
    rec = t if isinstance(t, Record) else t.base if isinstance(t, ArrayType) and isinstance(t.base, Record) else None
    if rec is not None:
        from ._native import ext

        code = ext.record_code(str(rec))
    else:
        scalar = t.base if isinstance(t, ArrayType) else t
        if isinstance(scalar, NPDatetimeBase):
            code = (CODE_DATETIME64 if isinstance(scalar, NPDatetime) else CODE_TIMEDELTA64) + scalar.unit_code
        else:
            code = CODE_NAMES.index(t.dtype_name)
    if isinstance(t, ArrayType):
        code |= CODE_ARRAY | (t.ndim << 8) | (LAYOUTS[t.layout] << 12) | (CODE_READONLY if t.readonly else 0)
    return code


def parse_type(text):
    """'float32', 'float32[:, ::1]' -> Type (for signature strings given by the user)."""
    text = text.strip()
    if text.startswith("Record("):  # Numba's spelling of a Record, maybe with array dims after it
        depth = 0
        for end in range(len("Record"), len(text)):
            depth += text[end] == "("
            depth -= text[end] == ")"
            if depth == 0:
                break
        rec, rest = _record_of_spelling(text[:end + 1]), text[end + 1:].strip()
        if not rest:
            return rec
        dims = [d.strip() for d in rest[1:].rstrip("]").split(",")]
        return rec[tuple(slice(None, None, 1 if d == "::1" else None) for d in dims)]
    for cls in (NPDatetime, NPTimedelta):  # datetime64[ns], NPDatetime('ns'), then maybe dims
        for head in (cls.type_name + "[", cls.__name__ + "("):
            if text.startswith(head):
                end = text.index("]" if head.endswith("[") else ")") + 1
                unit = text[len(head):end - 1].strip().strip("'\"")
                t, rest = cls(unit), text[end:].strip()
                if not rest:
                    return t
                dims = [d.strip() for d in rest[1:].rstrip("]").split(",")]
                return t[tuple(slice(None, None, 1 if d == "::1" else None) for d in dims)]
    if "[" not in text:
        if text not in TYPES:
            raise TypeError("unknown type '%s'" % text)
        return TYPES[text]
    base, dims = text.split("[", 1)
    dims = [d.strip() for d in dims.rstrip("]").split(",")]
    t = parse_type(base)
    return t[tuple(slice(None, None, 1 if d == "::1" else None) for d in dims)]


def split_signature(text):
    """'float32(float32, int64[:])' -> (return Type or None, [arg Types]); a tuple return
    type (not a Type here) gives None."""
    ret, args = split_full_signature(str(text))
    params = [parse_type(a) for a in _split_top(args[1:-1])]
    if not ret or ret.startswith(("UniTuple(", "Tuple(")):
        return None, params
    return parse_type(ret), params


def _split_top(text):
    """'a, Tuple(b, c), d' -> ['a', 'Tuple(b, c)', 'd'] (commas outside brackets)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch in "(["
        depth -= ch in ")]"
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def param_texts(sig):
    """'float64(UniTuple(float64, 2), int64)' -> ['UniTuple(float64, 2)', 'int64']."""
    return _split_top(split_full_signature(str(sig))[1][1:-1])


def flat_param(text):
    """A parameter type's nesting shape (_tuple_args.shape_of) and its leaf types:
    'UniTuple(float64, 2)' or 'UniTuple(float64 x 2)' -> ((None, None), ['float64', 'float64']),
    'Tuple(int64, Tuple(f4, b1))' -> ((None, (None, None)), ['int64', 'f4', 'b1']),
    'float64[:]' -> (None, ['float64[:]'])."""
    text = text.strip()
    for head in ("UniTuple(", "Tuple("):
        if text.startswith(head) and text.endswith(")"):
            inner = _split_top(text[len(head):-1])
            if head == "UniTuple(":
                elem, count = inner[0].rsplit(" x ", 1) if len(inner) == 1 else inner
                inner = [elem] * int(count)
            parts = [flat_param(p) for p in inner]
            return tuple(shape for shape, _ in parts), [leaf for _, leaves in parts for leaf in leaves]
    return None, [text]


def split_full_signature(sig):
    """'UniTuple(float64 x 2)(float64, int64)' -> ('UniTuple(float64 x 2)', '(float64, int64)')."""
    sig = sig.strip()
    depth = 0
    for i in range(len(sig) - 1, -1, -1):
        depth += sig[i] == ")"
        depth -= sig[i] == "("
        if depth == 0:
            return sig[:i].strip(), sig[i:]
    raise ValueError("not a signature: %r" % sig)


def result_shape(text, enums=None):
    """How a flattened result rebuilds: None for a scalar (or none), else a tuple with one
    entry per element (None for a scalar, a nested tuple for a tuple); a list is
    [item's shape]; a dict or set result is its type's text (ujit.typed._from_result reads it);
    a generator is {"generator": the shape of what it yields};
    an enum member is {"enum": its class, "value": its value's shape} (`enums`: the classes by
    the names the module gave them, _enums.py); a named tuple, "Point(float64 x 2)", is
    {"make": its class's _make, "value": its elements' shape}, as Numba boxes one."""
    text = text.strip()
    if text.startswith("OptionalType(") and text.endswith(")"):  # no values (None) or its payload's
        return result_shape(text[len("OptionalType("):-1], enums)
    if text.startswith(("DictType[", "set(", "reflected set(")):
        return text
    if text.startswith("instance.jitclass."):  # its header's address, boxed (experimental/_jitclass.py)
        from .experimental import _jitclass

        return {"enum": _jitclass.box_of(text), "value": None}
    head = " generator(func="  # gen: "int64 generator(func=f, args=(int64,), has_finalizer=True)"
    if head in text and text.endswith(", has_finalizer=True)"):  # its item never holds a generator
        return {"generator": result_shape(text[:text.index(head)], enums)}
    if enums and "Enum<" in text:
        from . import _enums  # only modules with enum classes come here

        member = _enums.result_shape(text, enums, lambda inner: result_shape(inner, enums))
        if member is not None:
            return member
    if text.endswith(")") and (text.partition("(")[0] in (enums or ()) or text.partition("(")[0] in MACHINE_LIMITS):
        named = _namedtuple_shape(text, enums or MACHINE_LIMITS)
        if named is not None:
            return named
    if text.startswith("ListType[") and text.endswith("]"):  # a typed List: its item type too
        inner = text[len("ListType["):-1]
        return [result_shape(inner, enums), inner]
    for head, tail in (("reflected list(", ")<iv=None>"), ("list(", ")<iv=None>")):
        if text.startswith(head) and text.endswith(tail):
            return [result_shape(text[len(head):-len(tail)], enums)]
    if text.startswith("UniTuple(") and text.endswith(")"):
        inner, _, count = text[len("UniTuple("):-1].rpartition(" x ")
        return tuple(result_shape(inner, enums) for _ in range(int(count)))
    if text.startswith("Tuple(") and text.endswith(")"):
        return tuple(result_shape(p, enums) for p in _split_top(text[len("Tuple("):-1]))
    return None


def _machine_limit_classes():
    import collections

    return {
        "iinfo": collections.namedtuple("iinfo", ("min", "max", "bits")),
        "finfo": collections.namedtuple("finfo", ("eps", "epsneg", "iexp", "machep", "max", "maxexp", "min", "minexp",
                                                  "negep", "nexp", "nmant", "precision", "resolution", "tiny", "bits")),
    }


# The classes of np.iinfo(t) and np.finfo(t) in compiled code, as Numba's numba/np/arraymath.py
# makes them (nplib/machine_limits.hpp): what such a value returned to Python is.
MACHINE_LIMITS = _machine_limit_classes()


def _namedtuple_shape(text, classes):
    """The shape of a named tuple's type text ("Point(float64 x 2)", "Point(int64, float64)"),
    or None when its name is no namedtuple class of `classes` (nor iinfo / finfo)."""
    name = text.partition("(")[0]
    cls = classes.get(name) or MACHINE_LIMITS.get(name)
    if not (isinstance(cls, type) and issubclass(cls, tuple)):
        return None
    inner = text[len(name) + 1:-1]
    parts = _split_top(inner) if inner else []
    if len(parts) == 1:  # one element type: "float64 x 2"
        item, _, count = parts[0].rpartition(" x ")
        value = tuple(result_shape(item, classes) for _ in range(int(count)))
    else:  # "int64, float64"
        value = tuple(result_shape(p, classes) for p in parts)
    return {"make": cls._make, "value": value}
