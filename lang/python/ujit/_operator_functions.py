"""The operator module's functions as values in compiled code (`op = operator.add` read by a
kernel, numba-cuda's operator tests): Numba types `op(a, b)` as the operator itself. ujit
compiles source, so each such global becomes a two-line def of the expression, `def op(a, b):
return a + b` (its text in linecache under `<ujit operator.add>`), compiled with the code
that calls it under the name it uses."""
import linecache
import operator

# operator's function -> the expression it computes, of `a` (and `b`).
_EXPRESSIONS = {
    "add": "a + b", "sub": "a - b", "mul": "a * b", "truediv": "a / b", "floordiv": "a // b", "mod": "a % b",
    "pow": "a ** b", "lshift": "a << b", "rshift": "a >> b", "and_": "a & b", "or_": "a | b", "xor": "a ^ b",
    "eq": "a == b", "ne": "a != b", "lt": "a < b", "le": "a <= b", "gt": "a > b", "ge": "a >= b",
    "is_": "a is b", "is_not": "a is not b", "getitem": "a[b]", "contains": "b in a",
    "neg": "-a", "pos": "+a", "invert": "~a", "not_": "not a", "truth": "bool(a)", "abs": "abs(a)",
}
_INPLACE = {"iadd": "+=", "isub": "-=", "imul": "*=", "itruediv": "/=", "ifloordiv": "//=", "imod": "%=",
            "ipow": "**=", "ilshift": "<<=", "irshift": ">>=", "iand": "&=", "ior": "|=", "ixor": "^="}
_MADE = {}


def _source(name):
    if name in _INPLACE:  # in place where `a` is an array, a new value for numbers (Python's meaning)
        return "def __ujit_operator_%s(a, b):\n    a %s b\n    return a\n" % (name, _INPLACE[name])
    expr = _EXPRESSIONS[name]
    params = "a, b" if "b" in expr.replace("abs", "").replace("bool", "") else "a"
    return "def __ujit_operator_%s(%s):\n    return %s\n" % (name, params, expr)


def operator_function(value):
    """The Python function standing for operator's `value`, or None for anything else."""
    name = getattr(value, "__name__", None)
    if name is None or getattr(operator, name, None) is not value:
        return None
    if name not in _EXPRESSIONS and name not in _INPLACE:
        return None
    made = _MADE.get(name)
    if made is None:
        text = _source(name)
        filename = "<ujit operator.%s>" % name
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        namespace = {}
        exec(compile(text, filename, "exec"), namespace)
        made = _MADE[name] = namespace["__ujit_operator_%s" % name]
    return made
