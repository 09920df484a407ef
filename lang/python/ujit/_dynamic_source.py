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

# Per pseudo-file name, the most recent texts compiled under it (bounded: generated code
# may compile many strings; the newest are kept).
_KEEP = 256
_texts = collections.defaultdict(lambda: collections.deque(maxlen=_KEEP))


def _audit(event, args):
    if event != "compile":
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


def getlines(code, module_globals=None):
    """The lines of the text `code` was compiled from, or [] where none is known."""
    lines = linecache.getlines(code.co_filename, module_globals)
    if lines:
        return lines
    candidates = list(_texts.get(code.co_filename, ()))
    if code.co_filename == "<string>" and _command_text() is not None:
        candidates.insert(0, _command_text())
    for text in reversed(candidates):
        lines = text.splitlines(True)
        if _defines(lines, code):
            return lines
    return []


def missing_reason(code):
    """Why `code` has no source, for the error."""
    if code.co_filename.startswith("<"):
        return ("it was made from text ujit did not see (%s): compile or exec its text after "
                "'import ujit', or define it in a file" % code.co_filename)
    return "its file %s cannot be read" % code.co_filename
