"""The ujit module a decorated Python function compiles as.

ujit compiles source text, as Numba compiles bytecode: the function's text comes from its
file (as inspect.getsource finds it) and keeps its file name and line numbers (lines above
it are left blank),
so diagnostics point at the user's file. The free names the body reads are resolved from
the function's globals and closure at first compile and frozen, as Numba does:

  numbers, NumPy scalars, tuples of them  ->  module constants (`SQRT_2PI = np.float32(...)`)
  math, numpy, random, ujit, ujit.cuda,   ->  imports under the user's name
  ujit.types
  ujit.cuda.random                        ->  `import numba.cuda.random as NAME`
  ujit.cuda.libdevice                     ->  `from numba.cuda import libdevice as NAME`
  its functions (libdevice.sincos)        ->  `from numba.cuda.libdevice import sincos as NAME`
  math.sqrt, np.sin, random.random, ...   ->  `from math import sqrt as NAME`
  xoroshiro128p_uniform_float32, ...      ->  `from numba.cuda.random import ... as NAME`
  float32 and the other type names        ->  `from numba import float32 as NAME`
  ujit.prange                             ->  `from numba import prange as NAME`
  ujit.literal_unroll                     ->  `from numba import literal_unroll as NAME`
  ujit.get_thread_id (and the other two)  ->  `from numba import get_thread_id as NAME`
  other ujit functions                    ->  their source, in the same module
  NumPy arrays                            ->  no text: copied into the module as frozen
                                              read-only arrays (ext.Module's `arrays`)
  cuda.declare_device(...) results        ->  `NAME = numba.cuda.declare_device(...)`, link
                                              files as absolute paths (cuda.CUSource: its text)

Anything else is a CompileError naming the global, at its first use. The decorator line
is replaced by one ujit's parser reads, built from the decorator's actual arguments.
"""
import ast
import builtins
import enum
import linecache
import math
import re
import sys
import textwrap
import types

from . import _dynamic_source, _enums, _overloads, _types, extending
from .experimental import _jitclass
from . import typed as _typed
from ._operator_functions import operator_function
from ._prange import prange
from .misc.special import literal_unroll
from ._threads import get_num_threads, get_thread_id, set_num_threads
from ._native import ext

_THREAD_FUNCTIONS = (get_num_threads, get_thread_id, set_num_threads)

_PRELUDE_NUMBA = "__ujit_numba"
_PRELUDE_NUMPY = "__ujit_np"
_PRELUDE_MATH = "__ujit_math"
_NAMEDTUPLE = "__ujit_namedtuple"


def _holds_str(value):
    """Whether `value` is a string or a tuple holding one."""
    return isinstance(value, str) or (isinstance(value, tuple) and any(_holds_str(v) for v in value))


def is_namedtuple_class(value):
    """A class collections.namedtuple made (typing.NamedTuple's too), as Numba tells one."""
    return isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_asdict") and hasattr(
        value, "_fields")


def compile_error(message, file, line, col):
    e = ext.CompileError("%s:%d:%d: error: %s" % (file, line, col, message))
    e.file, e.line, e.col = file, line, col
    return e


class FunctionSource:
    """One function's text as it sits in its file."""

    def __init__(self, py_func, name=None):
        self.py_func = py_func
        code = py_func.__code__
        self.filename = code.co_filename
        if py_func.__name__ == "<lambda>":
            self._init_lambda(name or def_name(py_func))
        else:
            self._init_def()
            # Compiled under the name it is called by; a def renamed after it was made
            # (`fn.__name__ = ...`, as generated code does) is compiled as its __name__.
            if (name or py_func.__name__) != self.node.name:
                self._rename_def(name or py_func.__name__)
        self.last_line = self.first_line + len(self.lines) - 1

    def _init_def(self):
        code = self.py_func.__code__
        try:
            lines, first = _source_lines(self.py_func)
        except (OSError, TypeError):
            raise compile_error("ujit needs the source of '%s', and %s" % (
                self.py_func.__name__, _dynamic_source.missing_reason(code)),
                self.filename, code.co_firstlineno, 1) from None
        dedented = textwrap.dedent("".join(lines))
        self.indent = _indent_of(lines[0]) - _indent_of(dedented.splitlines(True)[0])
        self.first_line = first
        self.lines = dedented.splitlines()
        tree = ast.parse(dedented)
        node = tree.body[0]
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            raise compile_error("ujit compiles functions defined with 'def'", self.filename, first, 1)
        self.node = node
        self.def_line = first + node.lineno - 1  # the `def` line in the file
        self.decorator_first = first + (node.decorator_list[0].lineno - 1 if node.decorator_list else node.lineno - 1)

    def _rename_def(self, name):
        """A ujit function called by another name (`device_func = cuda.jit(device=True)(f)`
        in a closure): it compiles as `def name(...)`, its lines otherwise as they are."""
        k = self.def_line - self.first_line
        pattern = r"\bdef(\s+)%s\b" % re.escape(self.node.name)
        self.lines[k] = re.sub(pattern, lambda m: "def" + m.group(1) + name, self.lines[k], count=1)

    def _init_lambda(self, name):
        """A lambda compiles as the def it stands for, `def NAME(x):` on the line above its
        body and `return BODY` with the body at its own line and column, so that
        diagnostics point into the lambda. (Numba reads bytecode; ujit reads the source,
        found in the lambda's file by the body's position in its code object.)"""
        code = self.py_func.__code__
        line, col = _lambda_body_position(code)
        body = _find_lambda_body(self.py_func, line, col)
        col = body.col_offset
        text = ast.get_source_segment("".join(_dynamic_source.getlines(self.py_func.__code__, self.py_func.__globals__)), body)
        params = list(code.co_varnames[:code.co_argcount])
        defaults = self.py_func.__defaults__ or ()
        if all(v is None or type(v) in (bool, int, float) for v in defaults):  # `lambda a, b=None: ...`
            for k, v in enumerate(defaults):
                i = len(params) - len(defaults) + k
                params[i] = "%s=%r" % (params[i], v)
        if code.co_flags & 0x04:  # *args
            params.append("*" + code.co_varnames[code.co_argcount + code.co_kwonlyargcount])
        if "\n" in text:
            text = "(%s)" % text
            col -= 1
        self.indent = 0
        self.first_line = line - 1
        self.lines = ["def %s(%s):" % (name, ", ".join(params)),
                      " " * max(col - 7, 1) + "return " + text]
        self.node = ast.parse("\n".join(self.lines)).body[0]
        self.def_line = self.decorator_first = self.first_line

    def free_names(self):
        """Names the body reads that are not its own locals: {name: (line, col) of first use}."""
        code = self.py_func.__code__
        local = frozenset(code.co_varnames) | frozenset(code.co_cellvars)
        uses = {}
        for stmt in self.node.body:
            for n in _loads_outside(stmt, local):
                pos = (self.first_line + n.lineno - 1, n.col_offset + 1 + self.indent)
                if n.id not in uses or pos < uses[n.id]:
                    uses[n.id] = pos
        for default in self.node.args.defaults:
            for n in ast.walk(default):
                if isinstance(n, ast.Name):
                    uses.setdefault(n.id, (self.first_line + n.lineno - 1, n.col_offset + 1 + self.indent))
        return uses

    def value_of(self, name):
        """(found, value) of a free name: the closure first, then globals, then builtins."""
        fn = self.py_func
        code = fn.__code__
        if name in code.co_freevars and fn.__closure__:
            cell = fn.__closure__[code.co_freevars.index(name)]
            try:
                return True, cell.cell_contents
            except ValueError:
                return False, None
        if name in fn.__globals__:
            return True, fn.__globals__[name]
        return False, None


