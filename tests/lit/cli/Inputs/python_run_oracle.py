"""What `ujit run FILE FUNC ARGS...` must print, by CPython: runs FUNC of FILE as plain
Python (numba's decorators as the identity) on the arguments as ast.literal_eval reads
them, and prints the result as print() does.
    python_run_oracle.py FILE FUNC ARGS..."""
import ast
import sys
import types

numba = types.ModuleType("numba")
numba.njit = numba.jit = lambda f=None, **kw: f if callable(f) else (lambda g: g)
sys.modules["numba"] = numba
path, name, *args = sys.argv[1:]
scope = {"__name__": "oracle"}
exec(compile(open(path, encoding="utf-8").read(), path, "exec"), scope)
print(scope[name](*[ast.literal_eval(a) for a in args]))
