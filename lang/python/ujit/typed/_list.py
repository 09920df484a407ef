"""numba.typed.List: a list of one item type, ListType[T] in compiled code.

ujit's typed List is a Python list that knows its item type: `List.empty_list(int64)` (the
type given), `List()` or `List(iterable)` (the type of its first item, as Numba infers it
at the first append). Passed to compiled code it is ListType[T]; what the compiled code
does to it (append, l[i] = x) the caller sees afterwards, as with Numba's typed List."""
from .. import _types
from .._native import ext


class List(list):
    """Items are converted to the item type on the way in (append, insert, extend, l[i] = x),
    as numba.typed.List casts them: a float into a list of integers is Numba's TypingError
    ("cannot safely cast float64 to int64"), where Numba would have compiled `append` for it."""

    def __init__(self, iterable=()):
        super().__init__()
        self._item_type = None
        self.extend(iterable)

    def _item(self, value):
        """`value` as an item: converted to the item type, which the first item gives an
        untyped List (when ujit's Python types have one for it)."""
        if self._item_type is None:
            from ._dict import _type_of_value

            try:
                self._item_type = _type_of_value(value)
            except (TypeError, KeyError):  # a List of Lists, of records...: kept as given
                return value
        return _item_converter(self._item_type)(value)

    def append(self, value):
        list.append(self, self._item(value))

    def insert(self, index, value):
        list.insert(self, index, self._item(value))

    def extend(self, iterable):
        list.extend(self, [self._item(v) for v in iterable])

    def __iadd__(self, iterable):
        self.extend(iterable)
        return self

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            list.__setitem__(self, index, [self._item(v) for v in value])
        else:
            list.__setitem__(self, index, self._item(value))

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
    lst = List()
    list.extend(lst, items)  # (of T already)
    lst._item_type = _item_type_of_text(item_type_text)
    return lst


def _item_converter(t):
    """How a Python value becomes an item of type `t` (numbers and str: numba.typed.List's
    casts; other items as they are)."""
    from ._dict import _converter

    convert = _converter(t)
    if not isinstance(t, _types.Integer):
        return convert

    def to_int(v):
        if isinstance(v, float) or type(v).__name__.startswith("float"):
            from .._errors import TypingError

            raise TypingError("cannot safely cast float64 to %s. Please cast explicitly." % t)
        return convert(v)

    return to_int


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
