"""boundscheck=True on the CPU (issue 18, item 6), Numba's switch: an index out of range
raises IndexError (with NumPy's message: the index, the axis, its size; then where, as every
run-time error of ujit's says) instead of reading past the array. NUMBA_BOUNDSCHECK (or UJIT_BOUNDSCHECK) set to 1 checks every function, set
to 0 none, whatever their decorators say."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from ujit import njit


@njit(boundscheck=True)
def get(a, i):
    return a[i]


@njit(boundscheck=True)
def put(m, i, j, v):
    m[i, j] = v


def numpy_index_error(f):
    with pytest.raises(IndexError) as e:
        f()
    return str(e.value)


def test_out_of_range_is_numpys_index_error():
    a = np.arange(3.0)
    assert get(a, 2) == 2.0 and get(a, -3) == 0.0
    for i in (3, -4, 100):
        with pytest.raises(IndexError) as e:
            get(a, i)
        assert str(e.value).startswith(numpy_index_error(lambda: a[i]) + " (in get at ")
    m = np.zeros((2, 3), dtype=np.int64)
    for i, j in ((1, 3), (2, 0), (-3, 1)):
        with pytest.raises(IndexError) as e:
            put(m, i, j, 9)
        assert str(e.value).startswith(numpy_index_error(lambda: m.__setitem__((i, j), 9)) + " (in put at ")
    assert not m.any()  # nothing written


SCRIPT = textwrap.dedent("""
    import numpy as np
    from ujit import njit

    @njit
    def plain(a, i):
        return a[i]

    @njit(boundscheck=True)
    def checked(a, i):
        return a[i]

    a = np.arange(6.0)[:3]  # a view: a[3] is still the base's memory
    for f in (plain, checked):
        try:
            print(f.__name__, f(a, 3))
        except IndexError as e:
            print(f.__name__, "IndexError:", str(e).split(" (in ")[0])
""")


@pytest.mark.parametrize("env, plain, checked", [
    ({}, "3.0", "IndexError: index 3 is out of bounds for axis 0 with size 3"),
    ({"NUMBA_BOUNDSCHECK": "1"}, "IndexError: index 3 is out of bounds for axis 0 with size 3",
     "IndexError: index 3 is out of bounds for axis 0 with size 3"),
    ({"NUMBA_BOUNDSCHECK": "0"}, "3.0", "3.0"),
    ({"NUMBA_BOUNDSCHECK": "1", "UJIT_BOUNDSCHECK": "0"}, "3.0", "3.0"),
])
def test_the_environment_overrides_the_decorators(env, plain, checked, tmp_path):
    script = tmp_path / "bounds_env.py"  # a file: compiled functions need their source
    script.write_text(SCRIPT)
    full = dict(os.environ)
    full.pop("NUMBA_BOUNDSCHECK", None)
    full.pop("UJIT_BOUNDSCHECK", None)
    full.update(env)
    out = subprocess.run([sys.executable, str(script)], env=full, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["plain " + plain, "checked " + checked]
