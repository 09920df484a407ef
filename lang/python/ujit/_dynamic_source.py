"""The source of functions that have no file: made by exec/compile of a string (generated
code; numba-cuda's own tests make kernels this way), or typed after `python -c`.

Numba reads bytecode; ujit reads source text. linecache has it where a tool put it there
(IPython's cells, many frameworks); for the rest, a CPython audit hook (PEP 578) keeps the
text each `compile`/`exec`/`eval` of a string was given, under its file name ("<string>"),
and `python -c`'s text is in sys.orig_argv. A function's lines are the first of those
texts that defines it at its code object's first line. Text compiled before `import ujit`
was not seen (except `python -c`'s): such a function has no source, and says so.
"""
import collections
import linecache
import sys
import threading

# Per pseudo-file name, the most recent texts compiled under it (bounded: generated code
# may compile many strings; the newest are kept).
_KEEP = 256
_texts = collections.defaultdict(lambda: collections.deque(maxlen=_KEEP))
# Set while this module compiles a kept text itself (to tell same-named functions apart).
_own = threading.local()


def _audit(event, args):
    if event != "compile" or getattr(_own, "compiling", False):
        return
    source, filename = args[0], args[1]
    if not isinstance(filename, str) or not filename.startswith("<"):
        return  # a real file: linecache reads it
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            return
    if isinstance(source, str):
        _texts[filename].append(source)


def install():
    """Starts recording (once per process; audit hooks cannot be removed)."""
    if not getattr(sys, "_ujit_source_hook", False):
        sys.addaudithook(_audit)
        sys._ujit_source_hook = True


def _command_text():
    argv = getattr(sys, "orig_argv", [])
    return argv[argv.index("-c") + 1] if "-c" in argv[:-1] else None


def _defines(lines, code):
    """Whether `lines` hold `code`'s def (or lambda) at its first line."""
    i = code.co_firstlineno - 1
    if not 0 <= i < len(lines):
        return False
    if code.co_name == "<lambda>":
        return "lambda" in lines[i]
    for line in lines[i:i + 64]:  # decorators, then the def
        s = line.lstrip()
        if s.startswith(("def ", "async def ")):
            return s.split("(", 1)[0].split()[-1] == code.co_name
        if s and not s.startswith(("@", "#", ")")) and not line[:1].isspace():
            return False
    return False


def _same_code(a, b):
    """Whether two code objects were compiled from the same function text."""
    if (a.co_code, a.co_names, a.co_varnames, a.co_name) != (b.co_code, b.co_names, b.co_varnames, b.co_name):
        return False
    ca, cb = a.co_consts, b.co_consts
    return len(ca) == len(cb) and all(
        _same_code(x, y) if hasattr(x, "co_code") and hasattr(y, "co_code") else
        (type(x) is type(y) and x == y) for x, y in zip(ca, cb))


def _compiles_to(text, filename, code):
    """Whether compiling `text` yields `code` (its def at the same line, the same bytecode)."""
    _own.compiling = True
    try:
        top = compile(text, filename, "exec")
    except (SyntaxError, ValueError):
        return False
    finally:
        _own.compiling = False
    todo = [top]
    while todo:
        c = todo.pop()
        if c.co_firstlineno == code.co_firstlineno and _same_code(c, code):
            return True
        todo.extend(k for k in c.co_consts if hasattr(k, "co_code"))
    return False


def remember(filename, text):
    """Keeps `text` as compiled under the pseudo-file `filename` (a function unpickled with
    its source: _pickle_function.py)."""
    _texts[filename].append(text)


def getlines(code, module_globals=None):
    """The lines of the text `code` was compiled from, or [] where none is known."""
    lines = linecache.getlines(code.co_filename, module_globals)
    if lines:
        return lines
    candidates = list(_texts.get(code.co_filename, ()))
    if code.co_filename == "<string>" and _command_text() is not None:
        candidates.insert(0, _command_text())
    found = [text for text in reversed(candidates) if _defines(text.splitlines(True), code)]
    if len(found) > 1:
        # Generated code often defines one name at one line in several texts that differ
        # only in a call (`cuda.atomic.max` / `.min`): the bytecode tells them apart.
        exact = [text for text in found if _compiles_to(text, code.co_filename, code)]
        found = exact or found
    return found[0].splitlines(True) if found else []


def missing_reason(code):
    """Why `code` has no source, for the error."""
    if code.co_filename.startswith("<"):
        return ("it was made from text ujit did not see (%s): compile or exec its text after "
                "'import ujit', or define it in a file" % code.co_filename)
    return "its file %s cannot be read" % code.co_filename
