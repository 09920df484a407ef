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

    def __repr__(self):
        return "ListType[%s](%s)" % (self._item_type or (_types.type_of_code(ext.code_of(self[0])) if self else
                                                           "undefined"), list.__repr__(self))
