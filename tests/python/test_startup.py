"""Start-up: a first @jit call finds the function's source without inspect (and
tokenize's patterns), and finds the same lines inspect would."""
import inspect
import os
import subprocess
import sys
import textwrap

import pytest

from ujit import _source, njit


def plain(x):
    return x + 1


@njit(
    fastmath=False,
)
def decorated_over_lines(x):
    return x * 2


def signature_back_at_def_column(
    x,
    y,
):
    return x - y


def docstring_at_column_zero(x):
    """A docstring whose second line
returns to column 0 (the simple scan stops there; inspect takes over)."""
    return x


def trailing_comment(x):
    y = x
        # deeper comment
    return y


def test_source_lines_match_inspect():
    for f in (plain, decorated_over_lines.__wrapped__, signature_back_at_def_column, docstring_at_column_zero,
              trailing_comment):
        lines, first = _source._source_lines(f)
        want, want_first = inspect.getsourcelines(f)
        assert first == want_first, f.__name__
        assert "".join(lines).rstrip() == "".join(want).rstrip(), f.__name__


def test_nested_and_compiled():
    def inner(a, b):
        return a * b + 1

    lines, first = _source._source_lines(inner)
    assert (lines, first) == inspect.getsourcelines(inner)
    assert njit(inner)(2, 3) == 7
    assert njit(signature_back_at_def_column)(5, 3) == 2


def test_first_call_does_not_import_inspect(tmp_path):
    (tmp_path / "m.py").write_text(textwrap.dedent("""
        import math
        from ujit import jit

        @jit
        def hypot(x, y):
            return math.sqrt(x * x + y * y)
    """))
    code = "import sys, m; assert m.hypot(3.0, 4.0) == 5.0; print('inspect' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    # Some environments import inspect at start-up (site hooks, .pth files of other packages):
    # nothing to measure there.
    bare = subprocess.run([sys.executable, "-c", "import sys; print('inspect' in sys.modules)"], env=env,
                          capture_output=True, text=True, check=True)
    if bare.stdout.strip() == "True":
        pytest.skip("this Python imports inspect before any user code")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
