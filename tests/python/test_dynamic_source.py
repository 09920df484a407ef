"""Functions without a source file (issue 19 item 5): made by exec of a string, by
compile() under any pseudo-file name, in `python -c`, or found in linecache (IPython's
cells); where ujit never saw the text, a CompileError that says so. CPython running the
same functions is the oracle."""
import linecache
import subprocess
import sys

import numpy as np
import pytest

import ujit
import ujit.cuda
from ujit import _dynamic_source


def test_exec_of_a_string():
    ns = {}
    exec("from ujit import njit\n\n@njit\ndef gen(x):\n    return x * 3 + 1\n", ns)
    assert ns["gen"](4) == 13
    plain = {}
    exec("def gen(x):\n    return x * 3 + 1\n", plain)
    assert ns["gen"](-7) == plain["gen"](-7)


def test_many_strings_under_one_name():
    # Generated code compiles many strings as "<string>": each function finds its own.
    made = []
    for k in range(5):
        ns = {}
        exec("from ujit import njit\n@njit\ndef f%d(x):\n    return x + %d\n" % (k, k), ns)
        made.append(ns["f%d" % k])
    assert [f(10) for f in made] == [10, 11, 12, 13, 14]


def test_a_def_renamed_after_exec():
    # numba-cuda's test_ufuncs makes `def fn` by exec and sets fn.__name__ = "sin_usecase".
    ns = {}
    exec("def fn(a, out):\n    out[0] = np.sin(a[0]) + helper(a[0])\n", {"np": np, "helper": helper_renamed}, ns)
    fn = ns["fn"]
    fn.__name__ = "sin_usecase"
    out = np.zeros(1)
    ujit.njit(fn)(np.array([0.5]), out)
    assert out[0] == np.sin(0.5) + 1.5
    kernel_out = np.zeros(1)
    ujit.cuda.jit(fn)[1, 1](np.array([0.5]), kernel_out)
    assert kernel_out[0] == out[0]


def _helper(x):
    return x * 3


helper_renamed = ujit.njit(_helper)
_helper.__name__ = "helper_with_another_name"
def test_same_name_at_the_same_line_in_several_texts():
    # numba-cuda's test_atomics formats one template with cuda.atomic.max, then .min, .nanmax
    # and .nanmin: every text defines `pick` at line 2, and only the bytecode tells which
    # text made which function (the newest text used to win: max ran as nanmin).
    made = []
    for op in ("max(a, b)", "min(a, b)", "abs(a - b)"):
        ns = {}
        exec("from ujit import njit\ndef pick(a, b):\n    return %s\n" % op, ns)
        made.append(ujit.njit(ns["pick"]))
    assert [f(3, 8) for f in made] == [8, 3, 5]


def test_compile_with_a_pseudo_file_name_locates_errors():
    code = compile("from ujit import njit\n@njit\ndef bad(x):\n    return x + nowhere\n", "<generated-7>", "exec")
    ns = {}
    exec(code, ns)
    with pytest.raises(ujit.CompileError, match="name 'nowhere' is not defined") as e:
        ns["bad"](1)
    assert (e.value.file, e.value.line, e.value.col) == ("<generated-7>", 4, 16)


def test_kernel_made_by_exec():
    # numba-cuda's tests generate kernels this way; runs on the host device without a GPU.
    ns = {}
    exec("from ujit import cuda\n@cuda.jit\ndef k(out):\n    i = cuda.grid(1)\n"
         "    if i < out.shape[0]:\n        out[i] = i * i\n", ns)
    out = np.zeros(10, dtype=np.int64)
    ns["k"][2, 8](out)
    np.testing.assert_array_equal(out, np.arange(10) ** 2)


def test_linecache_entry():
    # IPython keeps each cell's text in linecache under its own name.
    name = "<ipython-input-ujit-1>"
    text = "from ujit import njit\n@njit\ndef cell(x):\n    return x - 2\n"
    code = compile(text, name, "exec")
    _dynamic_source._texts.pop(name, None)  # only linecache has it now
    linecache.cache[name] = (len(text), None, text.splitlines(True), name)
    try:
        ns = {}
        exec(code, ns)
        assert ns["cell"](5) == 3
    finally:
        del linecache.cache[name]


def test_python_dash_c():
    prog = "from ujit import njit\n@njit\ndef sq(x):\n    return x * x\nprint(sq(12))\n"
    r = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "144"


def test_text_never_seen_is_a_clear_error():
    # Compiled before ujit recorded anything (here: its record dropped), with no linecache entry.
    code = compile("def unseen(x):\n    return x\n", "<lost>", "exec")
    _dynamic_source._texts.pop("<lost>", None)
    ns = {}
    exec(code, ns)
    with pytest.raises(ujit.CompileError, match="ujit needs the source of 'unseen', and it was made from text ujit "
                                                "did not see"):
        ujit.njit(ns["unseen"])(1)
