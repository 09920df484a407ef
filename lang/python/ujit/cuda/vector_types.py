"""numba-cuda's CUDA vector types (numba.cuda.vector_types): `cuda.float32x4`, `cuda.int16x2`,
... for ten number types and 1 to 4 lanes, and the C names numba-cuda gives them
(`cuda.float4`, `cuda.short2`, `cuda.ulonglong3`, ...).

In a kernel or device function, `cuda.float32x4(x, y, z, w)` makes a vector (from numbers and
smaller vectors of the same base type, as many lanes as the type has) and `v.x`, `v.y`, `v.z`,
`v.w` read its lanes; ujit compiles them (src/types/vector_types.cpp). From Python the
constructors only name the type: calling one says so, as numba-cuda's stubs do.

`vector_types` maps each canonical name to its VectorType (`name`, `base_type`, `attr_names`,
`num_elements`, `user_facing_object`: the constructor), as numba-cuda's own module does.
"""
from .. import _types
from ._kernelapi import _KernelOnly

_BASES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64")
_LANES = ("x", "y", "z", "w")
# numba-cuda's C names for the base types (stubs.map_vector_type_stubs_to_alias): the NumPy
# width of each C type, on Linux x86-64 and aarch64 (LP64).
_C_NAMES = {"char": "int8", "short": "int16", "int": "int32", "long": "int64", "longlong": "int64",
            "uchar": "uint8", "ushort": "uint16", "uint": "uint32", "ulong": "uint64", "ulonglong": "uint64",
            "float": "float32", "double": "float64"}


class VectorTypeStub(_KernelOnly):
    """`cuda.float32x4`: the constructor kernels call; `aliases` are its C names."""

    def __init__(self, name, attr_names):
        super().__init__(name)
        self.__name__ = name
        self.attr_names = attr_names
        self.aliases = []

    def __repr__(self):
        return "<ujit.cuda.%s (vector type; kernel code only)>" % self._name


class VectorType:
    """numba-cuda's VectorType: `num_elements` lanes of `base_type`, named `attr_names`."""

    def __init__(self, name, base_type, attr_names, user_facing_object):
        self.name = name
        self.base_type = base_type
        self.attr_names = attr_names
        self.user_facing_object = user_facing_object

    @property
    def num_elements(self):
        return len(self.attr_names)

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name


def _make():
    found = {}
    for base in _BASES:
        for n in range(1, 5):
            name = "%sx%d" % (base, n)
            stub = VectorTypeStub(name, _LANES[:n])
            found[name] = VectorType(name, _types.TYPES[base], _LANES[:n], stub)
    for c_name, base in _C_NAMES.items():
        for n in range(1, 5):
            found["%sx%d" % (base, n)].user_facing_object.aliases.append("%s%d" % (c_name, n))
    return found


vector_types = _make()


def constructors():
    """Every name numba.cuda exports for a vector type (canonical names and aliases) -> its
    constructor, one object per type."""
    names = {}
    for vty in vector_types.values():
        names[vty.name] = vty.user_facing_object
        for alias in vty.user_facing_object.aliases:
            names[alias] = vty.user_facing_object
    return names
