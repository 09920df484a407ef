"""`ujit.typed` (also `numba.typed`): Numba's typed containers on the Python side.

`Dict.empty(key_type=types.int64, value_type=types.float64)` makes a dict whose keys and
values are converted to those types on the way in, as numba.typed.Dict does; `Dict()` takes its
types from the first item stored. It is a mutable mapping in insertion order; `str` prints it
as a dict, `repr` as Numba's `DictType[int64,float64]<iv=None>({...})`.

A dict that compiled code returns comes back as a typed Dict of its type (_from_result, called
by the extension's results.c), a set as a Python set, as Numba boxes them. Passing a typed
Dict into a compiled function is not implemented yet (Numba's "cannot determine Numba type")."""
from collections.abc import MutableMapping

from .. import _types


def _converter(t):
    """The function that converts a Python value to type `t` as Numba's typed dict casts it."""
    if isinstance(t, (_types.UniTuple, _types.Tuple)):
        items = [_converter(x) for x in t.types]

        def to_tuple(v):
            v = tuple(v)
            if len(v) != len(items):
                raise TypeError("expected a tuple of %d items for %s, got %r" % (len(items), t, v))
            return tuple(f(x) for f, x in zip(items, v))

        return to_tuple
    if isinstance(t, _types.Boolean):
        return bool
    if isinstance(t, _types.Integer):
        return lambda v: int(t.dtype.type(v)) if not isinstance(v, float) else _no_float(v, t)
    if isinstance(t, _types.Float):
        return lambda v: float(t.dtype.type(v))
    if isinstance(t, _types.Complex):
        return lambda v: complex(t.dtype.type(v))
    if isinstance(t, _types.UnicodeType):
        return _as_str
    return lambda v: v  # an array value (from compiled code) is kept as it is


def _parse(text):
    """A key or value type of a DictType's text: numbers and tuples of them, else None."""
    text = text.strip()
    if text.startswith("UniTuple(") and text.endswith(")"):
        inner, _, count = text[len("UniTuple("):-1].rpartition(" x ")
        item = _parse(inner)
        return item and _types.UniTuple(item, int(count))
    if text.startswith("Tuple(") and text.endswith(")"):
        items = [_parse(p) for p in _types._split_top(text[len("Tuple("):-1])]
        return None if None in items else _types.Tuple(items)
    return _types.TYPES.get(text)


def _from_result(type_text, keys, values):
    """A set, or a typed Dict of `type_text` ('DictType[int64,float64]<iv=None>'), from what a
    compiled function returned (lang/python/ujit/_native/results.c)."""
    if values is None:
        return set(keys)
    d = Dict()
    if type_text and type_text.startswith("DictType[") and type_text.endswith("]<iv=None>"):
        parts = _types._split_top(type_text[len("DictType["):-len("]<iv=None>")])
        kt, vt = (_parse(p) for p in parts) if len(parts) == 2 else (None, None)
        if kt is not None:
            d._key, d._key_type = _converter(kt), kt
            d._value, d._value_type = (_converter(vt), vt) if vt is not None else ((lambda v: v), parts[1])
    for k, v in zip(keys, values):
        d[k] = v
    return d


def _as_str(v):
    if not isinstance(v, str):
        raise TypeError("cannot store %r as unicode_type" % (v,))
    return v


def _no_float(v, t):
    raise TypeError("cannot store the float %r as %s" % (v, t))


def _python_type_name(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "int64"
    if isinstance(value, float):
        return "float64"
    if isinstance(value, complex):
        return "complex128"
    if isinstance(value, str):
        return "unicode_type"
    raise TypeError("ujit.typed.Dict holds numbers, str and tuples of them, not %r" % (value,))


class Dict(MutableMapping):
    """numba.typed.Dict: a dict whose key and value types are fixed."""

    def __init__(self, *args, **kwargs):
        self._data = {}
        self._key_type = self._value_type = None
        self._key = self._value = None
        if args or kwargs:
            self.update(*args, **kwargs)

    @classmethod
    def empty(cls, key_type, value_type):
        d = cls()
        d._set_types(key_type, value_type)
        return d

    def _set_types(self, key_type, value_type):
        self._key, self._value = _converter(key_type), _converter(value_type)
        self._key_type, self._value_type = key_type, value_type

    @property
    def _numba_type_(self):
        if self._key_type is None:
            return "DictType[undefined,undefined]<iv=None>"
        return "DictType[%s,%s]<iv=None>" % (self._key_type, self._value_type)

    def __setitem__(self, key, value):
        if self._key_type is None:
            self._set_types(_type_of_value(key), _type_of_value(value))
        self._data[self._key(key)] = self._value(value)

    def __getitem__(self, key):
        if self._key is None:
            raise KeyError(key)
        return self._data[self._key(key)]

    def __delitem__(self, key):
        if self._key is None:
            raise KeyError(key)
        del self._data[self._key(key)]

    def __contains__(self, key):
        if self._key is None:
            return False
        try:
            return self._key(key) in self._data
        except (TypeError, ValueError, OverflowError):
            return False

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if isinstance(other, Dict):
            return self._data == other._data
        return isinstance(other, dict) and self._data == other

    def copy(self):
        d = Dict()
        if self._key_type is not None:
            d._set_types(self._key_type, self._value_type)
        d._data = dict(self._data)
        return d

    def __str__(self):
        return str(self._data)

    def __repr__(self):
        return "%s(%s)" % (self._numba_type_, self._data)


def _type_of_value(value):
    if isinstance(value, tuple):
        return _types.Tuple([_type_of_value(v) for v in value])
    if hasattr(value, "dtype") and hasattr(value, "ndim") and value.ndim:  # a NumPy array
        from .._typesmod import typeof
        return typeof(value)
    return _types.TYPES[_python_type_name(value)]
