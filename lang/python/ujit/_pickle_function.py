"""Python functions pickled by value, for compiled functions and kernels made where pickle
cannot find them by name (inside another function, in a notebook cell, by exec).

Numba pickles a dispatcher's Python function with its vendored cloudpickle: the bytecode,
the globals it names, its closure. ujit does the same, and ships the function's source
lines too: ujit compiles from source text, and the process that unpickles may not have the
file (a worker on another machine) or may have a different version of it.

A function that pickle finds by its module and qualified name goes by reference, as before.
"""
import builtins
import linecache
import marshal
import os
import sys
import threading
import types

from . import _dynamic_source

_PY = sys.version_info[:2]
_building = threading.local()  # the functions whose state is being built (recursion)


def by_value(func):
    """`func` where pickle finds it by name, else an object that pickles it by value."""
    if not isinstance(func, types.FunctionType) or _findable(func):
        return func
    return _FunctionByValue(func)


def _findable(func):
    module = sys.modules.get(func.__module__)
    if module is None or "<locals>" in func.__qualname__:
        return False
    target = module
    for part in func.__qualname__.split("."):
        target = getattr(target, part, None)
    return target is func


class _FunctionByValue:
    __slots__ = ("func",)

    def __init__(self, func):
        self.func = func

    def __reduce__(self):
        return _make_function, _state(self.func)


class _ModuleRef:
    """A module in a function's globals or closure: imported again by name."""
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        return _import, (self.name,)


class Recursive:
    """A global that names the compiled function being pickled (a recursive function):
    bound to the rebuilt object by `rebind` once that exists."""
    __slots__ = ()

    def __reduce__(self):
        return Recursive, ()


def _import(name):
    __import__(name)
    return sys.modules[name]


class _EmptyCell:
    """A closure cell not yet assigned (a function's own name before its def finished)."""
    __slots__ = ()

    def __reduce__(self):
        return _EmptyCell, ()


def _portable(value, owner_func):
    """A global's, default's or cell's value as it travels."""
    if isinstance(value, types.ModuleType):
        return _ModuleRef(value.__name__)
    # The function itself, or a compiled object around it (a dispatcher, kernel or device
    # function: each keeps its owner, whose py_func it is).
    if value is owner_func or getattr(getattr(value, "_owner", None), "py_func", None) is owner_func:
        return Recursive()
    if isinstance(value, types.FunctionType):
        return by_value(value)
    return value


def _names(code):
    """Every global name `code` and the functions nested in it read."""
    names, todo = set(), [code]
    while todo:
        c = todo.pop()
        names.update(c.co_names)
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return names


def _source_of(func):
    """The function's lines, blank lines above them so that line numbers hold, or None."""
    from . import _source  # (a cycle at import time otherwise)

    try:
        block, first = _source._source_lines(func)
    except (OSError, TypeError):
        return None
    return ["\n"] * (first - 1) + list(block)


def _state(func):
    in_progress = getattr(_building, "funcs", None)
    if in_progress is None:
        in_progress = _building.funcs = set()
    if id(func) in in_progress:
        raise RecursionError("ujit cannot pickle %s: its globals refer back to it through another function"
                             % func.__qualname__)
    in_progress.add(id(func))
    try:
        code = func.__code__
        g = func.__globals__
        names = {n: _portable(g[n], func) for n in sorted(_names(code)) if n in g}
        cells = tuple(_EmptyCell() if _empty(c) else _portable(c.cell_contents, func) for c in func.__closure__ or ())
        defaults = tuple(_portable(v, func) for v in func.__defaults__ or ())
        kwdefaults = {k: _portable(v, func) for k, v in (func.__kwdefaults__ or {}).items()}
        return (_PY, marshal.dumps(code), func.__module__, func.__name__, func.__qualname__, func.__doc__,
                names, cells, defaults or None, kwdefaults or None, _source_of(func))
    finally:
        in_progress.discard(id(func))


def _empty(cell):
    try:
        cell.cell_contents
    except ValueError:
        return True
    return False


def _make_function(py, code_bytes, module, name, qualname, doc, names, cells, defaults, kwdefaults, source):
    if tuple(py) != _PY:
        raise RuntimeError("ujit cannot unpickle %s: pickled by Python %d.%d, this is %d.%d"
                           % ((qualname,) + tuple(py) + _PY))
    code = marshal.loads(code_bytes)
    if source is not None:
        code = _provide_source(code, source)
    g = {"__builtins__": builtins, "__name__": module}
    g.update(names)
    closure = tuple(types.CellType() if isinstance(v, _EmptyCell) else types.CellType(v)
                    for v in cells) or None
    func = types.FunctionType(code, g, name, defaults, closure)
    func.__kwdefaults__ = kwdefaults
    func.__qualname__ = qualname
    func.__doc__ = doc
    func.__module__ = module
    return func


def _provide_source(code, lines):
    """Makes `lines` the text ujit reads for `code`: where its file is absent here, linecache
    holds them under its name; where a file of that name says something else (another
    version), the code is renamed to a file of its own."""
    filename = code.co_filename
    here = linecache.getlines(filename) if not filename.startswith("<") else []
    end = len(lines)
    if here[:end][code.co_firstlineno - 1:] == lines[code.co_firstlineno - 1:]:
        return code  # the same text is here
    if not here and not filename.startswith("<") and not os.path.exists(filename):
        linecache.cache[filename] = (sum(map(len, lines)), None, list(lines), filename)
        return code
    pseudo = "<pickled %s>" % filename
    _dynamic_source.remember(pseudo, "".join(lines))
    return _renamed(code, filename, pseudo)


def _renamed(code, old, new):
    consts = tuple(_renamed(k, old, new) if isinstance(k, types.CodeType) else k for k in code.co_consts)
    return code.replace(co_filename=new if code.co_filename == old else code.co_filename, co_consts=consts)


def rebind(py_func, compiled):
    """After a compiled function was rebuilt around `py_func`: its globals and cells that
    named the function itself name the rebuilt object."""
    g = py_func.__globals__
    for name, value in list(g.items()):
        if isinstance(value, Recursive):
            g[name] = compiled
    for cell in py_func.__closure__ or ():
        if not _empty(cell) and isinstance(cell.cell_contents, Recursive):
            cell.cell_contents = compiled
    return compiled
