"""`ujit.types`: Numba's numba.types, a module, so that `import numba.types` (as
`import ujit.types`) and `from numba import types` both work; in compiled code
`types.int32` and `numba.types.int32` name the same types as `numba.int32`.

The type classes are Numba's isinstance targets: `types.Type` (every type), `Number`,
`Integer` (`bitwidth`, `signed`), `Float`, `Complex` (`underlying_float`), `Boolean`,
`NoneType` (`void`), `UniTuple`, `Tuple` and `Array` (`types.Array(float32, 2, 'C')` is float32[:, ::1]);
`ListType(t)` and `DictType(k, v)` (numba.typed's List and Dict: what List.empty_list and Dict.empty take);
`CPointer(int32)` names a pointer type (compiled code refuses it: ujit has no pointers).
`Record` (a NumPy structured dtype, `numba.from_dtype(dt)`; `Record.make_c_struct`), `NestedArray`
(an array field), `CharSeq` and `UnicodeCharSeq` (string fields, refused by compiled code);
`NPDatetime('ns')` and `NPTimedelta('D')` (np.datetime64 / np.timedelta64 of a unit)."""
from ._types import TYPES as _TYPES
from ._types import ArrayType as Array
from ._types import Boolean, Complex, CPointer, Float, Integer, NoneType, Number, Tuple, Type, UnicodeType, UniTuple
from ._types import CharSeq, NestedArray, Record, UnicodeCharSeq
from ._types import DictType
from ._types import NPDatetime, NPTimedelta
from ._types import TypedListType as ListType

globals().update(_TYPES)

signed_domain = frozenset(t for t in _TYPES.values() if isinstance(t, Integer) and t.signed)
unsigned_domain = frozenset(t for t in _TYPES.values() if isinstance(t, Integer) and not t.signed)
integer_domain = signed_domain | unsigned_domain
real_domain = frozenset([_TYPES["float32"], _TYPES["float64"]])
complex_domain = frozenset([_TYPES["complex64"], _TYPES["complex128"]])
number_domain = integer_domain | real_domain | complex_domain

__all__ = sorted(_TYPES) + ["Array", "Boolean", "Complex", "CPointer", "Float", "Integer", "NoneType", "Number", "Tuple", "Type",
                            "UnicodeType", "UniTuple", "signed_domain", "unsigned_domain", "integer_domain", "real_domain",
                            "complex_domain", "number_domain", "Record", "NestedArray", "CharSeq", "UnicodeCharSeq",
                            "ListType", "DictType", "NPDatetime", "NPTimedelta"]
