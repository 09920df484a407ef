"""Dict, set and list-of-tuple arguments of @jit functions: a numba.typed.Dict (Numba's typed
dict, which compiled code changes in place), a Python set (Numba's reflected set: what compiled
code leaves in it is written back, with NumbaPendingDeprecationWarning as Numba gives), and a
list of tuples, a numba.typed.List (ListType[Tuple]) or a Python list (reflected, written back).

ujit passes containers across the C API as their entries. A call with such arguments goes to
a compiled wrapper, one per combination of container types, which takes each container's keys
and values as typed Lists (one per leaf of a tuple key), rebuilds the container, calls the
user's function and appends the container's entries afterwards to empty typed Lists of the
container's own types (typed List arguments are written back to the caller, as a list
argument is):

    def __ujit_dict1_f(_ujit_p0_k0, _ujit_p0_v0, _ujit_o0_k0, _ujit_o0_v0, _ujit_p1):
        _ujit_c0 = numba.typed.Dict.empty(numba.types.unicode_type, numba.types.float64)
        for _ujit_n in range(len(_ujit_p0_k0)):
            _ujit_c0[_ujit_p0_k0[_ujit_n]] = _ujit_p0_v0[_ujit_n]
        _ujit_r = f(_ujit_c0, _ujit_p1)
        for _ujit_k in _ujit_c0:
            _ujit_o0_k0.append(_ujit_k)
            _ujit_o0_v0.append(_ujit_c0[_ujit_k])
        return _ujit_r

(the wrapper's own names begin with _ujit_, so that they hide no function of the user's)

The caller's container then takes those entries. A call copies each container in and out
(Numba's typed Dict is shared, not copied: the cost is O(len) per call here), and a call that
raises leaves the caller's containers as they were.
"""
from . import _function_args, _source, _tuple_args, _types
from .typed import _dict as _typed_dict
from .typed import _list as _typed_list
from .typed import Dict, List


def has_container(args):
    return any(isinstance(a, (Dict, set)) or _is_tuple_list(a) for a in args)


def _is_tuple_list(value):
    """A list of tuples: a numba.typed.List of a tuple type, or a Python list (Numba's
    reflected list) whose first item is a tuple. The argument codes (values.c) have no
    spelling for tuple items, so these take the wrapper as dicts do."""
    if isinstance(value, List) and value._item_type is not None:
        return isinstance(value._item_type, (_types.UniTuple, _types.Tuple))
    return isinstance(value, list) and bool(value) and isinstance(value[0], tuple)


def _type_of_text(t):
    """A Type from a typed Dict's type (a Type, or Numba's spelling of an array type)."""
    return _typed_list._item_type_of_text(t) if isinstance(t, str) else t


def _leaf_types(t):
    if isinstance(t, (_types.UniTuple, _types.Tuple)):
        return [x for item in t.types for x in _leaf_types(item)]
    return [t]


def _rebuild(t, names):
    """Source text of a value of type `t` from the leaf expressions `names` (consumed)."""
    if isinstance(t, _types.NamedTuple):  # its class, bound by its own name in the wrapper's module
        return "%s(%s)" % (t.klass.__name__, ", ".join(_rebuild(x, names) for x in t.types))
    if isinstance(t, (_types.UniTuple, _types.Tuple)):
        return "(%s)" % "".join(_rebuild(x, names) + ", " for x in t.types)
    return names.pop(0)


def _with_classes(value, t):
    """The tuple type `t` of `value` with its namedtuples' classes (Numba's NamedTuple), which a
    reflected list's items keep in compiled code and when written back."""
    if not isinstance(t, (_types.UniTuple, _types.Tuple)):
        return t
    items = [_with_classes(v, x) for v, x in zip(value, t.types)]
    return _types.NamedTuple(items, type(value)) if _source.is_namedtuple_class(type(value)) else _types.Tuple(items)


def _classes(t, out):
    """The namedtuple classes in the type `t`, added to the dict `out`."""
    if isinstance(t, _types.NamedTuple):
        out[t.klass] = None
    for x in t.types if isinstance(t, (_types.UniTuple, _types.Tuple)) else ():
        _classes(x, out)
    return out