def _args_of(a):
    return {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if p is not None}


def _stored_names(body):
    """The names a nested def's body binds (Python makes them its locals), not looking
    into the scopes inside it."""
    found = set()
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            found.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).split(".")[0] for a in n.names)
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(n))
    return found


def _loads_outside(node, bound):
    """The Name loads under `node` that no enclosing scope binds: `bound` for the function
    itself, and a lambda's or inner def's parameters and locals, or a comprehension's
    targets, inside them (so `lambda p: -p` does not read a global `p`)."""
    if isinstance(node, ast.Name):
        if isinstance(node.ctx, ast.Load) and node.id not in bound:
            yield node
        return
    if isinstance(node, ast.Lambda):
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            yield from _loads_outside(d, bound)
        yield from _loads_outside(node.body, bound | _args_of(node.args))
        return
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for d in node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            yield from _loads_outside(d, bound)
        inner = bound | _args_of(node.args) | _stored_names(node.body)
        for stmt in node.body:
            yield from _loads_outside(stmt, inner)
        return
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        inner = bound
        for g in node.generators:
            yield from _loads_outside(g.iter, inner)
            inner = inner | {t.id for t in ast.walk(g.target) if isinstance(t, ast.Name)}
            for cond in g.ifs:
                yield from _loads_outside(cond, inner)
        for part in ([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]):
            yield from _loads_outside(part, inner)
        return
    for child in ast.iter_child_nodes(node):
        yield from _loads_outside(child, bound)


def _recurses(src):
    """Whether `src`'s body calls its own function by the function's own name."""
    from ._dispatcher import callee_of

    own = src.py_func.__name__
    if own not in src.free_names():
        return False
    found, value = src.value_of(own)
    return found and callee_of(value) is not None and callee_of(value)[0] is src.py_func


def _forwarding_def(decorator, name, target, node):
    """`def name(params): return target(params)` under `decorator`, or None where the
    parameters cannot be passed on one by one (*args, **kwargs)."""
    a = node.args
    if a.vararg or a.kwarg:
        return None
    passed = [p.arg for p in a.posonlyargs + a.args] + ["%s=%s" % (p.arg, p.arg) for p in a.kwonlyargs]
    return [decorator, "def %s(%s):" % (name, ast.unparse(a)), "    return %s(%s)" % (target, ", ".join(passed))]


def def_name(py_func):
    """The name a function has in the ujit module: its own, or for a lambda one made from
    its position (stable across processes, for the disk cache's key)."""
    if py_func.__name__ != "<lambda>":
        return py_func.__name__
    line, col = _lambda_body_position(py_func.__code__)
    return "__ujit_lambda_%d_%d" % (line, col or 0)


def _lambda_body_position(code):
    """(line, 0-based column) where a lambda's body starts: the first position of its
    instructions (RESUME's (line, 0) aside; a body never starts at column 0). Before
    Python 3.11 (no co_positions), or without a column, it is None: the line's only lambda
    is taken."""
    if not hasattr(code, "co_positions"):
        return code.co_firstlineno, None
    spots = [(p[0], p[2]) for p in code.co_positions() if p[0] is not None and p[2]]
    # Python 3.12 gives a constant's lambda (`lambda x: 1`, one RETURN_CONST) no column: the
    # line's only lambda is taken then, as before 3.11.
    return min(spots) if spots else (code.co_firstlineno, None)


def _find_lambda_body(py_func, line, col):
    code = py_func.__code__
    lines = _dynamic_source.getlines(code, py_func.__globals__)
    try:
        tree = ast.parse("".join(lines))
    except (SyntaxError, ValueError) as e:
        raise compile_error("ujit needs the source of this lambda, and its file does not parse (%s)" % e,
                            code.co_filename, line, col + 1) from None
    found = [n.body for n in ast.walk(tree) if isinstance(n, ast.Lambda) and n.body.lineno == line
             and (col is None or n.body.col_offset == col)]
    if len(found) == 1:
        return found[0]
    if found:
        raise compile_error("ujit cannot tell this line's lambdas apart (Python before 3.11): put this one on a "
                            "line of its own", code.co_filename, line, 1)
    raise compile_error("ujit needs the source of this lambda, and its file has none at this line "
                        "(a lambda made by exec or eval): define it with 'def'", code.co_filename, line, col + 1)


def _indent_of(line):
    return len(line) - len(line.lstrip())


def _source_lines(py_func):
    """inspect.getsourcelines(py_func) without its cost at start-up (importing inspect and
    compiling tokenize's patterns is a third of a first call's Python time): the decorators
    and the def from co_firstlineno, then every line indented deeper (or blank). A block
    that does not parse as one def of that name (a string or bracket that returns to the
    def's column) is left to inspect."""
    code = py_func.__code__
    lines = _dynamic_source.getlines(code, py_func.__globals__)
    start = code.co_firstlineno - 1
    if 0 <= start < len(lines) and lines[start].strip():
        indent = _indent_of(lines[start])
        end = start
        while end < len(lines) and not lines[end].lstrip().startswith(("def ", "async def ")):
            end += 1  # decorator lines
        end += 1
        while end < len(lines) and (not lines[end].strip() or _indent_of(lines[end]) > indent):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        block = lines[start:end]
        try:
            node = ast.parse(textwrap.dedent("".join(block))).body
        except SyntaxError:
            node = None
        if node and len(node) == 1 and isinstance(node[0], ast.FunctionDef) and node[0].name == code.co_name:
            return block, start + 1
    import inspect

    return inspect.getsourcelines(py_func)


