"""numba.typed.List: a list of one item type, ListType[T] in compiled code.

ujit's typed List is a Python list that knows its item type: `List.empty_list(int64)` (the
type given), `List()` or `List(iterable)` (the type of its first item, as Numba infers it
at the first append). Passed to compiled code it is ListType[T]; what the compiled code
does to it (append, l[i] = x) the caller sees afterwards, as with Numba's typed List."""
from .. import _types
from .._native import ext


class List(list):
    def __init__(self, iterable=()):
        super().__init__(iterable)
        self._item_type = None

    @classmethod
    def empty_list(cls, item_type, allocated=0):
        """An empty list of `item_type` (a ujit/numba type: int64, float64, ...)."""
        lst = cls()
        lst._item_type = item_type
        return lst

    @property
    def _ujit_item_code(self):
        """The argument type code of the items (ujit/_native/values.c reads it), or None
        when nothing tells the item type yet (an empty List())."""
        if self._item_type is not None:
            return _types.code_of_type(self._item_type)
        return ext.code_of(self[0]) if self else None

    def __str__(self):  # Numba's: each item formatted with str(), so a str item has no quotes
        return "[%s]" % ", ".join("{}".format(x) for x in self)

    def __repr__(self):
        return "ListType[%s](%s)" % (self._item_type or (_types.type_of_code(ext.code_of(self[0])) if self else
                                                           "undefined"), list.__repr__(self))


def _list_from_result(items, item_type_text):
    """A ListType[T] that compiled code returned (a list it made with List() or
    List.empty_list), boxed as Numba boxes one: a typed List of T (lang/python/ujit/_native/results.c)."""
    lst = List(items)
    lst._item_type = _item_type_of_text(item_type_text)
    return lst


def _item_type_of_text(text):
    """The Type of Numba's spelling of an item type ('int64', 'array(float64, 1d, C)',
    'UniTuple(int64 x 2)'), or None where ujit's Python types have none (the items tell it then)."""
    from ._dict import _parse

    t = _parse(text)
    if t is None and text.startswith("array(") and text.endswith(")"):
        parts = [p.strip() for p in text[len("array("):-1].split(",")]
        base = _types.TYPES.get(parts[0]) if len(parts) == 3 else None
        if base is not None and parts[1].endswith("d") and parts[2] in ("C", "F", "A"):
            t = _types.ArrayType(base, int(parts[1][:-1]), parts[2])
    return t
