"""python -m ujit --check script.py: which compiled functions of a program compile, and what
stops the others, without running the program.

The file is loaded as one ujit module, as `ujit check` does. The first located error names a
line; the decorated function holding it is reported with that error and left out (its lines
blanked, so every other location stays true), and the module is loaded again, until it
loads. Functions that call a left-out one then report the missing name. Declared
signatures are compiled; a lazy `@njit` function is typed at its first call, which a check
without arguments cannot do, and says so.
"""
import ast
import re

_JIT_DECORATORS = {"jit", "njit", "vectorize", "guvectorize", "stencil", "generated_jit"}
_LOCATION = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<what>.*)$")


def _decorator_name(node):
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        # cuda.jit / numba.njit
        base = target.value.attr if isinstance(target.value, ast.Attribute) else getattr(target.value, "id", "")
        return ("cuda." if base == "cuda" else "") + target.attr
    return getattr(target, "id", "")


def _signatures(node):
    """The signature strings a decorator call declares (`njit("f8(f8)")`, `vectorize(["..."])`)."""
    if not isinstance(node, ast.Call) or not node.args:
        return []
    first = node.args[0]
    items = first.elts if isinstance(first, (ast.List, ast.Tuple)) else [first]
    return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


class _Compiled:
    def __init__(self, node):
        self.name = node.name
        self.first = min([d.lineno for d in node.decorator_list] + [node.lineno])
        self.last = node.end_lineno
        decorators = [d for d in node.decorator_list if _decorator_name(d).split(".")[-1] in _JIT_DECORATORS]
        self.kind = _decorator_name(decorators[0])
        self.signatures = [s for d in decorators for s in _signatures(d)]
        self.cuda = self.kind.startswith("cuda.")
        self.error = None
        self.stopped_by = None
        self.names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _compiled_functions(tree):
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(
                _decorator_name(d).split(".")[-1] in _JIT_DECORATORS for d in node.decorator_list):
            out.append(_Compiled(node))
    return out


def _blank(lines, fn):
    for i in range(fn.first - 1, fn.last):
        lines[i] = ""


def _propagate_stops(functions):
    """A lazy function that names a function which does not compile cannot compile either
    (typed only at its first call, it would stop there)."""
    changed = True
    while changed:
        changed = False
        failed = {fn.name for fn in functions if fn.error is not None or fn.stopped_by is not None}
        for fn in functions:
            if fn.error is None and fn.stopped_by is None:
                callee = sorted(fn.names & failed - {fn.name})
                if callee:
                    fn.stopped_by = callee[0]
                    changed = True


def check_file(path, out):
    from . import _native

    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        out.write("%s:%d:%d: error: %s\n" % (path, e.lineno or 0, e.offset or 0, e.msg))
        return 1
    functions = _compiled_functions(tree)
    lines = source.split("\n")
    native = _native.load()
    module = None
    while module is None:
        try:
            module = native.Module("\n".join(lines), path)
        except native.CompileError as e:
            first = str(e).split("\n", 1)[0]
            m = _LOCATION.match(first)
            holder = None
            if m:
                line = int(m.group("line"))
                holder = next((fn for fn in functions if fn.error is None and fn.first <= line <= fn.last), None)
            if holder is None:  # a module-level error: nothing else can be checked
                out.write("%s\n%s: the module does not load; no function was checked\n" % (e, path))
                return 1
            holder.error = str(e)
            _blank(lines, holder)
    for fn in functions:
        if fn.error is not None:
            continue
        for sig in fn.signatures:
            try:
                module.function(fn.name).compile(sig, 2 if fn.cuda else 0)
            except native.CompileError as e:
                fn.error = str(e)
                break
    _propagate_stops(functions)
    failed = 0
    for fn in functions:
        if fn.stopped_by is not None:
            failed += 1
            out.write("%s: %s (@%s): stopped: it calls %s, which does not compile\n" % (path, fn.name, fn.kind,
                                                                                        fn.stopped_by))
        elif fn.error is not None:
            failed += 1
            out.write("%s: %s (@%s): does not compile\n%s\n" % (path, fn.name, fn.kind, fn.error.rstrip("\n")))
        elif fn.signatures:
            out.write("%s: %s (@%s): ok, compiled for %s\n" % (path, fn.name, fn.kind, ", ".join(fn.signatures)))
        else:
            out.write("%s: %s (@%s): ok so far (lazy: typed at its first call)\n" % (path, fn.name, fn.kind))
    out.write("%s: %d of %d compiled functions stopped\n" % (path, failed, len(functions)))
    return 1 if failed else 0