def _container_types(owner, i, value):
    """(kind, key type, value type) of a container argument, as Numba types it."""
    if isinstance(value, Dict):
        if value._key_type is None:
            raise owner._argument_error(i, "cannot determine Numba type of an empty numba.typed.Dict without "
                                           "types: make it with Dict.empty(key_type, value_type)")
        return "dict", _type_of_text(value._key_type), _type_of_text(value._value_type)
    if isinstance(value, list):  # of tuples (_is_tuple_list): ListType[T], or a reflected list
        typed = isinstance(value, List)
        if typed and value._item_type is not None:
            return "tlist", value._item_type, None
        item = _typed_dict._type_of_value(value[0])
        return ("tlist", item, None) if typed else ("list", _with_classes(value[0], item), None)
    if not value:
        raise owner._argument_error(i, "cannot determine Numba type of <class 'set'>: Cannot type empty set")
    return "set", _typed_dict._type_of_value(next(iter(value))), None


def call_with_containers(owner, params):
    """Calls the owner's function with `params`, some of them typed Dicts or sets."""
    if owner.declared:
        raise TypeError("'%s' has declared signatures, which cannot name a dict or set type: call it without "
                        "signatures so that it specializes per container type, as Numba does" % owner.py_func.__name__)
    if any(isinstance(p, tuple) or _function_args.is_static(p) for p in params):
        raise TypeError("'%s': ujit does not pass dicts or sets together with tuples, functions or types"
                        % owner.py_func.__name__)
    kinds = tuple(_container_types(owner, i, p) if isinstance(p, (Dict, set)) or _is_tuple_list(p) else None
                  for i, p in enumerate(params))
    named = {}
    for k in kinds:
        if k:
            _classes(k[1], named)
    key = tuple((k[0], str(k[1]), str(k[2])) if k else None for k in kinds) + tuple(id(c) for c in named)
    fresh = "_dict_entries" not in owner.__dict__ or key not in owner.__dict__["_dict_entries"]
    for i, k in enumerate(kinds):  # once per specialization, as Numba warns when compiling it
        if fresh and k and k[0] in ("set", "list"):
            owner._warn_reflected(i, k[0], stacklevel=5)
    entry = _function_args.wrapper_entry(owner, "dict", key, tuple(named), lambda callees: _spell(kinds),
                                         body=_body(kinds), namedtuples=tuple(named))
    flat, outs = [], []
    for p, k in zip(params, kinds):
        if k is None:
            flat.append(p)
            continue
        leaf_types = _leaf_types(k[1]) + (_leaf_types(k[2]) if k[0] == "dict" else [])
        parts = _leaf_lists(list(p.keys()) if k[0] == "dict" else list(p), k[1])
        if k[0] == "dict":
            parts += _leaf_lists(list(p.values()), k[2])
        out = [List.empty_list(t) for t in leaf_types]  # what the container holds afterwards
        flat.extend(parts + out)
        outs.append(out)
    result = entry(*flat)
    for p, k, out in zip((p for p, k in zip(params, kinds) if k), (k for k in kinds if k), outs):
        _write_back(p, k, out)
    return result


def _leaf_lists(values, t):
    """One typed List per leaf of `t`: the values' leaves, in order."""
    types = _leaf_types(t)
    # An array leaf's list takes its items' own type (their layout, C for most), which the
    # wrapper's store converts to the container's (array(float64, 1d, A) from Dict.empty).
    lists = [List() if isinstance(x, _types.ArrayType) and values else List.empty_list(x) for x in types]
    for v in values:
        for lst, leaf in zip(lists, _tuple_args.leaves(v, []) if len(types) > 1 else [v]):
            list.append(lst, leaf)
    return lists


def _names(i, k):
    """The wrapper's parameters for container argument i: its keys' and values' leaf lists in,
    then out."""
    keys = ["k%d" % j for j in range(len(_leaf_types(k[1])))]
    values = ["v%d" % j for j in range(len(_leaf_types(k[2])))] if k[0] == "dict" else []
    return (["_ujit_p%d_%s" % (i, x) for x in keys], ["_ujit_p%d_%s" % (i, x) for x in values],
            ["_ujit_o%d_%s" % (i, x) for x in keys], ["_ujit_o%d_%s" % (i, x) for x in values])


