"""ujit.CompileError (the extension's class: raised from C and Python alike).

A compile error's message is the clang-style diagnostic ("file.py:3:12: error: ...", the
source line, a caret); `file`, `line` and `col` locate it in the user's source. TypingError
is Numba's name for the same thing.
"""
from ._native import ext

CompileError = ext.CompileError
TypingError = CompileError