class ModuleText:
    """Collects functions and frozen names into one module's text."""

    def __init__(self, filename, cpu_fallback=False, owner=None):
        self.filename = filename
        # The implementations @overload typing functions chose, the argument types probed
        # for those not chosen yet, by overloaded function and target, and this module's
        # probes by name (_overloads.py).
        self.overload_impls = getattr(owner, "_overload_impls", {})
        self.overload_partial = getattr(owner, "_overload_partial", {})
        self.probes = {}
        # A CUDA ufunc's CPU fallback: device functions it calls compile as CPU functions.
        self.cpu_fallback = cpu_fallback
        self.placed = {}  # line number -> text, for functions at their own lines
        self.appended = []  # functions that could not keep their lines (other files, overlaps)
        self.fixes = []  # (first, last, col_offset) for CompileError columns
        self.bindings = {}  # name -> the statement that binds it
        self.functions = {}  # def name -> Python function
        self.exceptions = {}  # global name -> the exception class compiled code may raise
        self.arrays = {}  # global name -> a NumPy array compiled code reads (frozen by ujit)
        self.enums = {}  # class name in the text -> the enum class (_enums.py) or namedtuple class
        self.jitclasses = {}  # class name -> the jitclass whose text the module holds
        self.device_arrays = {}  # global name -> a device array captured by reference
        self.needs_numba = self.needs_numpy = self.needs_math = False

    # -------------------------------------------------------------- functions

    def add_function(self, py_func, decorator, name=None):
        """Adds `py_func` as `name` (a lambda takes the name its caller knows it by) and,
        transitively, the ujit functions it calls: a worklist, not recursion, since a chain
        of thousands of functions each calling the next is legal."""
        pending = [(py_func, decorator, name)]
        while pending:
            pending.extend(reversed(self._add_one(*pending.pop())))

    def _add_one(self, py_func, decorator, name=None):
        """Places one function; returns the (py_func, decorator, name) of the ujit functions
        it calls."""
        name = name or def_name(py_func)
        if name in self.functions:
            if self.functions[name] is py_func:
                return []
            raise compile_error("two different functions named '%s' are used together; ujit compiles "
                                "them into one module, so they need distinct names" % name,
                                py_func.__code__.co_filename, py_func.__code__.co_firstlineno, 1)
        src = FunctionSource(py_func, name)
        self.functions[name] = py_func
        if name != py_func.__name__ and py_func.__name__ != "<lambda>" and _recurses(src):
            # A recursive function called by another name (a kernel's `cfunc = fib1`): it
            # compiles under its own name, at its own lines, and `name` forwards to it.
            forward = _forwarding_def(decorator, name, py_func.__name__, src.node)
            if forward is not None:
                self.appended.append(forward)
                return [(py_func, decorator, None)]
        self.needs_numba = True
        body = list(src.lines)
        # The decorator lines become one line ujit reads (blank lines keep the def in place).
        deco_index = src.decorator_first - src.first_line
        def_index = src.def_line - src.first_line
        out = [""] * len(body)
        for i in range(len(body)):
            if i >= def_index:
                out[i] = body[i]
        lines_before = 0
        if deco_index < def_index:
            out[deco_index] = decorator
        else:
            lines_before = 1  # no decorator line in the source (f = njit(g)): put one above
        first = src.first_line - lines_before
        if lines_before:
            out.insert(0, decorator)
        same_file = src.filename == self.filename
        span = range(first, first + len(out))
        if same_file and first >= 1 and not any(l in self.placed for l in span):
            for k, text in enumerate(out):
                self.placed[first + k] = text
            if src.indent:
                self.fixes.append((first, first + len(out) - 1, src.indent))
        else:
            self.appended.append(out)
        # operator.add and the like, read as values, compile as device functions of a kernel
        # and as plain functions of @njit code (_operator_functions.py).
        cuda = "cuda" in decorator and not self.cpu_fallback
        self._operator_decorator = decorator_text("cuda.jit", device=True) if cuda else decorator_text("jit")
        return self._bind_free_names(src)

    def _bind_free_names(self, src):
        """Binds the globals `src` uses; returns the ujit functions it calls, to be added."""
        from ._dispatcher import callee_of  # the other ujit functions' (py_func, decorator)

        callees = []
        for name, (line, col) in src.free_names().items():
            found, value = src.value_of(name)
            if not found:
                continue  # a builtin (abs, range) or undefined: ujit itself says which
            if name == src.py_func.__name__ and callee_of(value) is not None and callee_of(value)[0] is src.py_func:
                continue  # the function itself (recursion: ujit reports it)
            if extending.is_jitable(value):  # @register_jitable: compiled for the caller's target
                callees.append((value, self._operator_decorator, name if value.__name__ != name else None))
                continue
            if _overloads.is_overloaded(value):
                callees.extend(self._overloaded(name, value, src, line, col))
                continue
            unsupported = extending.unsupported_use(value)
            if unsupported is not None:
                raise NotImplementedError("%s:%d:%d: error: '%s' is %s" % (src.filename, line, col, name, unsupported))
            callee = callee_of(value)
            if callee is not None:
                py_func, decorator = callee
                self._check_cpu_function_on_device(name, value, decorator, src, line, col)
                decorator = self._callee_decorator(value, decorator)
                if py_func.__name__ == "<lambda>":
                    callees.append((py_func, decorator, name))  # `g = njit(lambda x: ...)`
                    continue
                # Known by another name (a closure's `device_func`): compiled under that name.
                callees.append((py_func, decorator, name if py_func.__name__ != name else None))
                continue
            op_func = operator_function(value)
            if op_func is not None:
                callees.append((op_func, self._operator_decorator, name))
                continue
            statement = self._statement_for(name, value, src, line, col)
            if statement is None:
                continue
            old = self.bindings.get(name)
            if old is not None and old != statement:
                raise compile_error("global '%s' has different values in the functions compiled together"
                                    % name, src.filename, line, col)
            self.bindings[name] = statement
        return callees

    def _overloaded(self, name, func, src, line, col):
        """An @overload-ed function called as `name`: its chosen implementation, compiled for
        the caller's target; until one is chosen, a probe (_overloads.py)."""
        target = "cpu" if self._operator_decorator == decorator_text("jit") else "cuda"
        if not _overloads._typing_functions(func, target):
            raise _overloads.no_target_error(func, name, target, src.filename, line, col)
        from ._dispatcher import callee_of

        def compiled(impl):  # an @njit or device function: compiled as the caller's callee
            callee = callee_of(impl)
            return impl if callee is None else callee[0]

        routes = self.overload_impls.get((id(func), target), [])
        single = [impl for text, impl in routes if text is None]
        if not routes:  # a typing function without parameters chooses at once
            now = _overloads.implementation_now(func, target)
            single = [now] if now is not None else []
        if single:  # one implementation for every call (see _overloads.add_route)
            impl = compiled(single[-1])
            return [(impl, self._operator_decorator, name if impl.__name__ != name else None)]
        # Each implementation chosen so far, for the argument types it was chosen for, beside
        # the probe of other calls (types/overload_routes.hpp).
        callees, by_impl = [], {}
        for text, impl in routes:
            by_impl.setdefault(id(impl), (impl, []))[1].append(text)
        for i, (impl, texts) in enumerate(by_impl.values()):
            callees.append((compiled(impl), _overloads.route_decorator(self._operator_decorator, name, texts),
                            "%s__ujit_ov%d" % (name, i)))
        if name not in self.probes:
            probe = _overloads.Probe(func, name, target, src.filename, line, col,
                                     self.overload_partial.get((id(func), target), []))
            lines = probe.lines(self._operator_decorator)
            if lines is None:
                raise compile_error("@overload of '%s': ujit passes the argument types to a typing function "
                                    "with named parameters only (not *args or **kwargs)" % name,
                                    src.filename, line, col)
            self.probes[name] = probe
            self.needs_numba = True
            self.appended.append(lines)
        return callees

    def _check_cpu_function_on_device(self, name, value, decorator, src, line, col):
        """numba-cuda compiles an @jit function CUDA code calls as a device function, unless
        signatures were declared: that disables its compilation (Numba's TypingError)."""
        owner = getattr(value, "_owner", None) or getattr(value, "_ujit_callee", None)
        if (decorator.startswith("@%s.njit" % _PRELUDE_NUMBA) and getattr(owner, "declared", None)
                and self._operator_decorator != decorator_text("jit") and not self.cpu_fallback):
            raise compile_error("Untyped global name '%s': using cpu function on device but its compilation is "
                                "disabled (its signatures were declared)" % name, src.filename, line, col)

    def _callee_decorator(self, value, decorator):
        """The decorator a ujit function this module calls compiles under: a kernel called
        from CUDA code is a device function there (numba-cuda); CUDA code compiled for the CPU
        (cpu_fallback) compiles device functions as @njit; a function with declared signatures
        keeps them, and compiled code runs one of them (types/overload_rating.hpp)."""
        owner = getattr(value, "_ujit_callee", None) or getattr(value, "_owner", None)
        as_device = getattr(owner, "device_decorator", None)
        if as_device is not None and (self.cpu_fallback or self._operator_decorator != decorator_text("jit")):
            decorator = decorator_text("jit") if self.cpu_fallback else as_device()
        if self.cpu_fallback and decorator == decorator_text("cuda.jit", device=True):
            decorator = decorator_text("jit")
        declared = getattr(owner, "declared", None)
        if declared and getattr(owner, "device", True) and decorator.startswith("@%s." % _PRELUDE_NUMBA):
            listed = "[%s]" % ", ".join(repr(str(s)) for s in declared)  # not a kernel's: those are void
            head, paren, rest = decorator.partition("(")
            if not rest.startswith(listed):  # an @njit's own decorator lists them already
                decorator = "%s(%s%s" % (head, listed, ", " + rest if paren and rest != ")" else ")")
        return decorator

    # -------------------------------------------------------------- frozen globals

    def _statement_for(self, name, value, src, line, col):
        """The module-level statement that binds `name` to the frozen `value`."""
        if isinstance(value, types.ModuleType):
            return self._module_import(name, value, src, line, col)
        if isinstance(value, _types.Type):
            self.needs_numba = True
            if (value.dtype_name is None and value.name != "void" and not isinstance(value, _types.Record)
                    or isinstance(value, _types.ArrayType)):
                return "%s = %s" % (name, _type_value_text(value, src, line, col))  # float_array = types.float64[:]
            return "from numba import %s as %s" % (value.name if value.name != "void" else "void", name)
        if value is _typed.List or value is _typed.Dict:  # numba.typed's classes, made in compiled code
            return "from numba.typed import %s as %s" % (value.__name__, name)
        if value is prange:
            self.needs_numba = True
            return "from numba import prange as %s" % name
        if value is literal_unroll:  # the tuple itself in compiled code (types/literal_unroll.hpp)
            self.needs_numba = True
            return "from numba import literal_unroll as %s" % name
        if any(value is f for f in _THREAD_FUNCTIONS):
            self.needs_numba = True
            return "from numba import %s as %s" % (value.__name__, name)
        if _is_ujit_decorator(value):
            return None  # decorators are rewritten; inside a body ujit reports the misuse
        kernel_only = _kernel_only_name(value)  # cuda.ldca, cuda.atomic.add, ... held by another name
        if kernel_only is not None:
            self.needs_numba = True
            module, _, member = ("cuda." + kernel_only).rpartition(".")
            return "from numba.%s import %s as %s" % (module, member, name)
        vector = _vector_type_name(value)  # numba-cuda's VectorType: a dtype of local and shared arrays
        if vector is not None:
            return "from numba.cuda.vector_types import %s as %s" % (vector, name)
        libdevice = getattr(value, "_ujit_libdevice", None)  # `from numba.cuda.libdevice import sincos`
        if libdevice is not None:
            return "from numba.cuda.libdevice import %s as %s" % (libdevice, name)
        compiled = getattr(value, "_ujit_cuda_random", None)  # ujit.cuda.random's functions
        if compiled is not None:
            return "from numba.cuda.random import %s as %s" % (compiled, name)
        if _jitclass.info_of(value) is not None:  # its text, at its own lines
            return self.jitclass(name, value, src.filename, line, col)
        if isinstance(value, type) and issubclass(value, Exception):
            if getattr(builtins, name, None) is value:
                return None  # ValueError and the like: ujit knows them
            # The module's own exception class: ujit needs to know only that it is one;
            # a raise of it maps back to `value` by name (Module.exceptions).
            self.exceptions[name] = value
            return "class %s(Exception): pass" % name
        if getattr(value, "_ujit_declared_device", False):  # cuda.declare_device (cuda/_linking.py)
            self.needs_numba = True
            return "%s = %s.cuda.declare_device(%r, %r%s%s%s)" % (
                name, _PRELUDE_NUMBA, value.name, _signature_text(value.sig),
                ", link=%s" % link_text(value.link) if value.link else "",
                ", abi='c'" if value.abi == "c" else "",
                ", use_cooperative=True" if value.use_cooperative else "")  # coop: its callers launch so
        np = sys.modules.get("numpy")
        if np is not None and isinstance(value, np.ndarray):
            return self._frozen_array(name, value, src, line, col)
        if _device_array_geometry(value) is not None:
            return self._captured_array(name, value, src, line, col)
        if is_namedtuple_class(value):
            return self.namedtuple_class(name, value, src.filename, line, col)
        if isinstance(value, enum.EnumMeta):
            return self.enum_class(name, value, src.filename, line, col)
        if isinstance(value, enum.Enum):  # a member: its class, bound by its own name, and the member
            cls = type(value)
            self.bind_enum_class(cls, src.filename, line, col)
            return "%s = %s.%s" % (name, cls.__name__, value.name)
        if value is None:  # Numba freezes a global None as a constant (`alignment=None`)
            return "%s = None" % name
        if isinstance(value, tuple) and is_namedtuple_class(type(value)):  # frozen as Numba freezes one
            return self._frozen_namedtuple(name, value, src, line, col)
        if isinstance(value, tuple) and np is not None and any(isinstance(v, np.ndarray) for v in value):
            return self._frozen_tuple(name, value, src, line, col)
        const = self._constant(value)
        if const is not None:
            return "%s = %s" % (name, const)
        for modname in ("math", "cmath", "numpy", "random"):
            module = sys.modules.get(modname)
            attr = getattr(value, "__name__", None)
            if module is not None and attr and getattr(module, attr, None) is value:
                return "from %s import %s as %s" % (modname, attr, name)
        raise compile_error("global '%s' is a %s, which ujit cannot freeze into compiled code (numbers, "
                            "strings, NumPy scalars, tuples of them, the math, cmath, numpy, random and ujit modules, "
                            "their functions and other ujit functions are supported)"
                            % (name, type(value).__name__), src.filename, line, col)

    def jitclass(self, name, cls, filename, line, col):
        """Places a @jitclass class's text (experimental/_jitclass.py) and binds its methods'
        globals as a function's; no statement (the class binds its name)."""
        info = _jitclass.info_of(cls)
        if name != cls.__name__:
            raise compile_error("jitclass '%s' is used as '%s'; ujit compiles a jitclass under its own name"
                                % (cls.__name__, name), filename, line, col)
        old = self.jitclasses.get(name)
        if old is not None:
            if old is not cls:
                raise compile_error("two different jitclasses named '%s' are used together; ujit compiles them "
                                    "into one module, so they need distinct names" % name, filename, line, col)
            return None
        self.jitclasses[name] = cls
        self.needs_numba = True
        spec = []
        for member, t in info.spec.items():
            other = t.info if isinstance(t, _jitclass.InstanceType) else None
            if other is not None:  # another jitclass's instances: by its name
                self.jitclass(other.py_class.__name__, other.jitted, filename, line, col)
                spec.append("(%r, %s)" % (member, other.py_class.__name__))
            else:
                spec.append("(%r, %s)" % (member, _type_value_text(t, types.SimpleNamespace(filename=filename),
                                                                   line, col)))
        decorator = "@%s.experimental.jitclass([%s])" % (_PRELUDE_NUMBA, ", ".join(spec))
        out, first, indent = _jitclass.class_lines(info, decorator)
        span = range(first, first + len(out))
        if info.py_class.__module__ and self.filename == inspect_file(info.py_class) and first >= 1 and not any(
                l in self.placed for l in span):
            for k, text in enumerate(out):
                self.placed[first + k] = text
            if indent:  # a class defined in a function, dedented: its errors' columns move back
                self.fixes.append((first, first + len(out) - 1, indent))
        else:
            self.appended.append(out)
        for fn in info.functions():
            for callee in self._bind_free_names(FunctionSource(fn)):
                self.add_function(*callee)
        return None

    def enum_class(self, name, cls, filename, line, col):
        """The class definition of a global enum class (_enums.py)."""
        # Enum values are numbers (and tuples of them) in ujit: a string value is refused by name.
        text, why = _enums.class_text(name, cls, lambda v: None if _holds_str(v) else self._constant(v))
        if text is None:
            raise compile_error("global '%s' is the enum class %s, which ujit cannot compile: %s"
                                % (name, cls.__name__, why), filename, line, col)
        old = self.enums.get(name)
        if old is not None and old is not cls:
            raise compile_error("two different enum classes named '%s' are used together; ujit compiles them "
                                "into one module, so they need distinct names" % name, filename, line, col)
        self.enums[name] = cls
        return text

    def namedtuple_class(self, name, cls, filename, line, col):
        """`NAME = namedtuple(...)` for a namedtuple class (collections.namedtuple's or a
        typing.NamedTuple): compiled code builds and reads its instances, and an instance it
        returns comes back as `cls` (_types.result_shape finds it in `enums` by its name)."""
        fields = tuple(cls._fields)
        defaults = []
        for field in fields[len(fields) - len(cls._field_defaults):]:
            const = self._constant(cls._field_defaults[field])
            if const is None:
                what = type(cls._field_defaults[field]).__name__
                raise compile_error("global '%s' is the namedtuple class %s, whose default of field '%s' is a %s, "
                                    "which ujit cannot freeze into compiled code" % (name, cls.__name__, field, what),
                                    filename, line, col)
            defaults.append(const)
        old = self.enums.get(cls.__name__)
        if old is not None and old is not cls:
            raise compile_error("two different classes named '%s' are used together; ujit compiles them into one "
                                "module, so they need distinct names" % cls.__name__, filename, line, col)
        self.enums[cls.__name__] = cls
        self.bindings[_NAMEDTUPLE] = "from collections import namedtuple as %s" % _NAMEDTUPLE
        return "%s = %s(%r, %r%s)" % (name, _NAMEDTUPLE, cls.__name__, fields,
                                      ", defaults=(%s)" % "".join(d + ", " for d in defaults) if defaults else "")

    def bind_namedtuple_class(self, cls, filename, line=1, col=1):
        """Binds `cls` by its own name (an argument's class, _tuple_args.py)."""
        self._bind_own_name(cls, self.namedtuple_class(cls.__name__, cls, filename, line, col), filename, line, col)

    def bind_enum_class(self, cls, filename, line=1, col=1):
        """Binds `cls` by its own name (a member's class, an argument's)."""
        self._bind_own_name(cls, self.enum_class(cls.__name__, cls, filename, line, col), filename, line, col)

    def _bind_own_name(self, cls, statement, filename, line, col):
        old = self.bindings.get(cls.__name__)
        if old is not None and old != statement:
            raise compile_error("global '%s' has different values in the functions compiled together"
                                % cls.__name__, filename, line, col)
        self.bindings[cls.__name__] = statement

    def _frozen_array(self, name, value, src, line, col):
        """A global NumPy array: ujit copies it when the module is made and the code reads it
        as a read-only constant (Numba freezes global arrays the same way). No statement."""
        if value.dtype not in _types.DTYPE_CODE or not value.dtype.isnative or value.ndim > 32:
            raise compile_error("global '%s' is an array of dtype %s, which ujit cannot freeze into compiled code "
                                "(arrays of numbers and bools, up to 32 dimensions, are supported)"
                                % (name, value.dtype), src.filename, line, col)
        return self._keep_array(self.arrays, name, value, src, line, col)

    def _frozen_namedtuple(self, name, value, src, line, col):
        """A global namedtuple instance of constants: `NAME = Point(1.0, 2.0)`, its class bound
        by its own name."""
        items = [self._constant(v) for v in value]
        if any(i is None for i in items):
            raise compile_error("global '%s' is a %s holding a %s, which ujit cannot freeze into compiled code "
                                "(numbers and tuples of them are supported)"
                                % (name, type(value).__name__, type(value[items.index(None)]).__name__),
                                src.filename, line, col)
        self.bind_namedtuple_class(type(value), src.filename, line, col)
        return "%s = %s(%s)" % (name, type(value).__name__, ", ".join(items))

    def _frozen_tuple(self, name, value, src, line, col):
        """A global tuple holding NumPy arrays (numba-cuda's tests loop over one with
        literal_unroll): each array frozen under a name of its own, each other item a
        constant, and the tuple made of those names."""
        np = sys.modules["numpy"]
        items = []
        for i, v in enumerate(value):
            item = "%s__item%d" % (name, i)
            if isinstance(v, np.ndarray):
                self._frozen_array(item, v, src, line, col)
            else:
                const = self._constant(v)
                if const is None:
                    raise compile_error("global '%s' is a tuple holding a %s, which ujit cannot freeze into compiled "
                                        "code (NumPy arrays, numbers and tuples of them are supported)"
                                        % (name, type(v).__name__), src.filename, line, col)
                self.bindings[item] = "%s = %s" % (item, const)
            items.append(item)
        return "%s = (%s)" % (name, "".join(i + ", " for i in items))

    def _keep_array(self, table, name, value, src, line, col):
        """Records the array global `name` (the same array wherever the module's functions
        read it). No statement."""
        old = table.get(name)
        if old is not None and old is not value:
            raise compile_error("global '%s' has different values in the functions compiled together"
                                % name, src.filename, line, col)
        table[name] = value
        return None

    def _captured_array(self, name, value, src, line, col):
        """A global device array (a DeviceNDArray, or anything with __cuda_array_interface__):
        captured by reference, as Numba captures one: the code reads and writes its memory,
        whose address it holds. No statement."""
        addr, dtype, shape, strides = _device_array_geometry(value)
        if any(s < 0 for s in strides):
            raise compile_error("global '%s' is a device array with negative strides, which ujit cannot capture: "
                                "capture a copy (ascontiguousarray) or pass it as an argument" % name,
                                src.filename, line, col)
        if dtype not in _types.DTYPE_CODE or not dtype.isnative:
            raise compile_error("global '%s' is a device array of dtype %s, which ujit cannot capture (arrays of "
                                "numbers and bools are supported)" % (name, dtype), src.filename, line, col)
        return self._keep_array(self.device_arrays, name, value, src, line, col)

    def _module_import(self, name, module, src, line, col):
        if module.__name__ in ("math", "cmath", "random", "numpy", "heapq"):
            return "import %s as %s" % (module.__name__, name)
        if module.__name__ == "ujit":
            self.needs_numba = True
            return "import numba as %s" % name
        if module.__name__ in ("ujit.cuda", "ujit.types", "ujit.typed"):
            return "from numba import %s as %s" % (module.__name__[len("ujit."):], name)
        if module.__name__ == "ujit.cuda.random":
            return "import numba.cuda.random as %s" % name
        if module.__name__ == "ujit.cuda.libdevice":
            return "from numba.cuda import libdevice as %s" % name
        if module.__name__ in ("ujit.cuda.bf16", "ujit.cuda._internal.cuda_bf16", "ujit.cuda._internal.cuda_fp8"):
            return "import numba%s as %s" % (module.__name__[len("ujit"):], name)  # bf16: numba-cuda's modules
        raise compile_error("module '%s' (global '%s') is not supported in compiled code (supported: math, "
                            "cmath, numpy, random, heapq, ujit, ujit.cuda, ujit.cuda.random, ujit.cuda.libdevice, "
                            "ujit.cuda.bf16, ujit.types and ujit.typed)"
                            % (module.__name__, name), src.filename, line, col)

    def _constant(self, v):
        """Source text of a constant ujit folds, or None when `v` is not one."""
        np = sys.modules.get("numpy")  # a NumPy scalar exists only once NumPy is imported
        if isinstance(v, bool) or (np is not None and isinstance(v, np.bool_)):
            return "True" if v else "False"
        if np is not None and isinstance(v, (np.datetime64, np.timedelta64)):  # dt64: count and unit
            unit, count = np.datetime_data(v.dtype)
            if count != 1:
                return None
            self.needs_numpy = True
            ctor = "%s.%s" % (_PRELUDE_NUMPY, "datetime64" if isinstance(v, np.datetime64) else "timedelta64")
            value = "'NaT'" if np.isnat(v) else repr(int(v.astype(np.int64)))
            return "%s(%s)" % (ctor, value) if unit == "generic" else "%s(%s, '%s')" % (ctor, value, unit)
        if np is not None and isinstance(v, np.generic):
            dt = np.dtype(type(v))
            if dt not in _types.DTYPE_CODE:
                return None
            self.needs_numpy = True
            inner = self._constant(v.item())
            return "%s.%s(%s)" % (_PRELUDE_NUMPY, _types.scalar_type_of_dtype(dt).name, inner)
        if isinstance(v, int):
            if not -(2 ** 63) <= v < 2 ** 64:
                return None
            return repr(int(v))
        if isinstance(v, float):
            if math.isfinite(v):
                return repr(float(v))
            self.needs_math = True
            if math.isnan(v):
                return "%s.nan" % _PRELUDE_MATH
            return "%s%s.inf" % ("-" if v < 0 else "", _PRELUDE_MATH)
        if isinstance(v, complex):
            return "complex(%s, %s)" % (self._constant(v.real), self._constant(v.imag))
        if type(v) is str:  # frozen as Numba freezes a global string (a str subclass is not one)
            return repr(v)
        if isinstance(v, tuple):
            items = [self._constant(x) for x in v]
            if any(i is None for i in items):
                return None
            return "(%s)" % "".join(i + ", " for i in items)
        return None

    # -------------------------------------------------------------- text

    def text(self):
        last = max(self.placed) if self.placed else 0
        lines = [self.placed.get(i, "") for i in range(1, last + 1)]
        for block in self.appended:
            lines.extend(block)
        # The prelude goes after the functions, so that they keep their line numbers:
        # ujit resolves module names once the whole module is read.
        prelude = []
        if self.needs_numba:
            prelude.append("import numba as %s" % _PRELUDE_NUMBA)
        if self.needs_numpy:
            prelude.append("import numpy as %s" % _PRELUDE_NUMPY)
        if self.needs_math:
            prelude.append("import math as %s" % _PRELUDE_MATH)
        imports = [b for b in self.bindings.values() if b.split()[1:2] != ["="]]
        constants = [b for b in self.bindings.values() if b.split()[1:2] == ["="]]
        return "\n".join(lines + prelude + sorted(imports) + constants) + "\n"


