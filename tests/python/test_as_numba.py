"""Numba programs unchanged: `python -m ujit program.py`, ujit.install_as_numba() and
`python -m ujit --check` (issue 23, item 2). The oracle for a program's output is the same
program on CPython, with tools/scripts/numba_shim.py standing in for Numba's decorators."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PROGRAM = textwrap.dedent('''
    import math
    import sys

    import numba
    import numpy as np
    from numba import njit, vectorize


    @njit
    def hypot(x, y):
        return math.sqrt(x * x + y * y)


    @njit("int64(int64)")
    def collatz_steps(n):
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        return steps


    @vectorize(["float64(float64, float64)"])
    def vhypot(x, y):
        return hypot(x, y)


    if __name__ == "__main__":
        print(hypot(3.0, 4.0), sys.argv[1:])
        print(collatz_steps(27))
        print([float(vhypot(float(i), 1.0)) for i in range(4)])
''')


def _env():
    env = dict(os.environ)
    paths = [os.path.join(REPO, "lang", "python"), os.path.join(REPO, "tools", "scripts")]
    env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")])
    return env


def _run(args, cwd):
    return subprocess.run([sys.executable] + args, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=300)


@pytest.fixture
def program(tmp_path):
    path = tmp_path / "program.py"
    path.write_text(PROGRAM)
    return path


def test_python_m_ujit_runs_a_numba_program_unchanged(program, tmp_path):
    got = _run(["-m", "ujit", str(program), "a", "b"], tmp_path)
    assert got.returncode == 0, got.stderr
    oracle = _run(["-c", "import runpy, sys, numba_shim; numba_shim.install(); sys.argv = sys.argv[1:]; "
                   "runpy.run_path(sys.argv[0], run_name='__main__')", str(program), "a", "b"], tmp_path)
    assert oracle.returncode == 0, oracle.stderr
    assert got.stdout == oracle.stdout
    assert "5.0 ['a', 'b']" in got.stdout


def test_install_as_numba_aliases_the_same_modules(tmp_path):
    code = textwrap.dedent('''
        import sys, ujit
        ujit.install_as_numba()
        import numba, numba.cuda, numba.types
        from numba import njit
        assert numba is ujit and numba.cuda is ujit.cuda and numba.types is ujit.types
        assert njit is ujit.njit
        try:
            import numba.cuda.not_a_module
        except ImportError as e:
            print("missing:", e)
    ''')
    got = _run(["-c", code], tmp_path)
    assert got.returncode == 0, got.stderr
    assert "missing: No module named 'numba.cuda.not_a_module'" in got.stdout
    assert "ujit has no module 'ujit.cuda.not_a_module'" in got.stdout


def test_install_as_numba_refuses_after_another_numba(tmp_path):
    code = ("import sys, types; sys.modules['numba'] = types.ModuleType('numba')\n"
            "import ujit\n"
            "try:\n    ujit.install_as_numba()\nexcept ImportError as e:\n    print('refused:', e)\n")
    got = _run(["-c", code], tmp_path)
    assert got.returncode == 0, got.stderr
    assert "refused: ujit.install_as_numba(): a real Numba" in got.stdout


def test_check_reports_each_function(tmp_path):
    path = tmp_path / "mixed.py"
    path.write_text(PROGRAM + textwrap.dedent('''

        @njit
        def uses_set(n):
            s = (i for i in range(n))
            return n


        @njit
        def calls_uses_set(n):
            return uses_set(n) + 1


        @njit("float64(float64)")
        def bad_signature(x):
            return x.not_an_attribute
    '''))
    got = _run(["-m", "ujit", "--check", str(path)], tmp_path)
    out = got.stdout
    assert got.returncode == 1, got.stderr
    assert "hypot (@njit): ok so far (lazy: typed at its first call)" in out
    assert "collatz_steps (@njit): ok, compiled for int64(int64)" in out
    assert "vhypot (@vectorize): ok, compiled for float64(float64, float64)" in out
    lines = PROGRAM.count("\n")
    assert "uses_set (@njit): does not compile\n%s:%d:" % (path, lines + 5) in out
    assert "calls_uses_set (@njit): stopped: it calls uses_set, which does not compile" in out
    assert "bad_signature (@njit): does not compile" in out and "not_an_attribute" in out
    assert "3 of 6 compiled functions stopped" in out
    # the program was not run
    assert "5.0" not in out


def test_check_usage_errors(tmp_path):
    assert _run(["-m", "ujit", "--check"], tmp_path).returncode == 2
    assert _run(["-m", "ujit", str(tmp_path / "absent.py")], tmp_path).returncode == 2


def test_submodules_numba_loads_on_import_are_attributes(tmp_path):
    # `import numba` alone gives numba.core.errors, numba.experimental.jitclass,
    # numba.extending.overload, numba.np.numpy_support (Numba imports them): a fresh process,
    # so that no other test imported them first.
    code = textwrap.dedent('''
        import ujit as numba
        print(numba.core.errors.TypingError.__name__, numba.experimental.jitclass.__name__,
              numba.extending.overload.__name__, numba.np.numpy_support.from_dtype.__name__,
              numba.core.config.__name__)
    ''')
    got = _run(["-c", code], tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.split()[1:4] == ["jitclass", "overload", "from_dtype"]


def test_numba_disable_jit_runs_functions_as_python(tmp_path):
    # NUMBA_DISABLE_JIT=1: @njit gives back the function itself (Numba's), so code only Python
    # runs (a list's method as a value) works and the object is the plain function.
    code = textwrap.dedent('''
        import ujit as numba

        @numba.njit
        def f(x):
            return x.append

        print(f([1]).__name__, numba.config.DISABLE_JIT, type(f).__name__)
    ''')
    env = _env()
    env["NUMBA_DISABLE_JIT"] = "1"
    got = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == ["append", "1", "function"]
