"""Enum members passed from Python to a @jit function (Numba types them EnumMember /
IntEnumMember, _enums.py). ujit compiles a wrapper per combination of the arguments' enum
classes, which takes each member's value and makes it a member again:

    def __ujit_enum1_f(p0, p1):
        return f(Color(p0), p1)

so `f` sees members (`a is Color.red`, `a == b` within a class) and one compiled entry serves
every member of those classes. A member returned comes back as the member (_types.result_shape).
"""
import enum

from . import _function_args, _tuple_args


def has_enum(params):
    return any(isinstance(p, enum.Enum) for p in params)


def call_with_enums(owner, params):
    """Calls the owner's function with `params`, some of them enum members."""
    if owner.declared:  # an IntEnum member converts to a declared integer parameter (Numba's can_convert_to)
        if any(isinstance(p, enum.Enum) and not isinstance(p, int) for p in params):
            raise TypeError("'%s' has declared signatures, which cannot name an enum member type: call it without "
                            "signatures so that it specializes per enum class, as Numba does" % owner.py_func.__name__)
        return owner._dispatcher(*[p.value if isinstance(p, enum.Enum) else p for p in params])
    if any(isinstance(p, tuple) for p in params) or any(_function_args.is_static(p) for p in params):
        raise TypeError("'%s': ujit does not pass enum members together with tuples, functions or types"
                        % owner.py_func.__name__)
    classes = tuple(type(p) if isinstance(p, enum.Enum) else None for p in params)
    # A tuple value (Planet.EARTH = (5.976e24, 6.37814e6)) is passed flat, one parameter per
    # leaf, and rebuilt in the wrapper: every member of a class has the value's structure.
    shapes = tuple(_tuple_args.shape_of(p.value) if isinstance(p, enum.Enum) else None for p in params)

    entry = _function_args.wrapper_entry(owner, "enum", tuple(id(c) for c in classes), classes,
                                         lambda callees: spell_members(classes, shapes),
                                         enums=tuple(dict.fromkeys(c for c in classes if c is not None)))
    flat = []
    for p in params:
        if isinstance(p, enum.Enum):
            _tuple_args.leaves(p.value, flat)
        else:
            flat.append(p)
    return entry(*flat)


def spell_members(classes, shapes):
    """A wrapper's (parameters, arguments): parameter i is passed through where classes[i] is
    None, else its value's leaves are parameters and the argument is the member again."""
    names, args = [], []
    for i, (c, shape) in enumerate(zip(classes, shapes)):
        if c is None:
            names.append("_ujit_p%d" % i)
            args.append("_ujit_p%d" % i)
            continue
        leaves = []
        value = _spell_value(shape, "_ujit_p%d" % i, leaves)
        names.extend(leaves)
        args.append("%s(%s)" % (c.__name__, value))
    return names, args


def _spell_value(shape, name, leaves):
    if shape is None:
        leaves.append(name)
        return name
    items = [_spell_value(s, "%s_%d" % (name, k), leaves) for k, s in enumerate(shape)]
    return "(%s)" % "".join(i + ", " for i in items)