def inspect_file(cls):
    """The file a class is defined in, as its functions' code names it."""
    for v in cls.__dict__.values():
        code = getattr(getattr(v, "fget", v), "__code__", None) or getattr(getattr(v, "__func__", None), "__code__",
                                                                           None)
        if code is not None:
            return code.co_filename
    return None


def _type_value_text(t, src, line, col):
    """Numba's spelling of a type that is not a number type, as compiled code names it
    (types/type_values.cpp reads it): types.float64[:], types.unicode_type, types.UniTuple(...)."""
    prefix = _PRELUDE_NUMBA + ".types."
    if isinstance(t, (_types.Bfloat16, _types.Fp8)):  # bf16: numba-cuda's scalar types of kernels
        return prefix + t.name
    if isinstance(t, _types.UnicodeType):
        return prefix + "unicode_type"
    if isinstance(t, _types.ArrayType) and t.ndim and not t.readonly and not isinstance(t.base, _types.Record):
        return prefix + t.name  # float64[:, ::1]
    if isinstance(t, _types.UniTuple):
        return "%sUniTuple(%s, %d)" % (prefix, _type_value_text(t.item, src, line, col), t.count)
    if isinstance(t, _types.Tuple):
        return "%sTuple((%s))" % (prefix, "".join(_type_value_text(x, src, line, col) + ", " for x in t.types))
    if isinstance(t, _types.TypedListType):
        return "%sListType(%s)" % (prefix, _type_value_text(t.item_type, src, line, col))
    if isinstance(t, _types.DictType):
        return "%sDictType(%s, %s)" % (prefix, _type_value_text(t.key_type, src, line, col),
                                       _type_value_text(t.value_type, src, line, col))
    if t.dtype_name is not None and not isinstance(t, _types.ArrayType):
        return prefix + t.name
    raise compile_error("global type '%s' cannot be used in compiled code by ujit (number types, arrays of "
                        "them, unicode_type, tuples, ListType and DictType of these are supported)" % t,
                        src.filename, line, col)


