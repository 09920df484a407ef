"""Numba's type annotation of one compiled specialization (`overload._type_annotation`):
`typemap`, each variable's type, read from ujit's own typing dump (`dump("types")`, the text
inspect_types prints, where each variable's first binding is followed by `#   name = type`)."""
import re

from . import _types

_VARIABLE = re.compile(r"^#   ([A-Za-z_][A-Za-z0-9_.$]*) = (.+)$")
_ARRAY = re.compile(r"^(readonly )?array\((.+), (\d+)d, ([CFA])\)$")


def type_of_spelling(text):
    """A ujit type object for Numba's spelling of a scalar, array or tuple type; any other
    type (a list, a dict, a record...) stays its spelling, a str."""
    text = text.strip()
    if text == "bool":  # Numba's str(types.boolean), which ujit's dumps write too
        text = "boolean"
    if text in _types.TYPES:
        return _types.TYPES[text]
    m = _ARRAY.match(text)
    if m:
        base = type_of_spelling(m.group(2))
        if isinstance(base, _types.Type):
            return _types.ArrayType(base, int(m.group(3)), m.group(4), bool(m.group(1)))
    m = re.match(r"^UniTuple\((.+) x (\d+)\)$", text)
    if m:
        item = type_of_spelling(m.group(1))
        if isinstance(item, _types.Type):
            return _types.UniTuple(item, int(m.group(2)))
    return text


class TypeAnnotation:
    def __init__(self, dump_text):
        self.typemap = {}
        for line in dump_text.splitlines():
            m = _VARIABLE.match(line)
            if m and m.group(1) not in self.typemap:
                self.typemap[m.group(1)] = type_of_spelling(m.group(2))
