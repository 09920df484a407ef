"""Enum classes and members in compiled code (Numba's EnumClass / EnumMember types).

A global enum class becomes a class definition in the module text, its members' values frozen
as constants; a global member (`RED = Color.red`) binds its class too. ujit types a member as
`Enum<int64>(Color)` / `IntEnum<int64>(Shape)`, the class named as the module text binds it, and
a member returned to Python is the class called with the value (`result_shape`)."""
import enum
import re

_MEMBER_TYPE = re.compile(r"^(Int)?Enum<(.*)>\((\w+)\)$")


def is_enum_class(value):
    return isinstance(value, enum.EnumMeta)


def class_text(name, cls, constant):
    """`class NAME(enum.Enum):` with one `member = value` line per member (aliases included),
    or a message saying why `cls` cannot be compiled. `constant` spells a value (None: it has
    no spelling)."""
    base = "enum.IntEnum" if issubclass(cls, enum.IntEnum) else "enum.Enum"
    lines = ["class %s(%s):" % (name, base)]
    for member_name, member in cls.__members__.items():
        text = constant(member.value)
        if text is None:
            return None, ("its member %s.%s has a value of type %s (enum values ujit compiles are numbers and "
                          "tuples of them)" % (cls.__name__, member_name, type(member.value).__name__))
        lines.append("    %s = %s" % (member_name, text))
    if len(lines) == 1:
        return None, "Cannot type enum with no members"
    return "\n".join(lines), None


def result_shape(text, enums, value_shape):
    """The shape results.c rebuilds an enum member result with, or None when `text` names no
    enum type: {"enum": the class, "value": the value's own shape}."""
    m = _MEMBER_TYPE.match(text)
    if m is None or m.group(3) not in enums:
        return None
    return {"enum": enums[m.group(3)], "value": value_shape(m.group(2))}