def _device_array_geometry(value):
    """(address, dtype, shape, byte strides) of a device array, or None for anything else."""
    np = sys.modules.get("numpy")
    devicearray = sys.modules.get(__package__ + ".cuda._devicearray")
    if np is None:
        return None
    if devicearray is not None and isinstance(value, devicearray.DeviceNDArray):
        return value._ptr, value.dtype, tuple(value.shape), tuple(value.strides)
    if isinstance(value, type) or isinstance(value, np.ndarray):
        return None
    try:
        iface = value.__cuda_array_interface__
    except Exception:
        return None
    dtype = np.dtype(iface["typestr"])
    shape = tuple(iface["shape"])
    strides = iface.get("strides")
    if strides is None:  # C order
        strides, step = [], dtype.itemsize
        for d in reversed(shape):
            strides.insert(0, step)
            step *= d
    return iface["data"][0] or 0, dtype, shape, tuple(strides)


def _describing(value):
    """An ndarray over a device array's memory that only describes it (address, dtype,
    shape, strides) for ujit's C API, which never reads it."""
    import ctypes

    np = sys.modules["numpy"]
    addr, dtype, shape, strides = _device_array_geometry(value)
    span = dtype.itemsize + sum((d - 1) * abs(s) for d, s in zip(shape, strides)) if all(shape) else 0
    if not addr or not span:
        return np.ndarray(shape, dtype, strides=strides if all(shape) else None)  # empty: no memory to name
    buffer = (ctypes.c_char * span).from_address(addr)
    return np.ndarray(shape, dtype, buffer=buffer, strides=strides)