def _spell(kinds):
    params, args = [], []
    for i, k in enumerate(kinds):
        if k is None:
            params.append("_ujit_p%d" % i)
            args.append("_ujit_p%d" % i)
            continue
        for names in _names(i, k):
            params.extend(names)
        args.append("_ujit_c%d" % i)
    return params, args


def _leaf_paths(t, path=""):
    """Index paths of the leaves of a value of type `t`: [""] for a leaf, ["[0]", "[1][0]", ...]."""
    if isinstance(t, (_types.UniTuple, _types.Tuple)):
        return [p for j, x in enumerate(t.types) for p in _leaf_paths(x, "%s[%d]" % (path, j))]
    return [path]


def _body(kinds):
    def lines(fname, args):
        out, after = [], []
        for i, k in enumerate(kinds):
            if k is None:
                continue
            keys, values, out_keys, out_values = _names(i, k)
            key = _rebuild(k[1], [x + "[_ujit_n]" for x in keys])
            if k[0] == "list":  # a list display: Numba's list of the item type, as a reflected list types
                out.append("    _ujit_c%d = [%s for _ujit_n in range(len(%s))]" % (i, key, keys[0]))
            elif k[0] == "tlist":
                out.append("    _ujit_c%d = %s.typed.List.empty_list(%s)" % (i, _source._PRELUDE_NUMBA, _type_text(k[1])))
            elif k[0] == "dict":
                out.append("    _ujit_c%d = %s.typed.Dict.empty(%s, %s)" % (i, _source._PRELUDE_NUMBA, _type_text(k[1]),
                                                                       _type_text(k[2])))
            else:
                out.append("    _ujit_c%d = set()" % i)
            if k[0] != "list":
                out.append("    for _ujit_n in range(len(%s)):" % keys[0])
            if k[0] == "tlist":
                out.append("        _ujit_c%d.append(%s)" % (i, key))
            elif k[0] == "dict":
                out.append("        _ujit_c%d[%s] = %s" % (i, key, _rebuild(k[2], [x + "[_ujit_n]" for x in values])))
            elif k[0] == "set":
                out.append("        _ujit_c%d.add(%s)" % (i, key))
            after.append("    for _ujit_k in _ujit_c%d:" % i)
            after += ["        %s.append(_ujit_k%s)" % (x, path) for x, path in zip(out_keys, _leaf_paths(k[1]))]
            after += ["        %s.append(_ujit_c%d[_ujit_k]%s)" % (x, i, path) for x, path in zip(out_values, _leaf_paths(k[2]))]
        return out + ["    _ujit_r = %s(%s)" % (fname, ", ".join(args))] + after + ["    return _ujit_r"]
    return lines


def _type_text(t):
    try:
        return _source._type_value_text(t, None, 0, 0)
    except Exception:  # noqa: BLE001 (a type with no spelling: said as Numba's typing error)
        raise TypeError("ujit cannot pass a container of %s to compiled code" % t) from None


def _write_back(arg, kind, parts):
    """The caller's container takes the entries compiled code left (in the leaf lists)."""
    n_key = len(_leaf_types(kind[1]))
    keys = _join_leaves(kind[1], parts[:n_key])
    if kind[0] == "set":
        arg.clear()
        arg.update(keys)
        return
    if kind[0] in ("list", "tlist"):
        list.__setitem__(arg, slice(None), keys)
        if kind[0] == "tlist" and arg._item_type is None:
            arg._item_type = kind[1]  # typed by its first item, as Numba's List() is at its first append
        return
    values = _join_leaves(kind[2], parts[n_key:])
    arg._data.clear()
    arg._data.update(zip(keys, values))


def _join_leaves(t, lists):
    """The values of type `t` whose leaves are the items of `lists`."""
    if len(lists) == 1 and not isinstance(t, (_types.UniTuple, _types.Tuple)):
        return list(lists[0])
    return [_rebuild_value(t, [lst[n] for lst in lists]) for n in range(len(lists[0]))]


def _rebuild_value(t, leaves):
    if isinstance(t, _types.NamedTuple):
        return t.klass(*(_rebuild_value(x, leaves) for x in t.types))
    if isinstance(t, (_types.UniTuple, _types.Tuple)):
        return tuple(_rebuild_value(x, leaves) for x in t.types)
    return leaves.pop(0)