def _kernel_only_name(value):
    """"ldca" for cuda.ldca, "atomic.add" for cuda.atomic.add (names kernels compile), else None."""
    kernelapi = sys.modules.get(__package__ + ".cuda._kernelapi")  # not imported: no such value exists
    return value._name if kernelapi is not None and isinstance(value, kernelapi._KernelOnly) else None


def _vector_type_name(value):
    """"float32x4" for vector_types["float32x4"] (cuda/vector_types.py), else None."""
    module = sys.modules.get(__package__ + ".cuda.vector_types")  # not imported: no such value exists
    return value.name if module is not None and isinstance(value, module.VectorType) else None


def _is_ujit_decorator(value):
    return getattr(value, "_ujit_decorator", False)


_FASTMATH_FLAGS = {"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}


def fastmath_on(value):
    """Whether Numba's fastmath= option asks for fast math: a bool, or a set (dict) of
    LLVM flag names (of which ujit has only the whole set: any flag turns it on)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (set, frozenset, dict)):
        invalid = set(value) - _FASTMATH_FLAGS
        if invalid:
            raise ValueError("Unrecognized fastmath flags: %s" % sorted(invalid))
        return any(value.values()) if isinstance(value, dict) else bool(value)
    raise ValueError("Expected fastmath option(s) to be either a bool, dict or set")


def _signature_text(sig):
    """A declaration's signature as ujit's parser reads it ('int32(int32)', 'void(float32)')."""
    ret = sig.return_type
    return "%s(%s)" % ("void" if ret is None or str(ret) in ("none", "void") else ret,
                       ", ".join(str(a) for a in sig.args))


def link_text(link):
    """link= files as the source ujit parses: absolute paths (Numba opens them from the
    working directory at decoration; the module may compile later, elsewhere) and
    cuda.CUSource texts."""
    import os

    items = []
    for item in link:
        data = getattr(item, "data", None)
        if data is not None and getattr(item, "kind", None) == "cu":  # cuda.CUSource
            items.append("%s.cuda.CUSource(%r)" % (_PRELUDE_NUMBA, data.decode()))
        else:
            items.append(repr(os.path.abspath(os.fspath(item))))
    return "[%s]" % ", ".join(items)


def decorator_text(kind, signatures=(), target=None, layout=None, device=False, fastmath=False, debug=False,
                   parallel=False, boundscheck=False, link=(), lineinfo=False, opt=True, launch_options=(),
                   error_model=None, locals=None):
    """The decorator line ujit's parser reads for a function of this kind."""
    sigs = "[%s]" % ", ".join(repr(str(s)) for s in signatures)
    n = _PRELUDE_NUMBA
    fast = ", fastmath=True" if fastmath else ""
    if kind == "jit":
        # Declared signatures stay in the decorator: a call runs one of them, its declared
        # return type included (pipeline/dispatch.hpp).
        options = ([sigs] if signatures else []) + [
            o for o, on in (("fastmath=True", fastmath), ("parallel=True", parallel), ("boundscheck=True", boundscheck))
            if on]
        if error_model is not None and error_model != "python":  # 'numpy', or a value ujit's check refuses
            options.append("error_model=%r" % error_model)
        if locals:  # each type as its spelling: types/declared_locals.hpp parses it
            options.append("locals={%s}" % ", ".join("%r: %r" % (name, str(t)) for name, t in locals.items()))
        return "@%s.njit(%s)" % (n, ", ".join(options)) if options else "@%s.njit" % n
    if kind == "cuda.jit":
        options = ["device=True"] if device else []
        options += ["debug=True"] if debug else []
        # The compiled function's lineinfo decides its module's line table (codegen/debug_info.hpp).
        options += ["lineinfo=True"] if lineinfo else []
        options += ["opt=False"] if not opt else []  # compiled for a GPU without optimization
        options += ["fastmath=True"] if fastmath else []
        options += ["link=%s" % link_text(link)] if link else []
        options += list(launch_options)  # launch_bounds=, shared_memory_carveout= (cuda/_launch_options.py)
        return "@%s.cuda.jit(%s)" % (n, ", ".join(options)) if options else "@%s.cuda.jit" % n
    if kind == "vectorize":
        if not signatures:
            return "@%s.vectorize(fastmath=True)" % n if fastmath else "@%s.vectorize" % n
        return "@%s.vectorize(%s, target=%r%s)" % (n, sigs, target or "cpu", fast)
    if kind == "guvectorize":
        return "@%s.guvectorize(%s, %r, target=%r%s)" % (n, sigs, layout, target or "cpu", fast)
    raise ValueError(kind)


def build_module(py_func, decorator, cpu_fallback=False, extra=None, callees=(), enums=(), extra_decorator=None,
                 owner=None, namedtuples=(), jitclasses=()):
    """The ujit Module of `py_func` (and every ujit function it calls); `extra` is (name,
    lines) of one more def, compiled with the same decorator (_tuple_args.py's wrapper) or
    `extra_decorator` (a kernel wrapping `py_func` compiled as a device function),
    `callees` the (py_func, decorator) of functions it names (_function_args.py's) and
    `enums` the enum classes it names (_function_args.py's, for enum arguments), `namedtuples`
    the namedtuple classes (_tuple_args.py's, for namedtuple arguments). `owner`
    keeps the implementations its @overload-ed callees chose, and gets the probes of the
    others (_overloads.py)."""
    text = ModuleText(py_func.__code__.co_filename, cpu_fallback, owner)
    for cls in enums:
        text.bind_enum_class(cls, text.filename)
    for cls in namedtuples:
        text.bind_namedtuple_class(cls, text.filename)
    text.add_function(py_func, decorator)
    for cls in jitclasses:  # experimental/_jitclass.py: named by a wrapper's text
        text.jitclass(cls.__name__, cls, text.filename, 1, 1)
    for callee, callee_decorator in callees:
        text.add_function(callee, callee_decorator)
    if any(("%s." % _PRELUDE_NUMPY) in line for line in (extra[1] if extra else ())):
        text.needs_numpy = True
    if any(("%s." % _PRELUDE_NUMBA) in line for line in (extra[1] if extra else ())):
        text.needs_numba = True
    if extra is not None:
        text.appended.append([extra_decorator or decorator] + list(extra[1]))
    np = sys.modules.get("numpy")
    arrays = [(name, np.ascontiguousarray(a)) for name, a in text.arrays.items()]
    arrays += [(name, _describing(a), True) for name, a in text.device_arrays.items()]
    module = ext.Module(text.text(), text.filename, text.fixes, arrays)
    module.exceptions = text.exceptions
    module.enums = text.enums
    module.captured = list(text.device_arrays.values())  # their memory lives as long as the code
    if owner is not None:
        owner._overload_probes = text.probes
    return module
